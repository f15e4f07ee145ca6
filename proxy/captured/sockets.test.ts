// The proxy's sockets of wrapped sessions, checked as /ws is (Host, Origin,
// token), then by subprotocol and by every message.
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CAPTURED_SUBPROTOCOL, CAPTURE_SUBPROTOCOL, TOKEN_SUBPROTOCOL_PREFIX, logHeader } from '../../src/protocol/wire.js';
import { startProxy, type RunningProxy } from '../server.js';
import { get, waitFor } from '../../test/fixtures/proxy-helpers.js';
import { followFeed } from '../../test/fixtures/live-helpers.js';

const TOKEN = 'captured-sockets-token-0123';
const running: RunningProxy[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.close();
});

async function proxy(): Promise<RunningProxy> {
  const p = await startProxy({ port: 0, token: TOKEN, warn: () => {} });
  running.push(p);
  return p;
}

interface Opened {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
}

/** Open `path`; resolves with the socket, or rejects with `HTTP <status>: <body>`. */
function open(port: number, path: string, protocols: string[], o: { origin?: string; host?: string } = {}): Promise<Opened> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, protocols, {
    ...(o.origin !== undefined ? { origin: o.origin } : {}),
    ...(o.host !== undefined ? { headers: { Host: o.host } } : {}),
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += String(c)));
      res.on('end', () => reject(new Error(`HTTP ${res.statusCode}: ${body.trim()}`)));
    });
  });
}

const token = `${TOKEN_SUBPROTOCOL_PREFIX}${TOKEN}`;
const hello = { type: 'hello', session: 'session-0001', pid: 7, transport: 'stdio', header: logHeader({ name: 'srv' }, new Date(0)) };
const record = { seq: 1, time: new Date(0).toISOString(), t: 0, connection: 1, direction: 'out', kind: 'request', method: 'initialize', id: 0, raw: '{}' };

describe('the /wrap and /captured sockets', () => {
  for (const [path, protocol] of [
    ['/wrap', CAPTURE_SUBPROTOCOL],
    ['/captured', CAPTURED_SUBPROTOCOL],
  ] as const) {
    it(`refuse ${path} without the token, with a wrong one, from a foreign Origin or Host, or without the subprotocol`, async () => {
      const { port } = await proxy();
      await expect(open(port, path, [protocol])).rejects.toThrow(/^HTTP 401: This request needs the mcpscope token/);
      await expect(open(port, path, [protocol, `${TOKEN_SUBPROTOCOL_PREFIX}wrong-token-0123456789`])).rejects.toThrow(/^HTTP 401: The mcpscope token is wrong/);
      await expect(open(port, path, [protocol, token], { origin: 'https://evil.example' })).rejects.toThrow(
        /^HTTP 403: Requests from the origin "https:\/\/evil.example"/,
      );
      await expect(open(port, path, [protocol, token], { host: `evil.example:${port}` })).rejects.toThrow(
        /^HTTP 403: The Host header "evil.example:\d+" is not a loopback name/,
      );
      await expect(open(port, path, [token])).rejects.toThrow(`HTTP 400: Offer the WebSocket subprotocol "${protocol}" at ${path}`);
      // The proxy's own page may; a wrapper sends no Origin.
      const ok = await open(port, path, [protocol, token], { origin: `http://127.0.0.1:${port}` });
      expect(ok.ws.protocol).toBe(protocol);
      ok.ws.close();
      expect((await get(port, path, { Authorization: `Bearer ${TOKEN}` })).status).toBe(426);
    });
  }

  it('close a wrapper that says something wrong with the reason, and keep what it said before', async () => {
    const { port } = await proxy();
    const cases: Array<[Array<string | Buffer>, string]> = [
      [['not json'], 'a message was not JSON'],
      [[Buffer.from([1, 2, 3])], 'messages must be JSON text'],
      [[JSON.stringify({ type: 'records', records: [] })], 'the first message must be "hello"'],
      [[JSON.stringify({ ...hello, session: 'x' })], '"hello" needs a "session" of 8 to 64 letters, digits, - or _'],
      [[JSON.stringify({ ...hello, header: { mcpscope: 'nope' } })], '"header": This is not an mcpscope log'],
      [
        [JSON.stringify({ ...hello, session: 'session-0002' }), JSON.stringify({ type: 'records', records: [{ ...record, seq: 0 }] })],
        'record 1 of a "records" message: "seq" must be a positive integer',
      ],
      [[JSON.stringify({ ...hello, session: 'session-0003' }), JSON.stringify(hello)], '"hello" comes once'],
      [
        [JSON.stringify({ ...hello, session: 'session-0004' }), JSON.stringify({ type: 'end', reason: 'done' }), JSON.stringify({ type: 'lost', records: 1 })],
        'nothing may follow "end"',
      ],
      [
        [JSON.stringify({ ...hello, session: 'session-0005' }), JSON.stringify({ type: 'what' })],
        `a message's "type" must be "hello", "records", "lost" or "end"`,
      ],
    ];
    for (const [messages, reason] of cases) {
      const { ws, closed } = await open(port, '/wrap', [CAPTURE_SUBPROTOCOL, token]);
      for (const m of messages) ws.send(m);
      const got = await closed;
      expect(got.code).toBe(1008);
      expect(got.reason.startsWith(reason.slice(0, 60))).toBe(true);
    }
    const feed = await followFeed(port, TOKEN);
    await waitFor(() => feed.messages.length > 0, 5000, 'the sessions');
    expect(feed.sessions().map((s) => [s.id, s.state])).toEqual([
      ['session-0002', 'disconnected'],
      ['session-0003', 'disconnected'],
      ['session-0004', 'ended'],
      ['session-0005', 'disconnected'],
    ]);
    expect(feed.sessions()[0]!.reason).toBe(`The wrapper's link closed: record 1 of a "records" message: "seq" must be a positive integer`);
    feed.close();
  });

  it("give a page each session's records in order, and a wrapper that goes without end is disconnected", async () => {
    const { port } = await proxy();
    const { ws } = await open(port, '/wrap', [CAPTURE_SUBPROTOCOL, token]);
    ws.send(JSON.stringify(hello));
    ws.send(JSON.stringify({ type: 'records', records: [record, { ...record, seq: 2, direction: 'in', kind: 'response', raw: '{"r":1}' }] }));
    const feed = await followFeed(port, TOKEN);
    await waitFor(() => feed.records('session-0001').length === 2, 5000, 'the kept records');
    ws.send(JSON.stringify({ type: 'records', records: [{ ...record, seq: 3, raw: '{"live":true}' }] }));
    await waitFor(() => feed.records('session-0001').length === 3, 5000, 'the live record');
    expect(feed.messages.map((m) => m.type)).toEqual(['sessions', 'records', 'records']);
    ws.terminate();
    await waitFor(() => feed.sessions()[0]?.state === 'disconnected', 5000, 'disconnected');
    expect(feed.sessions()[0]).toMatchObject({ id: 'session-0001', pid: 7, received: 3, lost: 0, header: { server: { name: 'srv' } } });
    feed.close();
  });
});
