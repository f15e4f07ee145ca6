// A real server flooding stderr while the browser does not read: the proxy must
// stop reading it (stderr as well as stdout), so what waits for the browser stays
// bounded, and say afterwards that it did. (bridge.test.ts: what is held meanwhile.)
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { OutputHeld, ProxyEnvelope } from '../src/protocol/index.js';
import { fixture, waitFor } from '../test/fixtures/proxy-helpers.js';
import { Bridge, HIGH_WATER_BYTES } from './bridge.js';
import { createStdioUpstream } from '../node/upstream/stdio.js';

/** A browser socket that never sends what it is given until `drain`: bufferedAmount only grows. */
class StalledSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  /** Every envelope but stderr ones (those are only counted, to keep the test's own memory small). */
  envelopes: ProxyEnvelope[] = [];
  stderrLines = 0;
  stalled = true;
  send(text: string): void {
    if (this.stalled) this.bufferedAmount += text.length;
    if (text.startsWith('{"type":"stderr"')) this.stderrLines++;
    else this.envelopes.push(JSON.parse(text) as ProxyEnvelope);
  }
  drain(): void {
    this.stalled = false;
    this.bufferedAmount = 0;
  }
  open(command: string, args: string[]): void {
    this.emit('message', Buffer.from(JSON.stringify({ type: 'open', transport: { kind: 'stdio', command, args, env: {} } })), false);
  }
  held(): OutputHeld[] {
    return this.envelopes.flatMap((e) => (e.type === 'output-held' ? [e] : []));
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MiB = 1024 * 1024;
let socket: StalledSocket | undefined;

afterEach(async () => {
  socket?.emit('close'); // stops the server
  socket = undefined;
  await delay(50);
});

describe('a server flooding stderr while the browser does not read', () => {
  it('stops reading the server: what is queued for the browser stays bounded', async () => {
    socket = new StalledSocket();
    const bridge = new Bridge(socket as unknown as WebSocket, (config, listener) => createStdioUpstream(config as never, listener, { graceMs: 200 }));
    socket.open(process.execPath, [fixture('stderr-flood.mjs')]);
    await waitFor(() => socket!.bufferedAmount >= HIGH_WATER_BYTES, 20_000, 'the flood to fill the socket');
    await delay(1500);
    const queued = socket.bufferedAmount;
    // Before stderr was paused too, this grew by tens of MB a second, without end.
    expect(queued).toBeLessThan(HIGH_WATER_BYTES + MiB);
    await delay(500);
    expect(socket.bufferedAmount).toBe(queued);

    // The browser catches up: the flood goes on, and the Console is told about the pause.
    const linesBefore = socket.stderrLines;
    socket.drain();
    await waitFor(() => socket!.held().length > 0, 5000, 'an output-held report');
    expect(socket.stderrLines).toBeGreaterThan(linesBefore);
    const [report] = socket.held();
    expect(report!.pauses).toBeGreaterThanOrEqual(1);
    expect(report!.pausedMs).toBeGreaterThanOrEqual(1500);
    expect(report!.droppedLines).toBe(0);
    await bridge.shutdown();
  }, 40_000);

  it('also bounds a single huge burst (one write of 100 MB)', async () => {
    socket = new StalledSocket();
    new Bridge(socket as unknown as WebSocket, (config, listener) => createStdioUpstream(config as never, listener, { graceMs: 200 }));
    socket.open(process.execPath, [fixture('stderr-flood.mjs'), '--burst', String(100 * MiB)]);
    await waitFor(() => socket!.bufferedAmount >= HIGH_WATER_BYTES, 20_000, 'the burst to fill the socket');
    await delay(1500);
    expect(socket.bufferedAmount).toBeLessThan(HIGH_WATER_BYTES + MiB);
  }, 40_000);
});
