import { describe, expect, it } from 'vitest';
import type { RequestOutcome } from '../../protocol/index.js';
import { describeCache, formatTtl, freshByHint, freshFor, listCacheHints, resultCacheHints } from './freshness.js';

const request = { id: 1, method: 'tools/list', raw: '', sentAt: 0 };
const response = { raw: '', frame: { kind: 'invalid', code: 'empty', reason: '' }, receivedAt: 0 } as const;
const page = (result: unknown): RequestOutcome => ({ status: 'result', request, response, result, rttMs: 1 });

describe('freshness of lists and reads', () => {
  it('a listing is fresh for the smallest ttlMs of its pages; without hints, the caller’s own rule', () => {
    const hints = listCacheHints({
      outcomes: [page({ tools: [], ttlMs: 60000, cacheScope: 'public' }), page({ tools: [], ttlMs: 20000, cacheScope: 'public' })],
    });
    expect(hints).toEqual({ ttlMs: 20000, cacheScope: 'public', notes: [] });
    expect(freshFor(hints, Infinity)).toBe(20000);
    expect(listCacheHints({ outcomes: [page({ tools: [] })] })).toBeUndefined();
    expect(freshFor(undefined, Infinity)).toBe(Infinity);
    expect(listCacheHints(undefined)).toBeUndefined();
  });

  it('a read’s hints come from its result only', () => {
    expect(resultCacheHints(page({ contents: [], ttlMs: 0 }))).toEqual({ ttlMs: 0, notes: [] });
    expect(resultCacheHints({ status: 'timeout', request, elapsedMs: 1, message: 'x' })).toBeUndefined();
  });

  it('says the hints in one line', () => {
    expect(describeCache({ ttlMs: 60000, cacheScope: 'private', notes: [] }, false)).toBe('fresh for 60 s · private');
    expect(describeCache({ ttlMs: 60000, cacheScope: 'public', notes: [] }, true)).toBe('stale (was fresh for 60 s) · public');
    expect(describeCache({ ttlMs: 0, notes: [] }, true)).toBe('stale at once (ttlMs 0)');
    expect(describeCache({ cacheScope: 'public', notes: [] }, true)).toBe('public');
    expect([250, 1500, 300000, 7200000].map(formatTtl)).toEqual(['250 ms', '1.5 s', '5 min', '2 h']);
  });

  it('a refresh is "anyway" only while a positive ttlMs vouches for what is shown', () => {
    expect(freshByHint({ ttlMs: 1000, notes: [] }, false)).toBe(true);
    expect(freshByHint({ ttlMs: 1000, notes: [] }, true)).toBe(false);
    expect(freshByHint({ ttlMs: 0, notes: [] }, false)).toBe(false);
    expect(freshByHint(undefined, false)).toBe(false);
  });
});
