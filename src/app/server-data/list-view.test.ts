import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ListFailed, listAll, type ListAllResult, type RequestOutcome } from '../../protocol/index.js';
import { listView, type ListQueryState } from './list-view.js';

/** A session whose tools/list answers each page in turn; `fail` names the pages that fail (1-based), once each. */
function pagedSession(pages: number, fail: number[]) {
  const failing = new Set(fail);
  let n = 0;
  return {
    request: async (method: string, params?: unknown): Promise<RequestOutcome> => {
      const cursor = (params as { cursor?: string } | undefined)?.cursor;
      const page = cursor === undefined ? 1 : Number(cursor);
      const request = { id: ++n, method, raw: '', sentAt: 0 };
      if (failing.delete(page)) return { status: 'timeout', request, elapsedMs: 1, message: `No answer to page ${page}.` };
      const result = { tools: [{ name: `t${page}` }], ...(page < pages ? { nextCursor: String(page + 1) } : {}) };
      return { status: 'result', request, response: { raw: '', frame: { kind: 'invalid', code: 'empty', reason: '' }, receivedAt: 0 }, result, rttMs: 1 };
    },
  };
}

/** Run one listing as the Tools tab's query does, and read its state. */
async function listOnce(queryClient: QueryClient, session: ReturnType<typeof pagedSession>): Promise<ListQueryState<{ name: string }>> {
  const observer = new QueryObserver<ListAllResult<{ name: string }>>(queryClient, {
    queryKey: ['server', 1, 'tools'],
    queryFn: () => listAll<{ name: string }>(session, 'tools'),
    retry: false,
    staleTime: Infinity,
  });
  await observer.refetch();
  return observer.getCurrentResult();
}

describe('listView', () => {
  it('a page that fails: the query errors with ListFailed, and the view keeps the pages before it with the failure', async () => {
    const queryClient = new QueryClient();
    const state = await listOnce(queryClient, pagedSession(5, [4]));
    expect(state.status).toBe('error');
    expect(state.error).toBeInstanceOf(ListFailed);
    const view = listView(state);
    expect(view.items.map((t) => t.name)).toEqual(['t1', 't2', 't3']);
    expect(view.pages).toBe(3);
    expect(view.failure?.message).toBe('3 pages of tools/list read, page 4 failed: No answer to page 4.');
  });

  it('a listing after a failure replaces it: every page, no failure', async () => {
    const queryClient = new QueryClient();
    const session = pagedSession(5, [4]);
    await listOnce(queryClient, session);
    const view = listView(await listOnce(queryClient, session));
    expect(view.items).toHaveLength(5);
    expect(view.pages).toBe(5);
    expect(view.failure).toBeUndefined();
  });

  it('a failure that is no ListFailed (not connected) shows no items; nothing listed yet is no pages', () => {
    expect(listView({ status: 'error', data: undefined, error: new Error('Not connected: connect to a server first.') })).toEqual({
      items: [],
      pages: 0,
      failure: new Error('Not connected: connect to a server first.'),
    });
    expect(listView({ status: 'pending', data: undefined, error: null })).toEqual({ items: [] });
  });
});
