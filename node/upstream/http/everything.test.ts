// The HTTP upstreams against @modelcontextprotocol/server-everything in its
// streamableHttp and sse modes, on loopback ports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingFixture, startFixture, type FixtureProcess } from '../../../test/fixtures/http-fixture-process.js';
import { headerValue, parseCallToolResult } from '../../../src/protocol/index.js';
import { http, httpHarness, type HttpHarness } from '../../../test/fixtures/http-harness.js';

let streamable: FixtureProcess;
let sse: FixtureProcess;

beforeAll(async () => {
  [streamable, sse] = await Promise.all([startFixture(everythingFixture, ['streamableHttp']), startFixture(everythingFixture, ['sse'])]);
});
afterAll(async () => {
  await Promise.all([streamable?.stop(), sse?.stop()]);
});

async function initialize(h: HttpHarness): Promise<void> {
  await h.upstream.start();
  const init = await h.session.initialize('2025-11-25');
  expect(init.ok, init.ok ? '' : init.message).toBe(true);
}

async function echo(h: HttpHarness, text: string): Promise<string> {
  const outcome = await h.session.request('tools/call', { name: 'echo', arguments: { message: text } });
  expect(outcome.status).toBe('result');
  const parsed = outcome.status === 'result' ? parseCallToolResult(outcome.result) : undefined;
  const first = parsed?.ok ? parsed.value.content[0] : undefined;
  return first?.type === 'text' ? String(first.text) : '';
}

describe('Streamable HTTP against server-everything', () => {
  it('initializes, carries the session id and protocol version, pings, calls a tool, and DELETEs the session', async () => {
    const h = httpHarness(http(`${streamable.origin}/mcp`, 'streamable-http'));
    expect(await h.upstream.start()).toEqual({ http: { url: `${streamable.origin}/mcp`, mode: 'streamable-http' } });
    await initialize(h);
    const ping = await h.session.request('ping');
    expect(ping.status).toBe('result');
    expect(await echo(h, 'hello over HTTP')).toContain('hello over HTTP');
    // A reply stream ends just after the answer it carried; quick exchanges are reported when they end.
    await h.next('http', (e) => e.exchange.carried[0]?.method === 'tools/call' && e.exchange.state === 'done');

    const posts = h.exchanges().filter((x) => x.method === 'POST');
    const [init, ...later] = posts;
    expect(init!.carried).toEqual([{ kind: 'request', method: 'initialize', id: 1 }]);
    expect(headerValue(init!.requestHeaders, 'accept')).toBe('application/json, text/event-stream');
    const sessionId = headerValue(init!.responseHeaders, 'mcp-session-id');
    expect(sessionId).toMatch(/^[\x21-\x7e]+$/);
    expect(headerValue(init!.requestHeaders, 'mcp-session-id')).toBeUndefined();
    expect(later.length).toBeGreaterThanOrEqual(3);
    for (const x of later) {
      expect(headerValue(x.requestHeaders, 'mcp-session-id')).toBe(sessionId);
      expect(headerValue(x.requestHeaders, 'mcp-protocol-version')).toBe('2025-11-25');
      expect(x.state).toBe('done');
      expect(x.warnings).toEqual([]);
    }
    const initialized = later.find((x) => x.carried[0]?.method === 'notifications/initialized')!;
    expect(initialized.status).toBe(202);
    // The GET stream for server-initiated messages is open.
    await h.next('http', (e) => e.exchange.purpose === 'listen' && e.exchange.state === 'streaming');

    await h.upstream.shutdown();
    const close = await h.next('close');
    expect(close.reason).toMatch(/ended with DELETE/);
    const del = h.exchanges().find((x) => x.method === 'DELETE')!;
    expect(del).toMatchObject({ purpose: 'end-session', status: 200, state: 'done' });
    expect(headerValue(del.requestHeaders, 'mcp-session-id')).toBe(sessionId);
    expect(h.exchanges().find((x) => x.purpose === 'listen')?.state).toBe('cancelled');
  });

  it('Auto picks Streamable HTTP and says so', async () => {
    const h = httpHarness(http(`${streamable.origin}/mcp`));
    expect((await h.upstream.start()).http.mode).toBe('auto');
    await initialize(h);
    expect(await h.next('http-mode')).toMatchObject({ mode: 'streamable-http' });
    await h.upstream.shutdown();
  });
});

describe('HTTP+SSE (2024-11-05) against server-everything', () => {
  it('waits for the endpoint event, then POSTs there and reads answers from the stream', async () => {
    const h = httpHarness(http(`${sse.origin}/sse`, 'sse'));
    const started = await h.upstream.start();
    expect(started.http.endpoint).toMatch(new RegExp(`^${sse.origin}/message\\?sessionId=`));
    await initialize(h);
    expect((await h.session.request('ping')).status).toBe('result');
    expect(await echo(h, 'legacy')).toContain('legacy');
    // Answers come on the stream, sometimes before the POST's own 202: wait for each POST to end.
    for (const x of h.exchanges().filter((x) => x.method === 'POST')) {
      const ended = await h.next('http', (e) => e.exchange.id === x.id && e.exchange.state === 'done');
      expect(ended.exchange).toMatchObject({ url: started.http.endpoint, status: 202 });
    }
    expect(h.exchanges()[0]).toMatchObject({ purpose: 'event-stream', method: 'GET', state: 'streaming' });
    await h.upstream.shutdown();
    expect((await h.next('close')).reason).toMatch(/Stopped by mcpscope/);
  });

  it('Auto falls back to HTTP+SSE when the initialize POST gets a 4xx, and says so', async () => {
    const h = httpHarness(http(`${sse.origin}/sse`));
    await initialize(h);
    const mode = await h.next('http-mode');
    expect(mode.mode).toBe('sse');
    expect(mode.reason).toMatch(/initialize POST got HTTP 404/);
    const [probe] = h.exchanges();
    expect(probe).toMatchObject({ method: 'POST', status: 404, state: 'done' });
    expect(probe!.note).toMatch(/Auto: HTTP 404/);
    expect(probe!.failure).toBeUndefined();
    expect(await echo(h, 'fell back')).toContain('fell back');
    await h.upstream.shutdown();
    expect(h.events.filter((e) => e.type === 'close')).toHaveLength(1);
  });
});
