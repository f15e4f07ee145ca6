import { describe, expect, it } from 'vitest';
import type { RequestOutcome } from '../session/types.js';
import { discoverAnswerProblems, discoverProblemText } from './discover-compliance.js';
import { discoverVerdict } from './verdict.js';

const good = { resultType: 'complete', supportedVersions: ['2025-11-25', '2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' };
const texts = (result: unknown, version?: string) => discoverAnswerProblems({ result }, version).map(discoverProblemText);

describe('discoverAnswerProblems', () => {
  it('accepts a DiscoverResult that lists the version in use', () => {
    expect(discoverAnswerProblems({ result: good }, '2026-07-28')).toEqual([]);
    expect(discoverAnswerProblems({ result: good })).toEqual([]);
  });

  it('names each shape problem of the result', () => {
    expect(texts(null)).toEqual(['result is not an object: null']);
    expect(texts({ ...good, resultType: undefined })).toEqual(['resultType is absent, not "complete"']);
    expect(texts({ ...good, resultType: 'input_required' })).toEqual(['resultType is "input_required", not "complete"']);
    expect(texts({ ...good, supportedVersions: [] })).toEqual(['supportedVersions is not a non-empty array of strings: []']);
    expect(texts({ ...good, supportedVersions: ['2026-07-28', 7] })).toEqual(['supportedVersions is not a non-empty array of strings: ["2026-07-28",7]']);
    expect(texts({ ...good, supportedVersions: '2026-07-28' })).toEqual(['supportedVersions is not a non-empty array of strings: "2026-07-28"']);
    expect(texts({ ...good, supportedVersions: ['2025-11-25'] }, '2026-07-28')).toEqual([
      'supportedVersions ["2025-11-25"] does not list 2026-07-28, the version in use',
    ]);
    expect(texts({ ...good, capabilities: [] })).toEqual(['capabilities is not an object: []']);
    expect(texts({ resultType: 'complete' })).toEqual([
      'supportedVersions is not a non-empty array of strings: absent',
      'capabilities is not an object: absent',
    ]);
  });

  it('names an error answer', () => {
    expect(discoverAnswerProblems({ error: { code: -32601, message: 'Method not found' } })).toEqual([
      { kind: 'error', code: -32601, message: 'Method not found' },
    ]);
  });
});

describe('discoverVerdict', () => {
  const request = { id: 1, method: 'server/discover', raw: '', sentAt: 0 };
  const response = { raw: '', frame: { kind: 'invalid', code: 'empty', reason: '' }, receivedAt: 0 } as const;
  const answered = (result: unknown): RequestOutcome => ({ status: 'result', request, response, result, rttMs: 3 });

  it('is compliant for a DiscoverResult, and lists every failing check otherwise', () => {
    expect(discoverVerdict(answered(good), '2026-07-28')).toEqual({ compliant: true, failures: [] });
    const v = discoverVerdict(answered({ supportedVersions: ['2026-07-28'] }), '2026-07-28');
    expect(v.compliant).toBe(false);
    expect(v.failures).toEqual(['resultType is absent, not "complete"', 'capabilities is not an object: absent']);
  });

  it('gives the reason of an exchange that was not answered', () => {
    const v = discoverVerdict({ status: 'timeout', request, elapsedMs: 30, message: 'No response to server/discover within 30 ms.' });
    expect(v).toEqual({ compliant: false, failures: ['No response to server/discover within 30 ms.'] });
    const e = discoverVerdict({ status: 'error', request, response, error: { code: -32022, message: 'Unsupported protocol version' }, rttMs: 2 });
    expect(e.failures).toEqual(['answered with an error instead of a DiscoverResult: -32022 Unsupported protocol version']);
  });
});
