// OAuth in the HTTP upstreams, against a stand-in Authorizer: every
// request carries the token; a 401 (or 403 insufficient_scope) ends visibly,
// waits for the flow and goes out again as a new exchange; a refusal fails the
// request with the flow's sentence; nothing loops.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpExchange, HttpTransportConfig } from '../../../src/protocol/index.js';
import { fakeAuthorizers, protectedServer, type ProtectedServer } from '../../../test/fixtures/fake-authorizer.js';
import { fastHttp, http, httpHarness } from '../../../test/fixtures/http-harness.js';
import { MAX_AUTH_ATTEMPTS } from './auth.js';

let server: ProtectedServer;
beforeEach(async () => {
  server = await protectedServer();
});
afterEach(() => server.close());

const withAuth = (config: HttpTransportConfig, mode: 'quick' | 'guided' = 'quick'): HttpTransportConfig => ({ ...config, auth: { mode } });
/** A 2026-07-28 request's _meta, as a modern session writes it. */
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const authorization = (x: HttpExchange): string | undefined => x.requestHeaders.find(([n]) => n === 'authorization')?.[1];

describe('an HTTP upstream with an Authorizer', () => {
  for (const mode of ['streamable-http', 'auto'] as const) {
    it(`(${mode}) answers a 401 by authorizing and sending the request again as a new exchange`, async () => {
      const { factory, built } = fakeAuthorizers(server);
      const h = httpHarness(withAuth(http(server.mcpUrl, mode)), fastHttp, { authorize: factory });
      await h.upstream.start();
      const init = await h.session.initialize('2025-11-25');
      expect(init.ok).toBe(true);
      expect(built).toHaveLength(1);
      const fake = built[0]!;
      expect(fake.challenges).toEqual([{ status: 401, wwwAuthenticate: expect.stringContaining('resource_metadata='), attempt: 0 }]);
      expect(fake.hooks.protocolVersion()).toBe('2025-11-25');
      expect(fake.hooks.serverUrl).toBe(server.mcpUrl);

      const [refused, retried] = h.exchanges();
      expect(refused).toMatchObject({
        purpose: 'message',
        status: 401,
        state: 'done',
        note: expect.stringMatching(/authorization started, see the Authorization view/),
      });
      expect(authorization(refused!)).toBeUndefined();
      expect(retried).toMatchObject({ purpose: 'message', status: 200, state: 'done' });
      expect(retried!.carried).toEqual(refused!.carried);
      // The token is sent, and shown masked.
      expect(server.seen[1]!.authorization).toMatch(/^Bearer tok-1-/);
      expect(authorization(retried!)).toMatch(/^Bearer /);
      expect(authorization(retried!)).not.toBe(server.seen[1]!.authorization);
      // The flow's snapshots reach the listener as auth events.
      expect(h.events.filter((e) => e.type === 'auth').map((e) => e.type === 'auth' && e.flow.state)).toEqual(['running', 'authorized']);
      if (mode === 'auto') expect(h.events.some((e) => e.type === 'http-mode' && e.mode === 'sse')).toBe(false);

      // Later requests (and the GET stream, and the DELETE) carry the token without a new flow.
      expect((await h.session.request('ping')).status).toBe('result');
      await h.upstream.shutdown();
      expect(fake.challenges).toHaveLength(1);
      const later = server.seen.slice(2);
      expect(later.map((s) => s.method)).toEqual(expect.arrayContaining(['POST', 'GET', 'DELETE']));
      expect(later.every((s) => s.authorization === server.seen[1]!.authorization)).toBe(true);
    });
  }

  it('steps up on 403 insufficient_scope, and fails a request the flow gives up on with its sentence', async () => {
    let refuse = false;
    const { factory, built } = fakeAuthorizers(server, {
      outcome: (challenge, fake) => {
        if (refuse) return { retry: false, message: 'Step 7 (token): the token endpoint answered 500. Try again later.' };
        fake.token = server.issue(challenge.status === 403 ? 'mcp:tools demo:admin' : 'mcp:tools');
        return { retry: true };
      },
    });
    const h = httpHarness(withAuth(http(server.mcpUrl, 'streamable-http')), fastHttp, { authorize: factory });
    await h.upstream.start();
    expect((await h.session.initialize('2025-11-25')).ok).toBe(true);
    const admin = await h.session.request('tools/call', { name: 'admin', arguments: {} });
    expect(admin.status).toBe('result');
    expect(built[0]!.challenges.map((c) => c.status)).toEqual([401, 403]);
    const stepUp = h.exchanges().find((x) => x.status === 403)!;
    expect(stepUp.note).toMatch(/HTTP 403 — authorization started/);

    refuse = true;
    server.issue(); // the token the connection holds stops working
    const ping = await h.session.request('ping');
    expect(ping).toMatchObject({ status: 'closed', message: 'Step 7 (token): the token endpoint answered 500. Try again later.' });
    const failed = h.events.find((e) => e.type === 'request-failed');
    expect(failed).toMatchObject({ problem: 'unauthorized', message: 'Step 7 (token): the token endpoint answered 500. Try again later.' });
    const last = h.exchanges().at(-1)!;
    expect(last).toMatchObject({ status: 401, state: 'failed', failure: { problem: 'unauthorized' } });
    await h.upstream.shutdown();
  });

  it('never loops: a server that refuses every token ends the request after the attempt limit', async () => {
    server.always401 = true;
    const { factory, built } = fakeAuthorizers(server);
    const h = httpHarness(withAuth(http(server.mcpUrl, 'streamable-http')), fastHttp, { authorize: factory });
    await h.upstream.start();
    const init = await h.session.initialize('2025-11-25');
    expect(init.ok).toBe(false);
    const posts = server.seen.filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(MAX_AUTH_ATTEMPTS + 2);
    // Each refusal says how many times the request was already sent again.
    expect(built[0]!.challenges.map((c) => c.attempt)).toEqual([0, 1, 2, 3]);
    expect(h.events.find((e) => e.type === 'request-failed')).toMatchObject({
      problem: 'unauthorized',
      message: expect.stringMatching(/still refuses the request \(HTTP 401\) after 4 authorizations; mcpscope stops here/),
    });
    await h.upstream.shutdown();
  });

  it('keeps OAuth off when the person typed an Authorization header, and says how to turn it on', async () => {
    const { factory, built } = fakeAuthorizers(server);
    const h = httpHarness(withAuth(http(server.mcpUrl, 'streamable-http', { Authorization: 'Bearer mine' })), fastHttp, { authorize: factory });
    await h.upstream.start();
    expect((await h.session.initialize('2025-11-25')).ok).toBe(false);
    expect(built).toHaveLength(0);
    expect(server.seen.map((s) => s.authorization)).toEqual(['Bearer mine']);
    expect(h.events.find((e) => e.type === 'request-failed')).toMatchObject({
      problem: 'unauthorized',
      message: expect.stringMatching(/Remove the Authorization header to let mcpscope authorize/),
    });
    await h.upstream.shutdown();
  });

  it('without auth in the config, a 401 is reported as before and nothing is authorized', async () => {
    const { factory, built } = fakeAuthorizers(server);
    const h = httpHarness(http(server.mcpUrl, 'streamable-http'), fastHttp, { authorize: factory });
    await h.upstream.start();
    expect((await h.session.initialize('2025-11-25')).ok).toBe(false);
    expect(built).toHaveLength(0);
    expect(server.seen).toHaveLength(1);
    expect(h.events.find((e) => e.type === 'request-failed')).toMatchObject({ message: expect.stringMatching(/Add an Authorization header/) });
    await h.upstream.shutdown();
  });

  it('authorizes the HTTP+SSE event stream (GET) and its POSTs', async () => {
    const { factory, built } = fakeAuthorizers(server);
    const h = httpHarness(withAuth(http(server.sseUrl, 'sse')), fastHttp, { authorize: factory });
    const started = await h.upstream.start();
    expect(started.http.endpoint).toBe(`${server.origin}/messages`);
    expect(built[0]!.challenges).toHaveLength(1);
    expect(h.exchanges()[0]).toMatchObject({ purpose: 'event-stream', status: 401, note: expect.stringMatching(/authorization started/) });
    expect((await h.session.initialize('2024-11-05')).ok).toBe(true);
    expect(server.seen.filter((s) => s.path === '/messages').every((s) => s.authorization?.startsWith('Bearer tok-'))).toBe(true);
    await h.upstream.shutdown();
  });

  it('authorizes a 2026-07-28 request and sends it again with its mirrored headers', async () => {
    const { factory, built } = fakeAuthorizers(server);
    const h = httpHarness(withAuth(http(server.mcpUrl, 'auto')), fastHttp, { authorize: factory });
    await h.upstream.start();
    await h.upstream.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } }));
    await h.next('message');
    expect(built[0]!.hooks.protocolVersion()).toBe('2026-07-28');
    const [refused, retried] = h.exchanges();
    expect(refused).toMatchObject({ status: 401, modern: true });
    expect(retried).toMatchObject({ status: 200, modern: true });
    expect(server.seen[1]!.headers['mcp-method']).toBe('tools/list');
    expect(server.seen[1]!.headers['mcp-session-id']).toBeUndefined();
    await h.upstream.shutdown();
  });

  it('a request waiting for the person ends when the connection closes, without being sent again', async () => {
    let started!: () => void;
    const waiting = new Promise<void>((resolve) => (started = resolve));
    const { factory } = fakeAuthorizers(server, {
      outcome: () => {
        started();
        return new Promise(() => {}); // the person never approves
      },
    });
    const h = httpHarness(withAuth(http(server.mcpUrl, 'streamable-http')), fastHttp, { authorize: factory });
    await h.upstream.start();
    const init = h.session.initialize('2025-11-25');
    await waiting;
    await h.upstream.shutdown();
    expect((await init).ok).toBe(false);
    expect(await h.next('close')).toMatchObject({ reason: expect.stringMatching(/Stopped by mcpscope/) });
    expect(server.seen).toHaveLength(1);
  });

  it('requests refused together share one flow', async () => {
    const { factory, built } = fakeAuthorizers(server);
    const h = httpHarness(withAuth(http(server.mcpUrl, 'streamable-http')), fastHttp, { authorize: factory });
    await h.upstream.start();
    expect((await h.session.initialize('2025-11-25')).ok).toBe(true);
    server.issue(); // the token the connection holds stops working
    const answers = await Promise.all([h.session.request('ping'), h.session.request('ping'), h.session.request('tools/list')]);
    expect(answers.map((a) => a.status)).toEqual(['result', 'result', 'result']);
    expect(built[0]!.challenges).toHaveLength(2); // the first 401, then one for all three
    await h.upstream.shutdown();
  });

  it('a 2026-07-28 request cancelled while it waits for authorization is not sent again', async () => {
    let approve!: () => void;
    const { factory } = fakeAuthorizers(server, {
      outcome: (_challenge, fake) =>
        new Promise((resolve) => {
          approve = () => {
            fake.token = server.issue();
            resolve({ retry: true });
          };
        }),
    });
    const h = httpHarness(withAuth(http(server.mcpUrl, 'auto')), fastHttp, { authorize: factory });
    await h.upstream.start();
    const sent = h.upstream.send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: MODERN_META } }));
    await h.next('auth');
    await h.upstream.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5, _meta: MODERN_META } }));
    await sent;
    approve();
    await new Promise((r) => setTimeout(r, 200));
    expect(server.seen).toHaveLength(1);
    expect(h.events.some((e) => e.type === 'message' || e.type === 'request-failed')).toBe(false);
    await h.upstream.shutdown();
  });

  it('a GET stream refused even after authorizing is not reopened again and again', async () => {
    server.refuseGet = true;
    const { factory } = fakeAuthorizers(server);
    const h = httpHarness(withAuth(http(server.mcpUrl, 'streamable-http')), fastHttp, { authorize: factory });
    await h.upstream.start();
    expect((await h.session.initialize('2025-11-25')).ok).toBe(true);
    await h.next('http', (e) => e.exchange.purpose === 'listen' && e.exchange.state === 'failed');
    await new Promise((r) => setTimeout(r, 400)); // reconnectDelayMs is 50: a reconnect would have come
    const gets = server.seen.filter((s) => s.method === 'GET');
    expect(gets).toHaveLength(MAX_AUTH_ATTEMPTS + 2);
    expect(
      h
        .exchanges()
        .filter((x) => x.purpose === 'listen')
        .at(-1),
    ).toMatchObject({
      state: 'failed',
      failure: { problem: 'unauthorized', message: expect.stringMatching(/still refuses the request/) },
    });
    // POSTs go on.
    expect((await h.session.request('ping')).status).toBe('result');
    await h.upstream.shutdown();
  });
});
