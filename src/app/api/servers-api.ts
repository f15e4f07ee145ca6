// /api/servers: the proxy's saved-server list, read and changed from the page. Every answer that is
// not a success carries the proxy's own sentence, shown where the person is looking.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerEntry } from '../../protocol/index.js';
import type { SavedServerView, ServerListView } from '../../protocol/index.js';

export class ServersApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type FetchFn = typeof fetch;

/** The proxy's `{ error }` sentence, or one of ours when the body has none. */
async function errorOf(response: Response, what: string): Promise<ServersApiError> {
  let sentence: string | undefined;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') sentence = (body as { error: string }).error;
  } catch {
    // Not JSON: the status says enough.
  }
  if (sentence === undefined && (response.status === 401 || response.status === 403))
    sentence = "The proxy did not accept this page's token: it is wrong or stale. Restart mcpscope and open the new URL it prints.";
  return new ServersApiError(sentence ?? `The proxy answered ${what} with HTTP ${response.status}.`, response.status);
}

async function call<T>(token: string, fetchFn: FetchFn, method: string, path: string, body?: unknown): Promise<T> {
  const what = `${method} ${path}`;
  let response: Response;
  try {
    response = await fetchFn(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ServersApiError('Could not reach the mcpscope proxy to change the server list. Is it still running?', 0);
  }
  if (!response.ok) throw await errorOf(response, what);
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ServersApiError(`The proxy's answer to ${what} is not JSON: is this page from another version of mcpscope?`, response.status);
  }
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
  return useQuery({
    queryKey: SERVER_LIST_KEY,
    queryFn: api.list,
    retry: (failures, error) => !(error instanceof ServersApiError && error.status > 0) && failures < 2,
  });
}

/** A change to the list; the list is read again once it settles, whatever the answer. */
export function useServerChange<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: SERVER_LIST_KEY }) });
}
