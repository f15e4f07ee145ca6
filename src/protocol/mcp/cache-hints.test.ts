import { describe, expect, it } from 'vitest';
import { cacheHintsOf, combinePageHints, hasCacheHints } from './cache-hints.js';

describe('cacheHintsOf', () => {
  it('reads ttlMs and cacheScope', () => {
    expect(cacheHintsOf({ tools: [], ttlMs: 60000, cacheScope: 'private' })).toEqual({ ttlMs: 60000, cacheScope: 'private', notes: [] });
    expect(cacheHintsOf({ contents: [], ttlMs: 0, cacheScope: 'public' })).toEqual({ ttlMs: 0, cacheScope: 'public', notes: [] });
  });

  it('a result without them (2025) has no hints', () => {
    const hints = cacheHintsOf({ tools: [] });
    expect(hints).toEqual({ notes: [] });
    expect(hasCacheHints(hints)).toBe(false);
    expect(hasCacheHints(cacheHintsOf(null))).toBe(false);
  });

  it('ignores values it cannot use, with a note; a negative ttlMs counts as 0', () => {
    expect(cacheHintsOf({ ttlMs: '60000', cacheScope: 'shared' })).toEqual({
      notes: ['ttlMs "60000" is not a number: ignored.', 'cacheScope "shared" is neither "public" nor "private": ignored.'],
    });
    expect(cacheHintsOf({ ttlMs: -5 })).toEqual({ ttlMs: 0, notes: ['ttlMs -5 is negative: treated as 0 (immediately stale).'] });
    expect(cacheHintsOf({ ttlMs: null }).notes).toEqual(['ttlMs null is not a number: ignored.']);
    expect(hasCacheHints(cacheHintsOf({ ttlMs: null }))).toBe(true);
  });
});

describe('combinePageHints', () => {
  it('a paginated list is fresh as long as its shortest-lived page', () => {
    const pages = [
      cacheHintsOf({ ttlMs: 60000, cacheScope: 'public' }),
      cacheHintsOf({ ttlMs: 5000, cacheScope: 'public' }),
      cacheHintsOf({ ttlMs: 30000, cacheScope: 'public' }),
    ];
    expect(combinePageHints(pages)).toEqual({ ttlMs: 5000, cacheScope: 'public', notes: [] });
  });

  it('pages that differ in scope are taken as private; notes name their page', () => {
    const combined = combinePageHints([cacheHintsOf({ ttlMs: 1000, cacheScope: 'public' }), cacheHintsOf({ ttlMs: 'x', cacheScope: 'private' })]);
    expect(combined).toEqual({
      ttlMs: 1000,
      cacheScope: 'private',
      notes: ['page 2: ttlMs "x" is not a number: ignored.', 'The pages differ in cacheScope (public and private): taken as private.'],
    });
  });

  it('pages without hints combine to none', () => {
    expect(hasCacheHints(combinePageHints([cacheHintsOf({}), cacheHintsOf({})]))).toBe(false);
  });
});
