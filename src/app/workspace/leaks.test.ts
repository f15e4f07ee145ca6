// What one server showed must not show for another: not in another scope, and
// not after the same scope connects to another server.
import { describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../connection/test-doubles.js';
import type { ToolCallRecord } from '../features/tools/tools-store.js';
import { connectReady, createTestApp } from '../test-app.js';
import type { ConnectionScope } from './connection-scope.js';

const record = (name: string): ToolCallRecord => ({
  seq: 1,
  tool: { name, inputSchema: { type: 'object' } },
  arguments: {},
  startedAt: 0,
  durationMs: 1,
  outcome: { status: 'result', result: { content: [] }, rttMs: 1 } as ToolCallRecord['outcome'],
  sentAnyway: false,
});

/** What the person did with one server: filtered its tools, called one, read a resource, got a server message. */
async function useServer(scope: ConnectionScope, socket: FakeSocket): Promise<void> {
  scope.toolsStore.getState().setFilter('weather');
  scope.toolsStore.setState({ history: [record('get_weather')], shown: 1, selected: 'get_weather' });
  scope.resourcesStore.setState({ shown: 'demo://weather' });
  socket.deliver({
    type: 'message',
    at: 3,
    text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'from A' } }),
  });
  await vi.waitFor(() => expect(scope.logging.getState().messages).toHaveLength(1));
}

function expectNothingOfTheLastServer(scope: ConnectionScope): void {
  const tools = scope.toolsStore.getState();
  expect({ filter: tools.filter, history: tools.history, shown: tools.shown, selected: tools.selected }).toEqual({ filter: '', history: [] });
  expect(scope.resourcesStore.getState().shown).toBeUndefined();
  expect(scope.logging.getState().messages).toEqual([]);
}

describe('state never carried from one server to another', () => {
  it('a second scope starts with nothing of the first, and the first keeps its own', async () => {
    const { app, sockets } = createTestApp();
    const first = app.workspace.getState().scopes[0]!;
    await useServer(first, await connectReady(app, sockets));
    const second = app.workspace.getState().open();
    await connectReady(app, sockets, {}, second, ['everything.js']);
    expectNothingOfTheLastServer(second);
    app.workspace.getState().activate(first.id);
    expect(first.toolsStore.getState()).toMatchObject({ filter: 'weather', shown: 1, selected: 'get_weather' });
    expect(first.logging.getState().messages).toHaveLength(1);
  });

  it('connecting the same scope to another server drops the filter, the results, the resource shown and the server messages', async () => {
    const { app, sockets } = createTestApp();
    const scope = app.workspace.getState().scopes[0]!;
    await useServer(scope, await connectReady(app, sockets));
    await connectReady(app, sockets, {}, scope, ['everything.js']);
    expectNothingOfTheLastServer(scope);
  });

  it('a reconnect to the same server keeps the filter, the results and the server messages', async () => {
    const { app, sockets } = createTestApp();
    const scope = app.workspace.getState().scopes[0]!;
    await useServer(scope, await connectReady(app, sockets));
    await connectReady(app, sockets, {}, scope);
    expect(scope.toolsStore.getState()).toMatchObject({ filter: 'weather', history: [record('get_weather')] });
    expect(scope.logging.getState().messages).toHaveLength(1);
  });
});
