// The query of each server list (tools/list, …) and when it applies. The tabs
// read it through `useServerList`; the page's wiring asks for every list the
// server offers as soon as a connection is ready, so the lists are there when
// a tab is opened without any tab (and its code) being loaded at connection,
// where it would hold up the first answers.

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { LIST_METHODS, listAll, type ListAllResult, type ListKey } from '../../protocol/index.js';
import type { ConnectionSnapshot } from '../connection/proxy-connection.js';
import type { ConnectionStore } from '../stores/connection-store.js';
import { listQueryKey } from './list-keys.js';
import { freshFor, listCacheHints } from './freshness.js';
import type { ReadDeps } from './reads.js';

/** The server capability that makes each list meaningful. */
const CAPABILITY: Record<ListKey, string> = {
  tools: 'tools',
  resources: 'resources',
  resourceTemplates: 'resources',
  prompts: 'prompts',
};

const NOT_CONNECTED = 'Not connected: connect to a server first.';

/** Why `key` cannot be listed on this connection (not ready, capability not declared), or undefined when it can. */
export function listUnavailable(snapshot: ConnectionSnapshot | null, key: ListKey): string | undefined {
  if (snapshot?.status !== 'ready') return NOT_CONNECTED;
  // Without initialize nothing was declared: every list may be asked for.
  if (snapshot.info !== undefined && !(CAPABILITY[key] in snapshot.info.capabilities)) return `The server did not declare the "${CAPABILITY[key]}" capability.`;
  return undefined;
}

/**
 * All pages of one list on `connection`: read once (until a list_changed or a Refresh), never retried on its own.
 * When the server gave a ttlMs (2026-07-28), the list is fresh that long, then read again when next shown.
 */
export function serverListQuery<T>(deps: Pick<ReadDeps, 'session'>, key: ListKey, connection: number) {
  return queryOptions<ListAllResult<T>>({
    queryKey: listQueryKey(key, connection),
    queryFn: () => {
      const session = deps.session(connection);
      if (!session) throw new Error(NOT_CONNECTED);
      return listAll<T>(session, key);
    },
    staleTime: (query) => freshFor(listCacheHints(query.state.data), Infinity),
    retry: false,
    // A list that failed when it was fetched at connection shows that failure when its tab opens (with Refresh).
    retryOnMount: false,
  });
}

/** Fetch every list the server offers once each connection is ready (once per connection). */
export function prefetchListsWhenReady(connectionStore: ConnectionStore, queryClient: QueryClient, deps: Pick<ReadDeps, 'session'>): () => void {
  let done = 0;
  return connectionStore.subscribe(({ snapshot }) => {
    if (snapshot === null || snapshot.connection === done || snapshot.status !== 'ready') return;
    done = snapshot.connection;
    for (const key of Object.keys(LIST_METHODS) as ListKey[]) {
      if (listUnavailable(snapshot, key) === undefined) void queryClient.prefetchQuery(serverListQuery(deps, key, snapshot.connection));
    }
  });
}
