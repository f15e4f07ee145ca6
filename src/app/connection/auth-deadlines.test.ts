import { describe, expect, it } from 'vitest';
import { ManualClock, type HttpTransportConfig } from '../../protocol/index.js';
import { createLogStore } from '../stores/log-store.js';
import { authorizedFlow, guidedFlow, waitingFlow } from '../features/authorization/flow-fixtures.js';
import { ProxyConnection } from './proxy-connection.js';
import { fakeSockets, tick } from './test-doubles.js';

const transport: HttpTransportConfig = { kind: 'http', url: 'http://127.0.0.1:3011/mcp', headers: {}, mode: 'streamable-http', auth: { mode: 'guided' } };

function setup() {
  const { sockets, socketFactory } = fakeSockets();
  const clock = new ManualClock();
  const connection = new ProxyConnection({
    url: 'ws://127.0.0.1:6290/ws',
    token: 'tok123',
    transport,
    protocolVersion: '2025-11-25',
    connection: 1,
    log: (input) =>
      createLogStore((run) => run())
        .getState()
        .append(input),
    socketFactory,
    clock,
  });
  const started = connection.start();
  const socket = sockets[0]!;
  socket.acceptHandshake();
  socket.deliver({ type: 'http-opened', at: 1, url: transport.url, mode: 'streamable-http' });
  return { connection, started, socket, clock };
}

describe('initialize while the OAuth flow waits for a person', () => {
  it('does not time out while the guided flow is paused or waiting, however long; gets its full timeout again after', async () => {
    const { connection, started, socket, clock } = setup();
    socket.deliver({ type: 'auth', at: 2, flow: guidedFlow('challenge', 'ready') });
    clock.advance(5 * 60_000);
    await tick();
    socket.deliver({ type: 'auth', at: 3, flow: waitingFlow() });
    clock.advance(5 * 60_000);
    await tick();
    expect(connection.snapshot.status).toBe('initializing');
    socket.deliver({ type: 'auth', at: 4, flow: authorizedFlow() });
    clock.advance(29_999);
    await tick();
    expect(connection.snapshot.status).toBe('initializing');
    clock.advance(1);
    const snapshot = await started;
    expect(snapshot.failure?.kind).toBe('initialize-timeout');
  });

  it('answers once authorized', async () => {
    const { started, socket, clock } = setup();
    socket.deliver({ type: 'auth', at: 2, flow: waitingFlow('quick') });
    clock.advance(60_000);
    socket.deliver({ type: 'auth', at: 3, flow: authorizedFlow() });
    const init = socket.frames().find((f) => f.method === 'initialize')!;
    const result = { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'demo', version: '1' } };
    socket.deliver({ type: 'message', at: 4, text: JSON.stringify({ jsonrpc: '2.0', id: init.id, result }) });
    expect((await started).status).toBe('ready');
  });
});
