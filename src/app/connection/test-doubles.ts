// Fakes for ProxyConnection tests: a WebSocket driven by the test (the clock
// whose time only moves when told is the protocol's ManualClock).

import type { ClientEnvelope, ProxyEnvelope } from '../../protocol/index.js';
import type { SocketCloseInfo, SocketFactory, SocketLike } from './socket.js';

export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: ClientEnvelope[] = [];
  closedWith: { code: number | undefined; reason: string | undefined } | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: SocketCloseInfo) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('socket is not open');
    this.sent.push(JSON.parse(data) as ClientEnvelope);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  // What the test does to it:
  acceptHandshake(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  deliver(env: ProxyEnvelope): void {
    this.onmessage?.({ data: JSON.stringify(env) });
  }

  /** The socket closes without the client asking (proxy gone, or handshake refused). */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onerror?.();
    this.onclose?.({ code, reason: '', wasClean: false });
  }

  /** Raw frames the client sent through `send` envelopes. */
  frames(): Array<{ id?: number | string; method?: string; params?: Record<string, unknown> }> {
    return this.sent.flatMap((e) => (e.type === 'send' ? [JSON.parse(e.raw) as { id?: number; method?: string }] : []));
  }
}

export const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A socket factory for ProxyConnection that keeps every FakeSocket it makes, in order. */
export function fakeSockets(): { sockets: FakeSocket[]; socketFactory: SocketFactory } {
  const sockets: FakeSocket[] = [];
  const socketFactory: SocketFactory = (url, protocols) => {
    const s = new FakeSocket(url, protocols);
    sockets.push(s);
    return s;
  };
  return { sockets, socketFactory };
}
