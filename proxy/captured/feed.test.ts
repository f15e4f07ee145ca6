import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { CapturedMessage } from '../../src/protocol/wire.js';
import { hello, records } from '../../test/fixtures/captured-records.js';
import { followCaptured } from './feed.js';
import { CapturedSessions } from './sessions.js';

/** A page's socket: what was sent, and a buffer that drains only when told. */
class PageSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  sent: CapturedMessage[] = [];
  closedWith: [number, string] | undefined;
  private callbacks: Array<() => void> = [];
  constructor(private readonly draining = true) {
    super();
  }
  send(data: string, cb: () => void): void {
    this.sent.push(JSON.parse(data) as CapturedMessage);
    if (this.draining) queueMicrotask(cb);
    else {
      this.bufferedAmount += data.length;
      this.callbacks.push(cb);
    }
  }
  close(code: number, reason: string): void {
    this.closedWith = [code, reason];
    this.readyState = WebSocket.CLOSED;
    this.emit('close');
  }
  drain(): void {
    this.bufferedAmount = 0;
    for (const cb of this.callbacks.splice(0)) cb();
  }
}

const follow = (ws: PageSocket, sessions: CapturedSessions, o = {}) => followCaptured(ws as unknown as WebSocket, sessions, o);

afterEach(() => vi.useRealTimers());

describe("a page's feed of wrapped sessions", () => {
  it('says the sessions, then what is kept of each in batches of at most 500, then what follows live', async () => {
    vi.useFakeTimers();
    const sessions = new CapturedSessions();
    sessions.open(hello('session-a'));
    sessions.records('session-a', records(1, 500));
    sessions.records('session-a', records(501, 1200));
    sessions.open(hello('session-b'));
    sessions.records('session-b', records(1, 3));
    const ws = new PageSocket();
    follow(ws, sessions);
    expect(ws.sent.map((m) => m.type)).toEqual(['sessions', 'records', 'records', 'records', 'records']);
    expect(ws.sent[0]).toMatchObject({ type: 'sessions', sessions: [{ id: 'session-a', received: 1200 }, { id: 'session-b' }] });
    const batches = ws.sent.slice(1).map((m) => (m.type === 'records' ? [m.id, m.records.length, m.records[0]!.seq] : []));
    expect(batches).toEqual([
      ['session-a', 500, 1],
      ['session-a', 500, 501],
      ['session-a', 200, 1001],
      ['session-b', 3, 1],
    ]);

    // Live records wait for the batch: 1,000 records in 100 messages of the wrapper are two messages to the page.
    for (let i = 0; i < 100; i++) sessions.records('session-b', records(4 + i * 10, 13 + i * 10));
    expect(ws.sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(60);
    expect(ws.sent.slice(5).map((m) => m.type === 'records' && m.records.length)).toEqual([500, 500]);
    sessions.records('session-b', records(1004, 1004));
    sessions.lost('session-b', 2);
    sessions.end('session-b', 'The server exited with code 0.');
    sessions.open(hello('session-c'));
    sessions.records('session-c', records(1, 1));
    await vi.advanceTimersByTimeAsync(60);
    // A new session before its records; a known one's changes once, the newest, after the records before them.
    expect(ws.sent.slice(7).map((m) => [m.type, m.type === 'session' ? m.session.id : m.type === 'records' ? m.id : ''])).toEqual([
      ['records', 'session-b'],
      ['session', 'session-c'],
      ['records', 'session-c'],
      ['session', 'session-b'],
    ]);
    expect(ws.sent.at(-1)).toMatchObject({ type: 'session', session: { state: 'ended', lost: 2, received: 1004 } });
  });

  it('waits while the socket is full, and closes a page that falls too far behind with 1013', async () => {
    const sessions = new CapturedSessions();
    sessions.open(hello('session-a'));
    const ws = new PageSocket(false);
    follow(ws, sessions, { batchMs: 1, highWaterBytes: 1, maxWaitingBytes: 200 * 1024 });
    expect(ws.sent.map((m) => m.type)).toEqual(['sessions']);
    sessions.records('session-a', records(1, 10));
    await new Promise((r) => setTimeout(r, 10));
    // The buffer is full: nothing more goes until it drains.
    expect(ws.sent).toHaveLength(1);
    ws.drain();
    expect(ws.sent.map((m) => m.type)).toEqual(['sessions', 'records']);
    for (let seq = 11; ws.closedWith === undefined && seq < 100_000; seq += 100) sessions.records('session-a', records(seq, seq + 99));
    expect(ws.closedWith).toEqual([1013, 'this page fell behind the live records; connect again to get the kept ones']);
    const before = ws.sent.length;
    sessions.records('session-a', records(200_000, 200_010));
    ws.drain();
    await new Promise((r) => setTimeout(r, 10));
    expect(ws.sent).toHaveLength(before);
  });
});
