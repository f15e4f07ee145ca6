import { describe, expect, it } from 'vitest';
import { resultOutcome } from '../features/resources/test-outcomes.js';
import { readCacheHints, type ServerRead } from './reads.js';

const outcome = resultOutcome('resources/read', { contents: [], resultType: 'complete', ttlMs: 60_000, cacheScope: 'private' });
const read = (rounds?: number): ServerRead => ({ outcome, startedAt: 0, finishedAt: 1, ...(rounds !== undefined ? { rounds } : {}) });

describe('readCacheHints', () => {
  it("keeps a one-round read by the server's hints", () => {
    expect(readCacheHints(read())).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
    expect(readCacheHints(read(1))).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
  });

  it('never caches the result of a multi-round read, whatever ttlMs it carries (it depends on the inputs given)', () => {
    expect(readCacheHints(read(2))).toBeUndefined();
  });

  it('has none for no read', () => {
    expect(readCacheHints(undefined)).toBeUndefined();
  });
});
