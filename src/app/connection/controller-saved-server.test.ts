import { describe, expect, it } from 'vitest';
import { createConnectionStore } from '../stores/connection-store.js';
import { createLogStore } from '../stores/log-store.js';
import { ConnectionController } from './controller.js';
import { FakeSocket } from './test-doubles.js';

describe('ConnectionController with a saved server', () => {
  it('passes the saved server id to the open envelope', () => {
    const sockets: FakeSocket[] = [];
    const controller = new ConnectionController({
      connectionStore: createConnectionStore(),
      logStore: createLogStore((run) => run()),
      token: 'tok',
      url: () => 'ws://127.0.0.1:1/ws',
      socketFactory: (url, protocols) => {
        const s = new FakeSocket(url, protocols);
        sockets.push(s);
        return s;
      },
    });
    const transport = { kind: 'stdio' as const, command: 'node', args: ['demo.js'], env: { API_KEY: '•••• kept by the proxy' } };
    void controller.connect({ transport, protocolVersion: '2025-11-25', savedServer: 's-1' });
    sockets[0]!.acceptHandshake();
    expect(sockets[0]!.sent[0]).toEqual({ type: 'open', transport, savedServer: 's-1' });
  });
});
