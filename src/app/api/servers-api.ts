// /api/servers: the proxy's saved-server list, read and changed from the page. Every answer that is
// not a success carries the proxy's own sentence, shown where the person is looking.

import type { ServerEntry } from '../../protocol/index.js';
import type { SavedServerView, ServerListView } from '../../protocol/index.js';
import { proxyCall } from './proxy-call.js';
import { useProxyChange, useProxyQuery } from './proxy-query.js';

type FetchFn = typeof fetch;

const UNREACHABLE = 'Could not reach the mcpscope proxy to change the server list. Is it still running?';

function call<T>(token: string, fetchFn: FetchFn, method: string, path: string, body?: unknown): Promise<T> {
  return proxyCall<T>({ token, fetchFn, unreachable: UNREACHABLE }, method, path, body);
}

const at = (id: string, action = '') => `/api/servers/${encodeURIComponent(id)}${action}`;

/** The calls of /api/servers for one page's token. */
export function serversApi(token: string, fetchFn: FetchFn = (...args) => fetch(...args)) {
  return {
    list: () => call<ServerListView>(token, fetchFn, 'GET', '/api/servers'),
    add: (entry: ServerEntry) => call<{ server: SavedServerView }>(token, fetchFn, 'POST', '/api/servers', { entry }).then((r) => r.server),
    save: (id: string, entry: ServerEntry) => call<{ server: SavedServerView }>(token, fetchFn, 'PUT', at(id), { entry }).then((r) => r.server),
    remove: (id: string) => call<undefined>(token, fetchFn, 'DELETE', at(id)),
    duplicate: (id: string) => call<{ server: SavedServerView }>(token, fetchFn, 'POST', at(id, '/duplicate')).then((r) => r.server),
    reveal: (id: string, key: string) => call<{ value: string }>(token, fetchFn, 'POST', at(id, '/reveal'), { key }).then((r) => r.value),
    import: (entries: ServerEntry[]) =>
      call<{ added: SavedServerView[]; renamed: Array<{ from: string; to: string }> }>(token, fetchFn, 'POST', '/api/servers/import', { entries }),
    reset: () => call<ServerListView & { movedAside?: string }>(token, fetchFn, 'POST', '/api/servers/reset'),
  };
}

export type ServersApi = ReturnType<typeof serversApi>;

export const SERVER_LIST_KEY = ['servers'] as const;

export function useServerList(api: ServersApi) {
  return useProxyQuery(SERVER_LIST_KEY, api.list);
}

/** A change to the list; the list is read again once it settles, whatever the answer. */
export function useServerChange<A, R>(run: (args: A) => Promise<R>) {
  return useProxyChange(SERVER_LIST_KEY, run);
}
