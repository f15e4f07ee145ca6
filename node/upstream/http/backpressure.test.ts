// Backpressure over HTTP: while paused, the client stops reading a stream (the
// server then waits on TCP); resumed, it reads on.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseReader } from '../../../src/protocol/index.js';
import { HttpClient } from './client.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe('HttpClient pause and resume', () => {
  it('stops reading an SSE stream while paused', async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const timer = setInterval(() => res.write(`id: ${++n}\ndata: {"n":${n}}\n\n`), 5);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    let id = 0;
    const client = new HttpClient({
      connectTimeoutMs: 2000,
      headersTimeoutMs: 2000,
      bodyTimeoutMs: 2000,
      maxBodyBytes: 1 << 20,
      userHeaders: {},
      emit: () => {},
      nextExchangeId: () => ++id,
    });
    const events: unknown[] = [];
    const reader = new SseReader({ onEvent: (e) => events.push(e) });
    const start = await client.exchange({ purpose: 'listen', method: 'GET', url, headers: { accept: 'text/event-stream' } });
    if (!start.ok) throw new Error('no stream');
    const reading = client.readSse(start.run, start.response, reader);
    await new Promise((r) => setTimeout(r, 60));
    client.pause();
    await new Promise((r) => setTimeout(r, 20));
    const atPause = events.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(events.length).toBeLessThanOrEqual(atPause + 1);
    client.resume();
    await new Promise((r) => setTimeout(r, 60));
    expect(events.length).toBeGreaterThan(atPause + 2);
    client.cancelAll();
    await reading;
  });
});
