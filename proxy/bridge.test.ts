// Backpressure: a server writing faster than the browser reads is paused, not buffered without bound.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { MAX_KEPT_LINE_BYTES, type ProxyEnvelope, type RawBytes } from '../src/protocol/index.js';
import { waitFor } from '../test/fixtures/proxy-helpers.js';
import { Bridge, HIGH_WATER_BYTES, type UpstreamFactory } from './bridge.js';
import { HELD_STDERR_LIMIT_BYTES } from './output-hold.js';
import type { UpstreamListener } from '../node/upstream/types.js';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  send(text: string): void {
    this.sent.push(text);
  }
}

/** A bridge on a fake socket and a fake upstream that records pause/resume (and, like a chunk already read, emits on after a pause). */
async function openBridge(): Promise<{ socket: FakeSocket; calls: string[]; listener: UpstreamListener }> {
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
  return { socket, calls, listener };
}

describe('Bridge backpressure', () => {
  it('pauses reading the server while the browser is behind, and resumes once it caught up', async () => {
    const { socket, calls, listener } = await openBridge();
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

describe('what the bridge holds while reading is paused', () => {
  it('keeps every protocol frame in order, bounds stderr, and reports the pause before the close', async () => {
    const { socket, calls, listener } = await openBridge();
    const opened = socket.sent.length;
    socket.bufferedAmount = HIGH_WATER_BYTES;
    const line = 'e'.repeat(1000);
    const lines = 10_000; // ~10 MB of stderr: more than the bound
    for (let i = 0; i < lines; i++) {
      listener({ type: 'stderr', line, invalidUtf8: false });
      if (i % 100 === 0) listener({ type: 'message', text: `{"jsonrpc":"2.0","method":"m","params":{"i":${i}}}`, invalidUtf8: false });
    }
    listener({ type: 'close', code: 0, signal: null, reason: 'The server exited normally (code 0).', stderrTail: [] });
    expect(calls).toEqual(['pause']);
    // Only the line that crossed the mark went out; the rest waits in the bridge.
    expect(socket.sent).toHaveLength(opened + 1);

    socket.bufferedAmount = 0;
    await waitFor(() => socket.sent.some((t) => t.startsWith('{"type":"close"')), 2000, 'the close');
    expect(calls).toEqual(['pause', 'resume']);
    const envelopes = socket.sent.map((t) => JSON.parse(t) as ProxyEnvelope);
    const frames = envelopes.flatMap((e) => (e.type === 'message' ? [(JSON.parse(e.text) as { params: { i: number } }).params.i] : []));
    expect(frames).toEqual(Array.from({ length: lines / 100 }, (_, k) => k * 100));
    const report = envelopes.find((e) => e.type === 'output-held');
    if (report?.type !== 'output-held') throw new Error('no output-held envelope');
    expect(report).toMatchObject({ pauses: 1, heldBytes: report.heldLines * 1000, droppedBytes: report.droppedLines * 1000 });
    // Every line after the first was held (up to the bound) or dropped, and counted.
    expect(report.heldLines + report.droppedLines).toBe(lines - 1);
    expect(report.droppedLines).toBeGreaterThan(0);
    expect(report.heldLines * 1000).toBeLessThanOrEqual(HELD_STDERR_LIMIT_BYTES);
    expect(envelopes.filter((e) => e.type === 'stderr')).toHaveLength(1 + report.heldLines);
    // The report comes before the close, so the Console says it while the log still runs.
    expect(envelopes.slice(-2).map((e) => e.type)).toEqual(['output-held', 'close']);
  });
});

describe('the exact bytes of invalid-UTF-8 lines', () => {
  it('are sent up to MAX_KEPT_LINE_BYTES; past it the envelope says how long the line was instead', async () => {
    const { socket, listener } = await openBridge();
    const line = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i === 0 ? 0xff : 0x61));
    listener({ type: 'stderr', line: '\ufffdaaa', invalidUtf8: true, bytes: line(MAX_KEPT_LINE_BYTES) });
    listener({ type: 'noise', text: '\ufffd…', invalidUtf8: true, bytes: line(MAX_KEPT_LINE_BYTES + 1) });
    const [kept, cut] = socket.sent.slice(-2).map((t) => JSON.parse(t) as ProxyEnvelope & RawBytes);
    expect(kept).toMatchObject({ type: 'stderr', invalidUtf8: true });
    expect(Buffer.from(kept!.bytes!, 'base64').byteLength).toBe(MAX_KEPT_LINE_BYTES);
    expect(kept!.bytesNotKept).toBeUndefined();
    expect(cut).toMatchObject({ type: 'noise', invalidUtf8: true, bytesNotKept: MAX_KEPT_LINE_BYTES + 1 });
    expect(cut!.bytes).toBeUndefined();
  });
});
