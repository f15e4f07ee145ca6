// How long a list or a read stays fresh in the query cache: the ttlMs the
// server gave (2026-07-28 caching hints), else the caller's own rule. Pure,
// so it is unit-testable in Node.

import { cacheHintsOf, combinePageHints, hasCacheHints, type CacheHints, type RequestOutcome } from '../../protocol/index.js';

/** The hints of a listing's pages (those answered with a result); undefined when none carried any. */
export function listCacheHints(listing: { outcomes: readonly RequestOutcome[] } | undefined): CacheHints | undefined {
  if (!listing) return undefined;
  const pages = listing.outcomes.flatMap((o) => (o.status === 'result' ? [cacheHintsOf(o.result)] : []));
  if (pages.length === 0) return undefined;
  const hints = combinePageHints(pages);
  return hasCacheHints(hints) ? hints : undefined;
}

/** The hints of one read's result; undefined when it carried none. */
export function resultCacheHints(outcome: RequestOutcome | undefined): CacheHints | undefined {
  if (outcome?.status !== 'result') return undefined;
  const hints = cacheHintsOf(outcome.result);
  return hasCacheHints(hints) ? hints : undefined;
}

/** A query's staleTime: the server's ttlMs when it gave one, else `otherwise` (the rule without hints). */
export function freshFor(hints: CacheHints | undefined, otherwise: number): number {
  return hints?.ttlMs ?? otherwise;
}

/** A ttl in words: "250 ms", "60 s", "5 min", "2 h". */
export function formatTtl(ms: number): string {
  const round = (n: number) => String(Math.round(n * 10) / 10);
  if (ms < 1000) return `${round(ms)} ms`;
  if (ms < 120_000) return `${round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${round(ms / 60_000)} min`;
  return `${round(ms / 3_600_000)} h`;
}

/** The hints as one line: "fresh for 60 s · private", "stale (was fresh for 60 s) · public", "stale at once (ttlMs 0)". */
export function describeCache(hints: CacheHints, stale: boolean): string {
  const parts: string[] = [];
  if (hints.ttlMs === 0) parts.push('stale at once (ttlMs 0)');
  else if (hints.ttlMs !== undefined) parts.push(stale ? `stale (was fresh for ${formatTtl(hints.ttlMs)})` : `fresh for ${formatTtl(hints.ttlMs)}`);
  if (hints.cacheScope) parts.push(hints.cacheScope);
  return parts.join(' · ');
}

/** Whether the server's ttlMs still vouches for what is shown (then a refresh is a refresh "anyway"). */
export function freshByHint(hints: CacheHints | undefined, stale: boolean): boolean {
  return hints?.ttlMs !== undefined && hints.ttlMs > 0 && !stale;
}
