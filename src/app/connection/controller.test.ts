import { describe, expect, it } from 'vitest';
import { createConnectionStore } from '../stores/connection-store.js';
import { createLogStore } from '../stores/log-store.js';
import { ConnectionController, type ConnectRequest } from './controller.js';
import { FakeSocket, tick } from './test-doubles.js';

const request: ConnectRequest = {
  transport: { kind: 'stdio', command: 'node', args: ['demo.js'], env: {} },
  protocolVersion: '2025-11-25',
};

function setup(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const connectionStore = createConnectionStore();
  const logStore = createLogStore((run) => run());
  const controller = new ConnectionController({
    connectionStore,
    logStore,
    token,
    url: () => 'ws://127.0.0.1:1/ws',
    socketFactory: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
  });
  return { controller, connectionStore, logStore, sockets };
}

describe('ConnectionController', () => {
  it('mirrors the connection into the store and numbers connections', () => {
    const { controller, connectionStore, sockets } = setup();
    void controller.connect(request);
    expect(connectionStore.getState().snapshot).toMatchObject({ connection: 1, status: 'connecting' });
    sockets[0]!.acceptHandshake();
    sockets[0]!.drop(1006);
    expect(connectionStore.getState().snapshot?.failure?.kind).toBe('lost');

    void controller.reconnect();
    expect(sockets).toHaveLength(2);
    expect(connectionStore.getState().snapshot).toMatchObject({ connection: 2, status: 'connecting' });
    expect(connectionStore.getState().snapshot?.failure).toBeUndefined();
  });

  it('ends the previous connection when connecting again, and ignores its late events', () => {
    const { controller, connectionStore, sockets } = setup();
    void controller.connect(request);
    sockets[0]!.acceptHandshake();
    void controller.connect(request);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'close' });
    sockets[0]!.drop(1006);
    expect(connectionStore.getState().snapshot).toMatchObject({ connection: 2, status: 'connecting' });
  });

  it('does nothing without a token', () => {
    const { controller, sockets } = setup(null);
    expect(controller.connect(request)).toBeUndefined();
    expect(sockets).toHaveLength(0);
  });

  it('reconnects to the same server with the version a -32022 offered', async () => {
    const { controller, connectionStore, sockets } = setup();
    void controller.connect({ ...request, protocolVersion: 'auto', probe: true });
    void controller.reconnectWith('2025-06-18');
    expect(sockets).toHaveLength(2);
    expect(connectionStore.getState().snapshot).toMatchObject({ connection: 2, transport: request.transport });
    sockets[1]!.acceptHandshake();
    sockets[1]!.deliver({ type: 'opened', at: 1, transport: 'stdio', pid: 1, command: 'node', args: ['demo.js'] });
    await tick();
    expect(sockets[1]!.frames()).toEqual([
      expect.objectContaining({ method: 'initialize', params: expect.objectContaining({ protocolVersion: '2025-06-18' }) }),
    ]);
  });
});
