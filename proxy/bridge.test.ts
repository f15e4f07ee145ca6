// Backpressure: a server writing faster than the browser reads is paused, not buffered without bound.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Bridge, type UpstreamFactory } from './bridge.js';
import type { UpstreamListener } from './upstream/types.js';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  send(text: string): void {
    this.sent.push(text);
  }
}

describe('Bridge backpressure', () => {
  it('pauses reading the server while the browser is behind, and resumes once it caught up', async () => {
    const socket = new FakeSocket();
    const calls: string[] = [];
    let listener!: UpstreamListener;
    const factory: UpstreamFactory = (_config, l) => {
      listener = l;
      return {
        start: async () => ({ pid: 1 }),
        send: async () => {},
        shutdown: async () => {},
        pauseReading: () => calls.push('pause'),
        resumeReading: () => calls.push('resume'),
      };
    };
    new Bridge(socket as unknown as WebSocket, factory);
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'open', transport: { kind: 'stdio', command: 'x', args: [], env: {} } })), false);
    await new Promise((r) => setTimeout(r, 0));
    socket.bufferedAmount = 20 * 1024 * 1024;
    listener({ type: 'message', text: '{"jsonrpc":"2.0","method":"m"}', invalidUtf8: false });
    listener({ type: 'message', text: '{"jsonrpc":"2.0","method":"m"}', invalidUtf8: false });
    expect(calls).toEqual(['pause']);
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toEqual(['pause']);
    socket.bufferedAmount = 0;
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toEqual(['pause', 'resume']);
  });
});
