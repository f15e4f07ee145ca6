// The caching hints of 2026-07-28 results (`ttlMs`, `cacheScope`) on lists
// and reads: what a result says, read leniently. A value the client cannot
// use is ignored with a note saying why; whether the server broke a rule by
// sending it is the linter's to say. Results without the fields (every
// 2025 result) have no hints, and callers keep their own freshness rules.
import { isRecord } from '../json/guards.js';

export type CacheScope = 'public' | 'private';

export interface CacheHints {
  /** How long the result may be considered fresh after it arrived; absent when no usable ttlMs came. */
  ttlMs?: number;
  cacheScope?: CacheScope;
  /** Values that were ignored or adjusted, as sentences. */
  notes: string[];
}

export function cacheHintsOf(result: unknown): CacheHints {
  const hints: CacheHints = { notes: [] };
  if (!isRecord(result)) return hints;
  const { ttlMs, cacheScope } = result;
  if (typeof ttlMs === 'number' && Number.isFinite(ttlMs)) {
    // The specification: a negative ttlMs is ignored and treated as 0 (immediately stale).
    if (ttlMs < 0) hints.notes.push(`ttlMs ${ttlMs} is negative: treated as 0 (immediately stale).`);
    hints.ttlMs = Math.max(0, ttlMs);
  } else if (ttlMs !== undefined) {
    hints.notes.push(`ttlMs ${JSON.stringify(ttlMs)} is not a number: ignored.`);
  }
  if (cacheScope === 'public' || cacheScope === 'private') hints.cacheScope = cacheScope;
  else if (cacheScope !== undefined) hints.notes.push(`cacheScope ${JSON.stringify(cacheScope)} is neither "public" nor "private": ignored.`);
  return hints;
}

/**
 * The hints of a list read over several pages: fresh only as long as its
 * shortest-lived page; one scope when the pages agree, else the narrower
 * "private" (with a note). Notes name their page when there is more than one.
 */
export function combinePageHints(pages: readonly CacheHints[]): CacheHints {
  if (pages.length === 1) return pages[0]!;
  const notes = pages.flatMap((p, i) => p.notes.map((n) => `page ${i + 1}: ${n}`));
  const ttls = pages.flatMap((p) => (p.ttlMs === undefined ? [] : [p.ttlMs]));
  const scopes = [...new Set(pages.flatMap((p) => (p.cacheScope === undefined ? [] : [p.cacheScope])))];
  const combined: CacheHints = { notes };
  if (ttls.length) combined.ttlMs = Math.min(...ttls);
  if (scopes.length === 1) combined.cacheScope = scopes[0]!;
  if (scopes.length > 1) {
    combined.cacheScope = 'private';
    notes.push('The pages differ in cacheScope (public and private): taken as private.');
  }
  return combined;
}

/** Whether a result carried any hint at all (or a value that was ignored). */
export function hasCacheHints(hints: CacheHints): boolean {
  return hints.ttlMs !== undefined || hints.cacheScope !== undefined || hints.notes.length > 0;
}
