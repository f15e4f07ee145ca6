import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOutcome } from '../../protocol/index.js';
import type { ConnectionSnapshot } from '../connection/proxy-connection.js';
import { createConnectionStore } from '../stores/connection-store.js';
import { listQueryKey } from './list-keys.js';
import { listUnavailable, prefetchListsWhenReady, serverListQuery } from './list-query.js';

/** A snapshot with only what the list rules read (the rest of a snapshot plays no part here). */
const snapshot = (connection: number, status: ConnectionSnapshot['status'], capabilities?: Record<string, unknown>) =>
  ({ connection, status, ...(capabilities ? { info: { capabilities } } : {}) }) as unknown as ConnectionSnapshot;

/** Sessions that answer every list with one item named after the method and connection, recording what was asked. */
function fakeSessions() {
  const asked: string[] = [];
  const session = (connection: number) => ({
    request: async (method: string): Promise<RequestOutcome> => {
      asked.push(`${connection} ${method}`);
      const key = { 'tools/list': 'tools', 'resources/list': 'resources', 'resources/templates/list': 'resourceTemplates', 'prompts/list': 'prompts' }[method]!;
      const request = { id: asked.length, method, raw: '', sentAt: 0 };
      const response = { raw: '', frame: { kind: 'invalid', code: 'empty', reason: '' }, receivedAt: 0 } as const;
      return { status: 'result', request, response, result: { [key]: [{ name: `${method}@${connection}` }] }, rttMs: 1 };
    },
  });
  return { asked, deps: { session } };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchListsWhenReady', () => {
  it('asks for each list the server declared once the connection is ready, once per connection, with no tab mounted', async () => {
    const store = createConnectionStore();
    const queryClient = new QueryClient();
    const { asked, deps } = fakeSessions();
    prefetchListsWhenReady(store, queryClient, deps);

    store.setState({ snapshot: snapshot(1, 'connecting') });
    store.setState({ snapshot: snapshot(1, 'initializing') });
    await settled();
    expect(asked).toEqual([]);

    store.setState({ snapshot: snapshot(1, 'ready', { tools: {}, prompts: {} }) });
    await settled();
    expect(asked.sort()).toEqual(['1 prompts/list', '1 tools/list']);
    // The tab that opens later finds its list in the cache, under the key its hook reads.
    expect(queryClient.getQueryData(listQueryKey('tools', 1))).toMatchObject({ items: [{ name: 'tools/list@1' }] });
    expect(queryClient.getQueryData(listQueryKey('resources', 1))).toBeUndefined();

    // Later snapshots of the same connection (a state change, its close) ask for nothing more.
    store.setState({ snapshot: snapshot(1, 'ready', { tools: {}, prompts: {} }) });
    store.setState({ snapshot: snapshot(1, 'closed', { tools: {}, prompts: {} }) });
    await settled();
    expect(asked).toHaveLength(2);

    // A connection continued without initialize declared nothing: every list may be asked for.
    store.setState({ snapshot: snapshot(2, 'ready') });
    await settled();
    expect(asked.filter((a) => a.startsWith('2 ')).sort()).toEqual(['2 prompts/list', '2 resources/list', '2 resources/templates/list', '2 tools/list']);
  });
});

describe('listUnavailable', () => {
  it('says why a list cannot be asked for: no ready connection, or a capability the server did not declare', () => {
    expect(listUnavailable(null, 'tools')).toBe('Not connected: connect to a server first.');
    expect(listUnavailable(snapshot(1, 'initializing'), 'tools')).toBe('Not connected: connect to a server first.');
    expect(listUnavailable(snapshot(1, 'ready', { tools: {} }), 'resourceTemplates')).toBe('The server did not declare the "resources" capability.');
    expect(listUnavailable(snapshot(1, 'ready', { resources: {} }), 'resourceTemplates')).toBeUndefined();
    expect(listUnavailable(snapshot(1, 'ready'), 'prompts')).toBeUndefined();
  });
});

describe('serverListQuery freshness (2026-07-28 ttlMs)', () => {
  afterEach(() => vi.useRealTimers());

  /** A session whose tools/list answers `extra` on its result (the cache fields), counting the listings. */
  function counting(extra: Record<string, unknown>) {
    let asked = 0;
    const session = {
      request: async (method: string): Promise<RequestOutcome> => {
        asked++;
        const request = { id: asked, method, raw: '', sentAt: 0 };
        const response = { raw: '', frame: { kind: 'invalid', code: 'empty', reason: '' }, receivedAt: 0 } as const;
        return { status: 'result', request, response, result: { tools: [{ name: 'a' }], ...extra }, rttMs: 1 };
      },
    };
    const queryClient = new QueryClient();
    const options = serverListQuery<{ name: string }>({ session: () => session }, 'tools', 1);
    /** A tab showing the list: mounts an observer (which fetches when the list is stale), then unmounts. */
    const show = async () => {
      const observer = new QueryObserver(queryClient, options);
      const unsubscribe = observer.subscribe(() => {});
      await settled();
      const stale = observer.getCurrentResult().isStale;
      unsubscribe();
      return stale;
    };
    return { asked: () => asked, show, refresh: () => queryClient.refetchQueries({ queryKey: options.queryKey }) };
  }

  it('a list with ttlMs is not asked for again while fresh, is once stale, and Refresh anyway always asks', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { asked, show, refresh } = counting({ ttlMs: 60_000, cacheScope: 'public' });
    expect(await show()).toBe(false);
    expect(asked()).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(await show()).toBe(false);
    expect(asked()).toBe(1);
    await refresh();
    expect(asked()).toBe(2);
    vi.advanceTimersByTime(60_001);
    await show();
    expect(asked()).toBe(3);
  });

  it('ttlMs 0 is stale at once: each showing asks again', async () => {
    const { asked, show } = counting({ ttlMs: 0, cacheScope: 'public' });
    await show();
    await show();
    expect(asked()).toBe(2);
  });

  it('a list without hints (2025) stays until a list_changed or a Refresh, as before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { asked, show } = counting({});
    await show();
    vi.advanceTimersByTime(3_600_000);
    expect(await show()).toBe(false);
    expect(asked()).toBe(1);
  });
});
