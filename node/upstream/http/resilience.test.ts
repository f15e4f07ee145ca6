// Streamable HTTP when the server misbehaves or the network fails: resumption
// after a dropped stream, session expiry, 401, and bad input of every kind.
// Each case gets a clear sentence, never a hang.
import { afterEach, describe, expect, it } from 'vitest';
import { headerValue } from '../../../src/protocol/index.js';
import { startScriptedServer, type ScriptedServer, type ScriptedServerOptions } from '../../../test/fixtures/http-mcp-server.js';
import { http, httpHarness, type HttpHarness } from '../../../test/fixtures/http-harness.js';

const servers: ScriptedServer[] = [];
const harnesses: HttpHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.upstream.shutdown()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function connected(options: ScriptedServerOptions, mode: 'streamable-http' | 'auto' = 'streamable-http', headers: Record<string, string> = {}) {
  const server = await startScriptedServer(options);
  servers.push(server);
  const h = httpHarness(http(server.url, mode, headers));
  harnesses.push(h);
  await h.upstream.start();
  return { server, h };
}

async function ready(options: ScriptedServerOptions) {
  const c = await connected(options);
  const init = await c.h.session.initialize('2025-06-18');
  expect(init.ok).toBe(true);
  return c;
}

const count = (list: string[], needle: string) => list.filter((m) => m.includes(needle)).length;

describe('resumption', () => {
  it('reconnects after the retry interval with Last-Event-ID: no message lost, none duplicated', async () => {
    const { server, h } = await ready({ dropStreamFor: 'tools/call', retryMs: 120 });
    const call = await h.session.request('tools/call', { name: 'add', arguments: { a: 2, b: 40 } });
    expect(call.status).toBe('result');
    expect(JSON.stringify(call.status === 'result' && call.result)).toContain('"42"');
    const resume = server.requests.find((r) => r.method === 'GET' && r.headers['last-event-id'] !== undefined)!;
    expect(resume.headers['last-event-id']).toBe('e2');
    expect(resume.headers['mcp-session-id']).toBe('session-1');
    expect(count(h.messages(), 'working…')).toBe(1);
    expect(count(h.messages(), '"42"')).toBe(1);
    const [dropped] = h.exchanges().filter((x) => x.carried[0]?.method === 'tools/call');
    expect(dropped).toMatchObject({ state: 'done', retryMs: 120, lastEventId: 'e2' });
    expect(dropped!.note).toMatch(/resuming with Last-Event-ID e2 in 120 ms/);
    expect(dropped!.warnings.join(' ')).toMatch(/middle of an event/);
    const resumed = h.exchanges().find((x) => x.purpose === 'resume')!;
    expect(headerValue(resumed.requestHeaders, 'last-event-id')).toBe('e2');
    expect(resumed.startedAt - dropped!.startedAt).toBeGreaterThanOrEqual(120);
  });

  it('does not deliver a replayed event twice', async () => {
    const { h } = await ready({ dropStreamFor: 'tools/call', replayOverlap: true });
    const call = await h.session.request('tools/call', { name: 'add', arguments: { a: 1, b: 1 } });
    expect(call.status).toBe('result');
    expect(count(h.messages(), 'working…')).toBe(1);
    const resumed = await h.next('http', (e) => e.exchange.purpose === 'resume' && e.exchange.state === 'done');
    expect(resumed.exchange.warnings).toEqual(['A replayed event had already been delivered; it was not forwarded twice.']);
  });

  it('fails the request with a clear sentence when a stream without ids ends mid-event', async () => {
    const { h } = await ready({ cutStreamFor: 'tools/call' });
    const call = await h.session.request('tools/call', { name: 'add', arguments: {} }, { timeoutMs: 20_000 });
    expect(call.status).toBe('closed');
    if (call.status === 'closed') {
      expect(call.message).toMatch(/ended the SSE stream before answering tools\/call \(id 2\)/);
      expect(call.message).toMatch(/middle of an event/);
      expect(call.message).toMatch(/no event ids, so it cannot be resumed/);
    }
    expect(await h.next('request-failed')).toMatchObject({ idTexts: ['2'], problem: 'stream-cut' });
  });
});

describe('sessions', () => {
  it('a 404 to a request carrying the session id means the session expired: requests fail, the connection closes', async () => {
    const { h } = await ready({ expireAfter: 2 });
    expect((await h.session.request('ping')).status).toBe('result');
    const second = await h.session.request('ping');
    expect(second.status).toBe('closed');
    const failed = await h.next('request-failed');
    expect(failed).toMatchObject({ problem: 'session-expired', idTexts: ['3'] });
    expect(failed.message).toMatch(/no longer knows this session.*Re-initialize/);
    expect((await h.next('close')).reason).toMatch(/Re-initialize/);
    await expect(h.upstream.send('{"jsonrpc":"2.0","id":9,"method":"ping"}')).rejects.toThrow(/session has ended/);
  });

  it('opens the GET stream after initialized and delivers what the server sends on it', async () => {
    const { h } = await ready({ getStream: 'sse' });
    await h.next('message', (e) => e.text.includes('hello from the GET stream'));
    const listen = h.exchanges().find((x) => x.purpose === 'listen')!;
    expect(headerValue(listen.requestHeaders, 'accept')).toBe('text/event-stream');
    expect(headerValue(listen.requestHeaders, 'mcp-protocol-version')).toBe('2025-06-18');
  });

  it('a 405 to the GET stream is fine and noted', async () => {
    const { h } = await ready({});
    const listen = await h.next('http', (e) => e.exchange.purpose === 'listen' && e.exchange.state === 'done');
    expect(listen.exchange.note).toMatch(/no GET stream \(HTTP 405\)/);
  });
});

describe('bad input gets a clear message', () => {
  it('401: shows WWW-Authenticate and says to add an Authorization header', async () => {
    const { h, server } = await connected({ auth: { token: 's3cret', wwwAuthenticate: 'Bearer realm="mcp", error="invalid_token"' } }, 'auto');
    const init = await h.session.initialize();
    expect(init.ok).toBe(false);
    const failed = await h.next('request-failed');
    expect(failed.problem).toBe('unauthorized');
    expect(failed.message).toContain('WWW-Authenticate: Bearer realm="mcp", error="invalid_token"');
    expect(failed.message).toMatch(/Add an Authorization header/);
    // Auto must not fall back on an authorization failure.
    expect(server.requests.every((r) => r.method === 'POST')).toBe(true);
  });

  it('the right token gets in, and is masked wherever it is shown', async () => {
    const { h } = await connected({ auth: { token: 's3cret', wwwAuthenticate: 'Bearer' } }, 'auto', { Authorization: 'Bearer s3cret' });
    expect((await h.session.initialize()).ok).toBe(true);
    const init = await h.next('http', (e) => e.exchange.id === 1 && e.exchange.state === 'done');
    expect(headerValue(init.exchange.requestHeaders, 'authorization')).toBe('Bearer •••• (6 characters hidden)');
    expect(JSON.stringify(h.events)).not.toContain('s3cret');
  });

  it('connection refused', async () => {
    const server = await startScriptedServer();
    const url = server.url;
    await server.close();
    const h = httpHarness(http(url));
    harnesses.push(h);
    const init = await h.session.initialize();
    expect(init.ok).toBe(false);
    if (!init.ok) expect(init.message).toMatch(/Connection refused by 127\.0\.0\.1:\d+: nothing is listening there/);
  });

  it('500 with its body', async () => {
    const { h } = await ready({ canned: { 'tools/call': { status: 500, contentType: 'text/plain', body: 'database is down' } } });
    const call = await h.session.request('tools/call', { name: 'add' });
    expect(call.status === 'closed' && call.message).toBe('The server failed with HTTP 500 Internal Server Error. The body says: database is down');
  });

  it('an HTTP error whose body is a JSON-RPC answer resolves the request with that answer', async () => {
    const body = '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unknown tool"}}';
    const { h } = await ready({ canned: { 'tools/call': { status: 400, contentType: 'application/json', body } } });
    const call = await h.session.request('tools/call', { name: 'nope' });
    expect(call.status === 'error' && call.error.message).toBe('Unknown tool');
  });

  it('a body that is not JSON', async () => {
    const { h } = await ready({ canned: { 'tools/list': { status: 200, contentType: 'application/json', body: '<html>Oops</html>' } } });
    const list = await h.session.request('tools/list');
    expect(list.status === 'closed' && list.message).toMatch(/reply to tools\/list \(id 2\) is not JSON .*<html>Oops<\/html>/);
    expect(h.events).toContainEqual({ type: 'noise', text: '<html>Oops</html>', invalidUtf8: false });
  });

  it('a 200 reply to a notification with a JSON body: forwarded, with a warning', async () => {
    const { h } = await connected({ notificationBody: '{"jsonrpc":"2.0","id":99,"result":{}}' });
    expect((await h.session.initialize()).ok).toBe(true);
    const x = await h.next('http', (e) => e.exchange.carried[0]?.method === 'notifications/initialized' && e.exchange.state === 'done');
    expect(x.exchange.warnings.join(' ')).toMatch(/answered a notification with HTTP 200 .* the spec says 202 Accepted with no body/);
    await h.next('message', (e) => e.text === '{"jsonrpc":"2.0","id":99,"result":{}}');
  });

  it('a wrong path: 404 says to check it, and explicit Streamable HTTP hints at HTTP+SSE', async () => {
    const { h } = await connected({ canned: { initialize: { status: 404, contentType: 'text/plain', body: 'Cannot POST /mcp' } } });
    const init = await h.session.initialize();
    expect(init.ok).toBe(false);
    if (!init.ok) {
      expect(init.message).toMatch(/Nothing at http:\/\/127\.0\.0\.1:\d+\/mcp \(HTTP 404 Not Found\)\. Check the URL's path/);
      expect(init.message).toMatch(/choose Auto or HTTP\+SSE\. The body says: Cannot POST \/mcp/);
    }
  });

  it('a redirect to another origin is not followed', async () => {
    const { h } = await ready({
      canned: { 'tools/list': { status: 307, body: '', headers: { location: 'http://example.invalid/mcp' } } },
    });
    const list = await h.session.request('tools/list');
    expect(list.status === 'closed' && list.message).toMatch(/redirected .* to another origin \(http:\/\/example\.invalid\/mcp\).* Not followed/);
  });
});
