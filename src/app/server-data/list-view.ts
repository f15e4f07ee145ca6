// What a server list shows, from its query: the latest listing's items — every
// page, or the pages that arrived before it failed — and the failure, if any.
// Pure, so it is unit-testable in Node.

import { ListFailed, type CacheHints, type ListAllResult } from '../../protocol/index.js';
import { listCacheHints } from './freshness.js';

export interface ListView<T> {
  /** Every item of the latest listing, or those read before it failed. */
  items: T[];
  /** Pages the latest listing read; undefined until a listing has ended. */
  pages?: number;
  /** Why the latest listing did not reach its last page (its message says how many pages were read). */
  failure?: Error;
  /** The server's caching hints on the latest listing (2026-07-28), when it gave any. */
  cache?: CacheHints;
}

/** A query of listAll: its data, or the error it rejected with. */
export interface ListQueryState<T> {
  status: 'pending' | 'error' | 'success';
  data: ListAllResult<T> | undefined;
  error: Error | null;
}

export function listView<T>(query: ListQueryState<T>): ListView<T> {
  if (query.status === 'error' && query.error) {
    // The latest listing is the one that failed: what it read replaces an earlier list, as a success would.
    // instanceof cannot narrow a generic: this query's listAll<T> is what rejected, so its items are T.
    if (query.error instanceof ListFailed) return { items: query.error.items as T[], pages: query.error.pages, failure: query.error };
    return { items: [], pages: 0, failure: query.error };
  }
  if (query.data) {
    const cache = listCacheHints(query.data);
    return { items: query.data.items, pages: query.data.pages, ...(cache ? { cache } : {}) };
  }
  return { items: [] };
}
