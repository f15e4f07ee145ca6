import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectReady, createTestApp, inView } from '../test-app.js';
import { listQueryKey } from '../server-data/list-keys.js';
import type { StoreApi } from 'zustand/vanilla';
import type { App } from '../app.js';

/** Counts the subscriptions made on the page's shared stores from now on that are still in place. */
function countSubscriptions(app: App): () => number {
  let live = 0;
  const track = <S>(store: StoreApi<S>): void => {
    const subscribe = store.subscribe.bind(store);
    store.subscribe = (listener) => {
      live++;
      const off = subscribe(listener);
      let done = false;
      return () => {
        if (!done) live--;
        done = true;
        off();
      };
    };
  };
  track(app.logStore);
  track(app.clientSettings);
  track(app.navigationStore);
  track(app.connectionLabels);
  track(app.lint.store);
  track(app.workspace);
  return () => live;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the workspace', () => {
  it('starts with one scope in view, and opening another brings it into view', () => {
    const { app } = createTestApp();
    const [first] = app.workspace.getState().scopes;
    expect(app.workspace.getState().activeId).toBe(first!.id);
    const second = app.workspace.getState().open();
    expect(app.workspace.getState().scopes.map((s) => s.id)).toEqual([first!.id, second.id]);
    expect(inView(app)).toBe(second);
    expect(second.restoresDraft).toBe(false);
    expect(first!.restoresDraft).toBe(true);
    app.workspace.getState().activate(first!.id);
    expect(inView(app)).toBe(first);
    // Each scope has its own controller and stores.
    expect(second.controller).not.toBe(first!.controller);
    expect(second.toolsStore).not.toBe(first!.toolsStore);
  });

  it('numbers the connections of every scope from one counter, so log entries and query keys stay apart', async () => {
    const { app, sockets } = createTestApp();
    const first = inView(app);
    await connectReady(app, sockets, { tools: {} });
    const second = app.workspace.getState().open();
    await connectReady(app, sockets, { tools: {} }, second);
    expect(first.connectionStore.getState().snapshot?.connection).toBe(1);
    expect(second.connectionStore.getState().snapshot?.connection).toBe(2);
    await vi.waitFor(() => expect(new Set(app.logStore.getState().entries.map((e) => e.connection))).toEqual(new Set([1, 2])));
    expect(listQueryKey('tools', 1)).not.toEqual(listQueryKey('tools', 2));
    // A reconnect in the first scope takes the next number, not 2 again.
    await connectReady(app, sockets, {}, first);
    expect(first.connectionStore.getState().snapshot?.connection).toBe(3);
  });

  it('close(id) ends only that scope’s server; the one beside it comes into view; closing the last leaves an empty one', async () => {
    const { app, sockets } = createTestApp();
    const first = inView(app);
    const firstSocket = await connectReady(app, sockets, { tools: {} });
    const second = app.workspace.getState().open();
    const secondSocket = await connectReady(app, sockets, { tools: {} }, second);
    expect(app.queryClient.getQueryCache().findAll({ queryKey: ['server', 2] })).not.toEqual([]);
    app.workspace.getState().close(second.id);
    expect(secondSocket.closedWith).toBeDefined();
    expect(firstSocket.closedWith).toBeUndefined();
    expect(first.connectionStore.getState().snapshot?.status).toBe('ready');
    expect(app.workspace.getState().scopes).toEqual([first]);
    expect(inView(app)).toBe(first);
    // Its server data goes with it; the other scope's stays.
    expect(app.queryClient.getQueryCache().findAll({ queryKey: ['server', 1] })).not.toEqual([]);
    expect(app.queryClient.getQueryCache().findAll({ queryKey: ['server', 2] })).toEqual([]);

    app.workspace.getState().close(first.id);
    expect(firstSocket.closedWith).toBeDefined();
    const [left] = app.workspace.getState().scopes;
    expect(left).not.toBe(first);
    expect(left!.connectionStore.getState().snapshot).toBeNull();
    expect(inView(app)).toBe(left);
  });

  it('a closed scope leaves no subscription on the shared stores and no timer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { app, sockets } = createTestApp();
    await connectReady(app, sockets);
    await vi.advanceTimersByTimeAsync(100);
    const baseline = vi.getTimerCount();
    const live = countSubscriptions(app);
    const workspaceListeners = live();
    const scope = app.workspace.getState().open();
    const socket = await connectReady(app, sockets, {}, scope);
    expect(live()).toBeGreaterThan(workspaceListeners);
    // A heartbeat on a timer, a reconnect waiting, and server messages waiting to be published.
    expect(scope.heartbeat.start({ intervalMs: 1000, timeoutMs: 500, staleAfter: 1, autoReconnect: true })).toBeUndefined();
    socket.deliver({
      type: 'message',
      at: 3,
      text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } }),
    });
    expect(vi.getTimerCount()).toBeGreaterThan(baseline);

    app.workspace.getState().close(scope.id);
    // What was already due may still run once; nothing is left after that.
    await vi.advanceTimersByTimeAsync(100);
    expect(vi.getTimerCount()).toBe(baseline);
    expect(live()).toBe(workspaceListeners);
    // Frames the old socket still delivers reach none of its stores.
    const before = scope.logging.getState().version;
    socket.deliver({
      type: 'message',
      at: 4,
      text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'late' } }),
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(scope.logging.getState().version).toBe(before);
  });
});

describe('leaving the page', () => {
  it('asks while any scope’s connection is active, not only the one in view', async () => {
    const listeners = new Set<unknown>();
    const page = {
      addEventListener: (type: string, l: unknown) => void (type === 'beforeunload' && listeners.add(l)),
      removeEventListener: (_type: string, l: unknown) => void listeners.delete(l),
    };
    const { app, sockets } = createTestApp({ page });
    const first = inView(app);
    await connectReady(app, sockets);
    expect(listeners.size).toBe(1);
    // Another scope comes into view, empty: the first one's server still runs.
    app.workspace.getState().open();
    expect(listeners.size).toBe(1);
    first.controller.disconnect();
    expect(listeners.size).toBe(0);
    await connectReady(app, sockets, {}, first);
    expect(listeners.size).toBe(1);
    app.workspace.getState().close(first.id);
    expect(listeners.size).toBe(0);
  });
});
