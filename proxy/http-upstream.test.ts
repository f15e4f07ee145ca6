// HTTP servers through the whole proxy: the browser's envelopes over the
// WebSocket, the bridge, the HTTP upstream, and back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../test/fixtures/proxy-helpers.js';
import { startScriptedServer, type ScriptedServer } from '../test/fixtures/http-mcp-server.js';
import { startProxy, type RunningProxy } from './server.js';

const TOKEN = 'http-bridge-token';
let proxy: RunningProxy;
let server: ScriptedServer;

beforeAll(async () => {
  proxy = await startProxy({ port: 0, token: TOKEN, http: { headersTimeoutMs: 3000, reconnectDelayMs: 50 } });
  server = await startScriptedServer({ reply: 'json' });
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
});

describe('an HTTP session through the proxy', () => {
  it('opens, relays frames and every exchange, and DELETEs the session when the socket closes', async () => {
    const c = await connect(proxy.port, { token: TOKEN });
    const order: string[] = [];
    c.ws.on('message', (data) => {
      const e = JSON.parse(String(data)) as { type: string; exchange?: { state: string } };
      order.push(e.exchange ? `http:${e.exchange.state}` : e.type);
    });
    c.send({ type: 'open', transport: { kind: 'http', url: server.url, headers: { 'X-Api-Key': 'k-123' }, mode: 'auto' } });
    expect(await c.next('http-opened')).toMatchObject({ url: server.url, mode: 'auto' });
    c.send({ type: 'send', raw: initialize });
    // Answered at once: reported once, when it ended.
    const done = await c.next('http', 2000, (e) => e.exchange.state === 'done');
    expect(done.exchange).toMatchObject({ id: 1, method: 'POST', purpose: 'message', status: 200, messages: 1 });
    expect(done.exchange.carried).toEqual([{ kind: 'request', method: 'initialize', id: 1 }]);
    expect(done.exchange.requestHeaders).toContainEqual(['X-Api-Key', '•••• (5 characters hidden)']);
    expect(done.exchange.headersMs).toBeGreaterThan(0);
    const recv = await c.next('message');
    expect(JSON.parse(recv.text)).toMatchObject({ id: 1, result: { serverInfo: { name: 'scripted' } } });
    // The exchange is reported before the frame it carried.
    expect(order.slice(0, 3)).toEqual(['http-opened', 'http:done', 'message']);
    expect(await c.next('http-mode')).toMatchObject({ mode: 'streamable-http' });

    c.ws.close();
    await c.closed;
    const deadline = Date.now() + 3000;
    while (!server.requests.some((r) => r.method === 'DELETE') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const del = server.requests.find((r) => r.method === 'DELETE');
    expect(del?.headers['mcp-session-id']).toBe('session-1');
  });

  it('reports a request the transport failed, and an HTTP+SSE server that cannot be reached as connect-failed', async () => {
    const closed = await startScriptedServer();
    const port = new URL(closed.url).port;
    await closed.close(); // nothing listens there now
    const c = await connect(proxy.port, { token: TOKEN });
    c.send({ type: 'open', transport: { kind: 'http', url: `http://127.0.0.1:${port}/sse`, headers: {}, mode: 'sse' } });
    const error = await c.next('error');
    expect(error, JSON.stringify(error)).toMatchObject({
      code: 'connect-failed',
      message: `Connection refused by 127.0.0.1:${port}: nothing is listening there. Check the URL's host and port, and that the server is running.`,
    });
    c.send({ type: 'open', transport: { kind: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {}, mode: 'streamable-http' } });
    await c.next('http-opened');
    c.send({ type: 'send', raw: initialize });
    expect(await c.next('request-failed')).toMatchObject({ idTexts: ['1'], problem: 'refused' });
    c.ws.close();
  });
});
