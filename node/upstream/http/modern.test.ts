// Streamable HTTP by the 2026-07-28 rules, decided per frame: mirrored headers,
// no session id, no GET stream or DELETE, no resumption, cancellation by closing
// the request's stream. The frames are written by hand, as a modern session sends them.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { headerValue, Subscription, type ListenSession, type SubscriptionEvent } from '../../../src/protocol/index.js';
import { http, httpHarness, type HttpHarness } from '../../../test/fixtures/http-harness.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const frame = (id: number, method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } });

const TOOLS = [
  {
    name: 'execute_sql',
    inputSchema: {
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, tier: { type: 'integer', 'x-mcp-header': 'Tier' }, query: { type: 'string' } },
    },
  },
  { name: 'bad_tool', inputSchema: { type: 'object', properties: { score: { type: 'number', 'x-mcp-header': 'Score' } } } },
];

interface Seen {
  method: string;
  headers: IncomingHttpHeaders;
  rpc?: { id?: number; method?: string };
  closedEarly?: boolean;
}

interface ModernServer {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

/** A modern server that (wrongly) sends Mcp-Session-Id on every reply; tools/call of "slow" never answers, "cut" drops its stream. */
async function modernServer(): Promise<ModernServer> {
  const seen: Seen[] = [];
  const server = createServer((req, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const entry: Seen = { method: req.method ?? '', headers: req.headers };
      seen.push(entry);
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      const rpc = JSON.parse(body) as { id?: number; method?: string; params?: { name?: string } };
      entry.rpc = rpc;
      const headers = { 'content-type': 'application/json', 'mcp-session-id': 'should-not-exist' };
      const reply = (result: unknown) =>
        res.writeHead(200, headers).end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result: { resultType: 'complete', ...(result as object) } }));
      if (rpc.id === undefined) return void res.writeHead(202).end();
      if (rpc.method === 'tools/list') return reply({ tools: TOOLS });
      if (rpc.method === 'tools/call' && rpc.params?.name === 'slow') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })}\n\n`);
        res.on('close', () => (entry.closedEarly = !res.writableFinished));
        return;
      }
      if (rpc.method === 'subscriptions/listen') {
        const tag = { _meta: { 'io.modelcontextprotocol/subscriptionId': rpc.id } };
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(
          `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { ...tag, notifications: { toolsListChanged: true } } })}\n\n`,
        );
        res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: tag })}\n\n`);
        res.on('close', () => (entry.closedEarly = !res.writableFinished));
        return;
      }
      if (rpc.method === 'tools/call' && rpc.params?.name === 'cut') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`id: e1\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })}\n\n`);
        setTimeout(() => res.destroy(), 30);
        return;
      }
      reply({ content: [] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const servers: ModernServer[] = [];
const harnesses: HttpHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.upstream.shutdown()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(mode: 'streamable-http' | 'auto' = 'streamable-http') {
  const server = await modernServer();
  servers.push(server);
  const h = httpHarness(http(server.url, mode));
  harnesses.push(h);
  await h.upstream.start();
  return { server, h };
}

const answered = (h: HttpHarness, id: number) => h.next('message', (e) => e.text.includes(`"id":${id}`));

describe('Streamable HTTP, 2026-07-28 requests', () => {
  it('sends the standard and mirrored headers, learned from tools/list, and never a session id', async () => {
    const { server, h } = await setup();
    await h.upstream.send(frame(1, 'tools/list'));
    await answered(h, 1);
    await h.upstream.send(frame(2, 'tools/call', { name: 'execute_sql', arguments: { region: 'Zürich', tier: 3, query: 'SELECT 1' } }));
    await answered(h, 2);
    await h.upstream.send(frame(3, 'resources/read', { uri: 'file:///a.txt' }));
    await answered(h, 3);
    const [list, call, read] = server.seen;
    expect(list!.headers).toMatchObject({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' });
    expect(list!.headers['mcp-name']).toBeUndefined();
    expect(call!.headers).toMatchObject({
      'mcp-method': 'tools/call',
      'mcp-name': 'execute_sql',
      'mcp-param-region': '=?base64?WsO8cmljaA==?=',
      'mcp-param-tier': '3',
    });
    expect(call!.headers['mcp-param-query']).toBeUndefined();
    expect(read!.headers['mcp-name']).toBe('file:///a.txt');
    // The server's session id is neither sent back nor made into a session.
    for (const s of server.seen) expect(s.headers['mcp-session-id']).toBeUndefined();
    const exchanges = h.exchanges();
    expect(exchanges.every((x) => x.modern === true)).toBe(true);
    expect(headerValue(exchanges[1]!.requestHeaders, 'mcp-param-region')).toBe('=?base64?WsO8cmljaA==?=');
    expect(exchanges[0]!.warnings.join(' ')).toMatch(/Mcp-Session-Id on a 2026-07-28 exchange/);
    await h.upstream.shutdown();
    // No GET stream was opened and no DELETE ends the (non-existent) session.
    expect(server.seen.map((s) => s.method)).toEqual(['POST', 'POST', 'POST']);
  });

  it('sends a call of a tool with invalid annotations as asked, without Mcp-Param headers, and says why', async () => {
    const { server, h } = await setup();
    await h.upstream.send(frame(1, 'tools/list'));
    await answered(h, 1);
    await h.upstream.send(frame(2, 'tools/call', { name: 'bad_tool', arguments: { score: 1.5 } }));
    await answered(h, 2);
    expect(Object.keys(server.seen[1]!.headers).filter((n) => n.startsWith('mcp-param-'))).toEqual([]);
    expect(h.exchanges()[1]!.warnings.join(' ')).toMatch(/invalid x-mcp-header annotations/);
    await h.upstream.send(frame(3, 'tools/call', { name: 'never_listed', arguments: {} }));
    await answered(h, 3);
    expect(h.exchanges()[2]!.warnings.join(' ')).toMatch(/was not in a tools\/list reply/);
  });

  it('cancels by closing the response stream; notifications/cancelled is not POSTed', async () => {
    const { server, h } = await setup();
    void h.upstream.send(frame(7, 'tools/call', { name: 'slow', arguments: {} })); // resolves when the stream ends
    await h.next('message', (e) => e.text.includes('notifications/progress'), 2000);
    await h.upstream.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'user' } }));
    const cancelled = await h.next('http', (e) => e.exchange.state === 'cancelled', 2000);
    expect(cancelled.exchange.note).toMatch(/reason: user.*response stream was closed.*not POSTed/);
    await expect.poll(() => server.seen[0]!.closedEarly).toBe(true);
    expect(server.seen).toHaveLength(1);
    expect(h.events.some((e) => e.type === 'request-failed')).toBe(false);
  });

  it('fails a request whose stream broke, offering to send it again, without resuming', async () => {
    const { server, h } = await setup();
    await h.upstream.send(frame(4, 'tools/call', { name: 'cut', arguments: {} }));
    const failed = await h.next('request-failed');
    expect(failed).toMatchObject({ idTexts: ['4'], problem: 'stream-cut' });
    expect(failed.message).toMatch(/cannot be resumed: send the request again \(it goes out with a new id\)/);
    expect(server.seen.filter((s) => s.method === 'GET')).toEqual([]);
  });

  it('Auto settles on Streamable HTTP when a modern request gets a result', async () => {
    const { h } = await setup('auto');
    await h.upstream.send(frame(1, 'tools/list'));
    const mode = await h.next('http-mode');
    expect(mode).toMatchObject({ mode: 'streamable-http', reason: expect.stringMatching(/2026-07-28 request/) });
  });

  it('keeps a subscriptions/listen stream open, routes its notifications, and closes it to stop', async () => {
    const { server, h } = await setup();
    h.session.markReadyWithoutInitialize();
    // As a modern session sends it: the version in every request's _meta.
    const modern: ListenSession = {
      request: (method, params, options) => h.session.request(method, { ...(params as object), _meta: META }, options),
      cancel: (id, reason) => h.session.cancel(id, reason),
      on: (listener) => h.session.on(listener),
    };
    const events: SubscriptionEvent[] = [];
    const sub = new Subscription(modern, { toolsListChanged: true }, (e) => events.push(e));
    await expect.poll(() => events.map((e) => e.type)).toEqual(['acknowledged', 'notification']);
    await expect.poll(() => h.exchanges()[0]).toMatchObject({ state: 'streaming', modern: true });
    await sub.cancel();
    expect(events.at(-1)).toMatchObject({ type: 'ended', how: 'cancelled' });
    await expect.poll(() => server.seen[0]!.closedEarly).toBe(true);
    expect(server.seen.map((s) => s.rpc?.method)).toEqual(['subscriptions/listen']);
  });
});
