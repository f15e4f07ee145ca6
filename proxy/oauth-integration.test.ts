// OAuth through the whole proxy: a real WebSocket, the real engine,
// the protected demo (a 2025-11-25 Streamable HTTP server and its authorization
// server). The test plays the browser: it takes the authorization URL from the
// auth envelope, lets the auto-approving server redirect (manual), and GETs the
// Location on the proxy's own /oauth/callback.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthFlowView, HttpExchange, ProxyEnvelope } from '../src/protocol/index.js';
import type { CredentialDocument } from '../node/auth/credentials.js';
import { startProxy, type RunningProxy } from './server.js';
import { oauthDemoFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { connect, get, type EnvelopeClient } from '../test/fixtures/proxy-helpers.js';

const TOKEN = 'oauth-integration-token-0123456789';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

interface Setup {
  demo: FixtureProcess;
  proxy: RunningProxy;
  file: string;
}

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function setup(demoArgs: string[] = []): Promise<Setup> {
  const demo = await startFixture(oauthDemoFixture, demoArgs);
  const dir = await mkdtemp(join(tmpdir(), 'mcpscope-oauth-it-'));
  const file = join(dir, 'credentials.json');
  const proxy = await startProxy({ port: 0, token: TOKEN, oauth: { credentialFile: file } });
  cleanup.push(async () => {
    await proxy.close();
    await demo.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return { demo, proxy, file };
}

/** A connection that keeps every envelope's text, to search for secrets. */
async function open(
  s: Setup,
  mode: 'quick' | 'guided',
  httpMode: 'streamable-http' | 'auto' = 'streamable-http',
): Promise<EnvelopeClient & { wire: string[]; all: ProxyEnvelope[] }> {
  const c = await connect(s.proxy.port, { token: TOKEN });
  const wire: string[] = [];
  const all: ProxyEnvelope[] = [];
  c.ws.on('message', (data) => {
    wire.push(String(data));
    all.push(JSON.parse(String(data)) as ProxyEnvelope);
  });
  c.send({ type: 'open', transport: { kind: 'http', url: `${s.demo.origin}/mcp`, headers: {}, mode: httpMode, auth: { mode } } });
  await c.next('http-opened');
  cleanup.push(async () => {
    c.ws.close();
    await c.closed;
  });
  return Object.assign(c, { wire, all });
}

function request(
  c: EnvelopeClient,
  frame: { id: number } & Record<string, unknown>,
): Promise<{ id: number; result?: Record<string, unknown>; error?: unknown }> {
  c.send({ type: 'send', raw: JSON.stringify({ jsonrpc: '2.0', ...frame }) });
  return c.next('message', 20_000, (m) => (JSON.parse(m.text) as { id?: number }).id === frame.id).then((m) => JSON.parse(m.text) as never);
}

const flows = (c: { all: ProxyEnvelope[] }): AuthFlowView[] => c.all.flatMap((e) => (e.type === 'auth' ? [e.flow] : []));
const exchanges = (c: { all: ProxyEnvelope[] }): HttpExchange[] => {
  const latest = new Map<number, HttpExchange>();
  for (const e of c.all) if (e.type === 'http') latest.set(e.exchange.id, e.exchange);
  return [...latest.values()];
};

/** Play the browser for the flow waiting for the person: follow the authorization URL, land on the proxy's callback. */
async function approve(c: EnvelopeClient, s: Setup, seen: Set<string> = new Set()): Promise<string> {
  const waiting = await c.next(
    'auth',
    20_000,
    (e) => e.flow.state === 'waiting-for-user' && e.flow.authorizationUrl !== undefined && !seen.has(e.flow.authorizationUrl),
  );
  const url = waiting.flow.authorizationUrl!;
  seen.add(url);
  const r = await fetch(url, { redirect: 'manual' });
  expect(r.status).toBe(302);
  const location = new URL(r.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(`http://127.0.0.1:${s.proxy.port}/oauth/callback`);
  const page = await get(s.proxy.port, `${location.pathname}${location.search}`);
  expect(page.status).toBe(200);
  expect(page.body).toContain('Authorization received');
  return waiting.flow.flowId;
}

async function secrets(file: string): Promise<string[]> {
  const doc = JSON.parse(await readFile(file, 'utf8')) as CredentialDocument;
  return Object.values(doc.issuers).flatMap((entry) => [
    ...(entry.client?.clientSecret !== undefined ? [entry.client.clientSecret] : []),
    ...Object.values(entry.tokens).flatMap((t) => [t.accessToken, ...(t.refreshToken !== undefined ? [t.refreshToken] : [])]),
  ]);
}

describe('OAuth through the proxy, against the protected demo', () => {
  it('quick mode: a 401, the flow, the callback on the proxy, the request sent again; a second connection reuses the token', async () => {
    const s = await setup();
    const c = await open(s, 'quick');
    const answer = request(c, INITIALIZE);
    await approve(c, s);
    expect((await answer).result).toMatchObject({ serverInfo: expect.anything() });
    expect(flows(c).at(-1)).toMatchObject({ mode: 'quick', state: 'authorized' });
    const whoami = await request(c, { id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } });
    expect(whoami.result).toBeDefined();

    const xs = exchanges(c);
    expect(xs.find((x) => x.purpose === 'message' && x.status === 401)).toMatchObject({
      note: expect.stringMatching(/authorization started, see the Authorization view/),
    });
    expect(xs.filter((x) => x.purpose === 'oauth').map((x) => x.authStep)).toEqual(
      expect.arrayContaining(['resource-metadata', 'authorization-server-metadata', 'registration', 'token']),
    );
    // Exchange ids are one sequence per connection, the flow's included.
    expect(new Set(xs.map((x) => x.id)).size).toBe(xs.length);

    // A second connection: the stored token, no registration, no authorization.
    const second = await open(s, 'quick');
    expect((await request(second, INITIALIZE)).result).toBeDefined();
    expect(exchanges(second).filter((x) => x.purpose === 'oauth')).toEqual([]);
    expect(exchanges(second).some((x) => x.status === 401)).toBe(false);
    expect(flows(second)).toEqual([]);

    // The credentials API lists the issuer; no envelope ever carried a secret.
    const listed = JSON.parse((await get(s.proxy.port, '/api/credentials', { authorization: `Bearer ${TOKEN}` })).body) as {
      persistent: boolean;
      issuers: Array<{ issuer: string }>;
    };
    expect(listed.issuers).toHaveLength(1);
    expect(listed.persistent).toBe(true);
    const held = await secrets(s.file);
    expect(held.length).toBeGreaterThan(0);
    const wire = [...c.wire, ...second.wire].join('\n');
    for (const secret of held) expect(wire).not.toContain(secret);
  });

  it('guided mode waits for Next step, then Run all', async () => {
    const s = await setup();
    const c = await open(s, 'guided');
    const answer = request(c, INITIALIZE);
    const paused = await c.next('auth', 20_000, (e) => e.flow.state === 'paused');
    const readyBefore = paused.flow.steps.find((st) => st.state === 'ready')!.id;
    await new Promise((r) => setTimeout(r, 200));
    // Nothing moves on its own.
    expect(flows(c).at(-1)).toMatchObject({ state: 'paused' });
    c.send({ type: 'auth', flowId: paused.flow.flowId, action: 'next' });
    const next = await c.next('auth', 20_000, (e) => e.flow.state === 'paused' && e.flow.steps.find((st) => st.state === 'ready')?.id !== readyBefore);
    expect(next.flow.steps.find((st) => st.id === readyBefore)?.state).toMatch(/done|skipped/);
    c.send({ type: 'auth', flowId: paused.flow.flowId, action: 'run-all' });
    await approve(c, s);
    expect((await answer).result).toBeDefined();
    expect(flows(c).at(-1)).toMatchObject({ mode: 'guided', state: 'authorized' });
  });

  it('refreshes an expired token without asking the person again', async () => {
    const s = await setup(['--token-lifetime', '1']);
    const c = await open(s, 'quick');
    const answer = request(c, INITIALIZE);
    await approve(c, s);
    expect((await answer).result).toBeDefined();
    const tokensBefore = exchanges(c).filter((x) => x.purpose === 'oauth' && x.authStep === 'token').length;
    const firstSecrets = await secrets(s.file);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await request(c, { id: 2, method: 'ping' })).result).toEqual({});
    const tokenExchanges = exchanges(c).filter((x) => x.purpose === 'oauth' && x.authStep === 'token');
    expect(tokenExchanges.length).toBeGreaterThan(tokensBefore);
    // Refreshed, not authorized again: the person approved once.
    expect(
      new Set(
        flows(c)
          .filter((f) => f.state === 'waiting-for-user')
          .map((f) => f.flowId),
      ).size,
    ).toBe(1);
    const held = [...firstSecrets, ...(await secrets(s.file))];
    expect(new Set(held).size).toBeGreaterThan(firstSecrets.length); // new tokens came
    for (const secret of held) expect(c.wire.join('\n')).not.toContain(secret);
  });

  it('steps up to the tool scope on 403 insufficient_scope', async () => {
    const s = await setup(['--tool-scope', 'demo:admin']);
    const c = await open(s, 'quick');
    const answer = request(c, INITIALIZE);
    const seen = new Set<string>();
    await approve(c, s, seen);
    expect((await answer).result).toBeDefined();
    const reset = request(c, { id: 2, method: 'tools/call', params: { name: 'admin_reset', arguments: {} } });
    await approve(c, s, seen);
    const result = await reset;
    expect(result.result).toBeDefined();
    expect(exchanges(c).find((x) => x.status === 403)).toMatchObject({ note: expect.stringMatching(/HTTP 403 — authorization started/) });
    const stepUp = flows(c)
      .filter((f) => f.reason === 'insufficient-scope')
      .at(-1)!;
    expect(stepUp).toMatchObject({ state: 'authorized', scope: expect.stringContaining('demo:admin') });
    for (const secret of await secrets(s.file)) expect(c.wire.join('\n')).not.toContain(secret);
  });

  it('stops against a server that refuses every token: no loop, a clear failure', async () => {
    const s = await setup(['--fault', 'always-401']);
    const c = await open(s, 'quick');
    c.send({ type: 'send', raw: JSON.stringify(INITIALIZE) });
    const seen = new Set<string>();
    let approvals = 0;
    const failed = c.next('request-failed', 60_000);
    let done = false;
    void failed.then(() => (done = true));
    while (!done && approvals < 10) {
      const next = await Promise.race([approve(c, s, seen).then(() => true), failed.then(() => false)]);
      if (next) approvals++;
    }
    expect(await failed).toMatchObject({
      idTexts: ['1'],
      problem: 'unauthorized',
      message: expect.stringMatching(/step 8 \(Retry\) failed: the server refused the new token/),
    });
    expect(approvals).toBe(1);
    const refused = exchanges(c).filter((x) => x.purpose === 'message' && x.status === 401);
    expect(refused.length).toBeLessThanOrEqual(5);
  });

  it('a callback with a forged state redeems nothing; with no flow waiting it only says so', async () => {
    const s = await setup();
    const idle = await get(s.proxy.port, '/oauth/callback?code=forged&state=forged');
    expect(idle.status).toBe(400);
    expect(idle.body).toMatch(/No authorization is waiting for this callback/);

    const c = await open(s, 'quick');
    const answer = request(c, INITIALIZE);
    await c.next('auth', 20_000, (e) => e.flow.state === 'waiting-for-user');
    const refused = await get(s.proxy.port, '/oauth/callback?code=forged&state=forged');
    expect(refused.status).toBe(400);
    // Any web page can make the browser ask for the callback: a state that matches no flow changes none.
    const noticed = await c.next('auth', 20_000, (e) => /unknown state was refused \(1 so far\)/.test(e.flow.message ?? ''));
    expect(noticed.flow.state).toBe('waiting-for-user');
    expect(exchanges(c).some((x) => x.purpose === 'oauth' && x.authStep === 'token')).toBe(false);
    // The real callback still completes.
    await approve(c, s);
    await expect(answer).resolves.toMatchObject({ id: 1 });
  });

  it('authorizes a 2026-07-28 request (Auto) and sends it again with its own headers and the token', async () => {
    const s = await setup();
    const c = await open(s, 'quick', 'auto');
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    c.send({ type: 'send', raw: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: meta } }) });
    await approve(c, s);
    // The demo speaks 2025-11-25, so its answer to the modern request itself may be an error; what matters is the retry.
    await c.next(
      'http',
      20_000,
      (e) => e.exchange.purpose === 'message' && e.exchange.status !== undefined && e.exchange.status !== 401 && e.exchange.state !== 'sending',
    );
    const posts = exchanges(c).filter((x) => x.purpose === 'message');
    expect(posts[0]).toMatchObject({ status: 401, modern: true });
    const retried = posts.find((x) => x.status !== 401)!;
    expect(retried.modern).toBe(true);
    expect(retried.requestHeaders).toEqual(
      expect.arrayContaining([
        ['mcp-method', 'tools/list'],
        ['authorization', expect.stringMatching(/^Bearer /)],
      ]),
    );
    expect(retried.requestHeaders.some(([n]) => n === 'mcp-session-id')).toBe(false);
    expect(flows(c).at(-1)).toMatchObject({ state: 'authorized' });
  });
});
