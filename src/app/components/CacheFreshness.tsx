// The caching hints of a list or a read (2026-07-28 `ttlMs` / `cacheScope`):
// "fresh for 60 s · private", and a note for each value that was ignored.
// Nothing for a result without hints (every 2025 result).

import type { CacheHints } from '../../protocol/index.js';
import { describeCache } from '../server-data/freshness.js';

const EXPLAIN =
  "The server's caching hint (ttlMs, cacheScope). While fresh, showing this again does not ask the server; Refresh anyway does. Once stale, it is asked again when next shown.";

export function CacheFreshness({ hints, stale, what }: { hints: CacheHints | undefined; stale: boolean; what: string }) {
  if (!hints) return null;
  const line = describeCache(hints, stale);
  return (
    <span className="cache-freshness" role="group" aria-label={`Caching of ${what}`}>
      {line && (
        <span className={`badge${stale || hints.ttlMs === undefined ? ' plain' : ''}`} title={EXPLAIN}>
          {line}
        </span>
      )}
      {hints.notes.map((note) => (
        <span key={note} className="hint warning">
          {note}
        </span>
      ))}
    </span>
  );
}
