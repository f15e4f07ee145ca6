// The proxy's OAuth routes and the bridge's part, with a stand-in
// Authorizer and callback registry: /oauth/callback only delivers to a pending
// state and answers a page that runs nothing; /api/credentials is guarded like
// the rest of the API; an HTTP open with auth gets an Authorizer whose flow
// reaches the page, and whose token never does.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallbackRegistry } from '../node/auth/authorizer-types.js';
import type { CredentialDocument } from '../node/auth/credentials.js';
import { createCallbackRegistry } from '../node/auth/callbacks.js';
import { redirectUriFor } from '../node/auth/proxy-oauth.js';
import { startProxy, type RunningProxy } from './server.js';
import { fakeAuthorizers, protectedServer, type FakeAuthorizer, type ProtectedServer } from '../test/fixtures/fake-authorizer.js';
import { connect, get } from '../test/fixtures/proxy-helpers.js';

const TOKEN = 'oauth-routes-token-0123456789';

/** Pending states; deliver() hands the URL over, as the engine's registry does. */
function fakeCallbacks(): CallbackRegistry & { delivered: URL[]; pending: Set<string> } {
  const pending = new Set<string>();
  const delivered: URL[] = [];
  return {
    pending,
    delivered,
    expect: () => new Promise(() => {}),
    deliver: (url) => {
      const state = url.searchParams.get('state');
      if (state === null || !pending.has(state)) {
        return { delivered: false, message: 'No authorization is waiting for this state <script>: it may have expired. Start it again from mcpscope.' };
      }
      pending.delete(state);
      delivered.push(url);
      return { delivered: true };
    },
  };
}

const document: CredentialDocument = {
  version: 1,
  issuers: {
    'https://as.example': {
      client: { issuer: 'https://as.example', clientId: 'client-1', clientSecret: 'client-secret-value', source: 'dynamic' },
      tokens: {
        'https://rs.example/mcp': {
          issuer: 'https://as.example',
          resource: 'https://rs.example/mcp',
          accessToken: 'access-token-value',
          refreshToken: 'refresh-token-value',
          tokenType: 'Bearer',
          scope: 'mcp:tools',
          obtainedAt: 1,
        },
      },
    },
    'https://other.example': { tokens: {} },
  },
};

describe('redirectUriFor', () => {
  it('names the loopback address the proxy listens on, whatever name the page was opened by', () => {
    expect(redirectUriFor('127.0.0.1', 6290)).toBe('http://127.0.0.1:6290/oauth/callback');
    expect(redirectUriFor('localhost', 6290)).toBe('http://127.0.0.1:6290/oauth/callback');
    expect(redirectUriFor('0.0.0.0', 7000)).toBe('http://127.0.0.1:7000/oauth/callback');
    expect(redirectUriFor('::1', 6290)).toBe('http://[::1]:6290/oauth/callback');
  });
});

describe('a forged callback (a wrong state while one authorization waits)', () => {
  it('changes no flow: the tab says it was refused, and the real callback is still delivered', async () => {
    const callbacks = createCallbackRegistry();
    const proxy = await startProxy({ port: 0, token: TOKEN, oauth: { callbacks } });
    try {
      const refused: number[] = [];
      const waiting = callbacks.expect('real-state', 60_000, undefined, (n) => refused.push(n));
      const reply = await get(proxy.port, '/oauth/callback?code=c&state=forged', { host: `127.0.0.1:${proxy.port}` });
      expect(reply.status).toBe(400);
      expect(reply.body).toContain('<h1>Authorization not used</h1>');
      expect(reply.body).not.toContain('Authorization received');
      expect(reply.body).toContain('it was refused and changed nothing');
      expect(refused).toEqual([1]);
      const real = await get(proxy.port, '/oauth/callback?code=c&state=real-state', { host: `127.0.0.1:${proxy.port}` });
      expect(real.status).toBe(200);
      expect((await waiting).searchParams.get('state')).toBe('real-state');
    } finally {
      await proxy.close();
    }
  });
});

describe('an Authorizer that cannot be built', () => {
  it('fails the open with one error envelope; the proxy stays up and the connection can open again', async () => {
    const server = await protectedServer();
    const proxy = await startProxy({
      port: 0,
      token: TOKEN,
      maxServers: 1,
      oauth: {
        createAuthorizer: () => {
          throw new Error('the credential store is not readable');
        },
      },
    });
    try {
      const c = await connect(proxy.port, { token: TOKEN });
      const open = { type: 'open', transport: { kind: 'http', url: server.mcpUrl, headers: {}, mode: 'streamable-http', auth: { mode: 'quick' } } };
      c.send(open);
      expect(await c.next('error')).toMatchObject({
        code: 'connect-failed',
        message:
          'Authorization (OAuth) could not be set up for this connection: the credential store is not readable; nothing was started, so check the settings and connect again.',
      });
      // Not stuck in "starting", and its server slot was given back: an open without OAuth goes through.
      c.send({ type: 'open', transport: { ...open.transport, auth: { mode: 'off' } } });
      expect(await c.next('http-opened')).toMatchObject({ url: server.mcpUrl });
    } finally {
      await proxy.close();
      await server.close();
    }
  });
});

describe('a proxy bound to ::1 only', () => {
  it('hands the flow a redirect URI on [::1], where it can be reached', async () => {
    const callbacks = fakeCallbacks();
    callbacks.pending.add('v6');
    const proxy = await startProxy({ port: 0, host: '::1', token: TOKEN, oauth: { callbacks } });
    try {
      const reply = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '::1', port: proxy.port, path: '/oauth/callback?code=c&state=v6' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(reply).toBe(200);
      expect(callbacks.delivered.map((u) => u.origin)).toEqual([`http://[::1]:${proxy.port}`]);
    } finally {
      await proxy.close();
    }
  });
});

describe('the OAuth routes', () => {
  let proxy: RunningProxy;
  let dir: string;
  const callbacks = fakeCallbacks();
  const server = { issue: () => 'x' } as unknown as ProtectedServer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcpscope-oauth-'));
    const file = join(dir, 'credentials.json');
    await writeFile(file, JSON.stringify(document), { mode: 0o600 });
    const { factory } = fakeAuthorizers(server);
    proxy = await startProxy({
      port: 0,
      token: TOKEN,
      oauth: { credentialFile: file, callbacks, createAuthorizer: (o) => factory({ ...o, maxAttempts: 3 }) },
    });
  });
  afterAll(async () => {
    await proxy.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers a callback with a pending state, without a token, and answers a page that runs nothing', async () => {
    callbacks.pending.add('s-1');
    const reply = await get(proxy.port, '/oauth/callback?code=c-1&state=s-1&iss=https%3A%2F%2Fas.example', { host: `localhost:${proxy.port}` });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('Authorization received — you can close this tab; mcpscope continues by itself.');
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.body).not.toMatch(/<script|src=/i);
    // Whatever name the browser used, the flow sees its registered redirect URI.
    expect(callbacks.delivered.map((u) => u.href)).toEqual([`${redirectUriFor('127.0.0.1', proxy.port)}?code=c-1&state=s-1&iss=https%3A%2F%2Fas.example`]);
  });

  it('does nothing for a callback without a matching state, and says what happened', async () => {
    callbacks.pending.add('s-2');
    for (const query of ['?code=c&state=wrong', '?code=c', '']) {
      const reply = await get(proxy.port, `/oauth/callback${query}`, { host: `127.0.0.1:${proxy.port}` });
      expect(reply.status).toBe(400);
      expect(reply.body).toContain('No authorization is waiting for this state &#60;script&#62;: it may have expired.');
    }
    expect(callbacks.pending.has('s-2')).toBe(true);
    expect(callbacks.delivered).toHaveLength(1);
  });

  it('keeps the Host and Origin checks on the callback, and takes GET only', async () => {
    callbacks.pending.add('s-3');
    expect((await get(proxy.port, '/oauth/callback?state=s-3', { host: `evil.example:${proxy.port}` })).status).toBe(403);
    expect((await get(proxy.port, '/oauth/callback?state=s-3', { host: `127.0.0.1:${proxy.port}`, origin: 'https://evil.example' })).status).toBe(403);
    expect((await get(proxy.port, '/oauth/callback?state=s-3', { host: `127.0.0.1:${proxy.port}` }, 'POST')).status).toBe(405);
    expect(callbacks.pending.has('s-3')).toBe(true);
  });

  it('refuses /api/credentials without the token, from another origin, or by another Host', async () => {
    const host = `127.0.0.1:${proxy.port}`;
    const auth = `Bearer ${TOKEN}`;
    expect((await get(proxy.port, '/api/credentials', { host })).status).toBe(401);
    expect((await get(proxy.port, '/api/credentials', { host, authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    expect((await get(proxy.port, '/api/credentials', { host, authorization: auth, origin: 'https://evil.example' })).status).toBe(403);
    expect((await get(proxy.port, '/api/credentials', { host: `rebind.example:${proxy.port}`, authorization: auth })).status).toBe(403);
    for (const method of ['DELETE']) {
      expect((await get(proxy.port, '/api/credentials', { host }, method)).status).toBe(401);
      expect((await get(proxy.port, '/api/credentials', { host, authorization: auth, origin: 'https://evil.example' }, method)).status).toBe(403);
    }
    expect((await get(proxy.port, '/api/credentials', { host, authorization: auth }, 'PUT')).status).toBe(405);
  });

  it('lists the issuers without a secret, forgets one, then all', async () => {
    const headers = { host: `127.0.0.1:${proxy.port}`, authorization: `Bearer ${TOKEN}` };
    const list = await get(proxy.port, '/api/credentials', headers);
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toEqual({
      persistent: true,
      file: join(dir, 'credentials.json'),
      issuers: [
        {
          issuer: 'https://as.example',
          clientId: 'client-1',
          source: 'dynamic',
          resources: [{ resource: 'https://rs.example/mcp', scope: 'mcp:tools', refreshable: true }],
        },
        { issuer: 'https://other.example', resources: [] },
      ],
    });
    for (const secret of ['client-secret-value', 'access-token-value', 'refresh-token-value']) expect(list.body).not.toContain(secret);

    const missing = await get(proxy.port, '/api/credentials?issuer=https%3A%2F%2Fnobody.example', headers, 'DELETE');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatch(/No credentials are stored for the issuer https:\/\/nobody.example/);
    const one = await get(proxy.port, '/api/credentials?issuer=https%3A%2F%2Fas.example', headers, 'DELETE');
    expect(JSON.parse(one.body)).toEqual({ forgotten: ['https://as.example'] });
    expect(JSON.parse((await get(proxy.port, '/api/credentials', headers)).body)).toMatchObject({
      issuers: [{ issuer: 'https://other.example', resources: [] }],
    });
    const all = await get(proxy.port, '/api/credentials', headers, 'DELETE');
    expect(JSON.parse(all.body)).toEqual({ forgotten: ['https://other.example'] });
    expect(JSON.parse((await get(proxy.port, '/api/credentials', headers)).body)).toEqual({
      persistent: true,
      file: join(dir, 'credentials.json'),
      issuers: [],
    });
  });
});

describe('where /api/credentials says the credentials are kept', () => {
  const list = async (oauth: { credentialFile?: string }): Promise<unknown> => {
    const proxy = await startProxy({ port: 0, token: TOKEN, oauth: { callbacks: fakeCallbacks(), ...oauth } });
    try {
      const reply = await get(proxy.port, '/api/credentials', { host: `127.0.0.1:${proxy.port}`, authorization: `Bearer ${TOKEN}` });
      expect(reply.status).toBe(200);
      return JSON.parse(reply.body);
    } finally {
      await proxy.close();
    }
  };

  it('in memory only, without --remember-credentials', async () => {
    expect(await list({})).toEqual({ persistent: false, issuers: [] });
  });

  it('in memory, with the reason, when the file others can read was not used', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcpscope-oauth-'));
    try {
      const file = join(dir, 'credentials.json');
      await writeFile(file, JSON.stringify(document), { mode: 0o644 });
      await chmod(file, 0o644);
      const body = await list({ credentialFile: file });
      expect(body).toEqual({ persistent: false, problem: expect.stringContaining(`The credential file ${file} can be read by other users`), issuers: [] });
      expect(JSON.stringify(body)).not.toContain('access-token-value');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a connection with OAuth through the bridge', () => {
  let proxy: RunningProxy;
  let server: ProtectedServer;
  let built: FakeAuthorizer[];

  beforeEach(async () => {
    server = await protectedServer();
    const fakes = fakeAuthorizers(server);
    built = fakes.built;
    proxy = await startProxy({
      port: 0,
      token: TOKEN,
      oauth: { callbacks: fakeCallbacks(), createAuthorizer: (o) => fakes.factory({ ...o, maxAttempts: 3 }) },
    });
  });
  afterEach(async () => {
    await proxy.close();
    await server.close();
  });

  it('authorizes, forwards the flow and its control, disposes on close, and never sends the token to the page', async () => {
    const c = await connect(proxy.port, { token: TOKEN });
    const wire: string[] = [];
    c.ws.on('message', (data) => wire.push(String(data)));
    c.send({ type: 'open', transport: { kind: 'http', url: server.mcpUrl, headers: {}, mode: 'streamable-http', auth: { mode: 'guided' } } });
    await c.next('http-opened');
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    c.send({ type: 'send', raw: JSON.stringify(init) });
    expect(JSON.parse((await c.next('message')).text)).toMatchObject({ id: 1, result: { serverInfo: { name: 'protected' } } });
    expect(await c.next('auth')).toMatchObject({ flow: { mode: 'guided', state: 'running' } });
    const fake = built[0]!;
    expect(fake.hooks.config).toEqual({ mode: 'guided' });

    c.send({ type: 'auth', flowId: 'flow-1', action: 'next' });
    c.send({ type: 'auth', flowId: 'flow-1', action: 'run-all' });
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.controls).toEqual([
      ['flow-1', 'next'],
      ['flow-1', 'run-all'],
    ]);

    c.send({ type: 'close' });
    await c.next('close');
    expect(fake.disposed).toBe(true);
    const token = fake.token!;
    expect(token).toMatch(/^tok-/);
    expect(server.seen.some((s) => s.authorization === `Bearer ${token}`)).toBe(true);
    expect(wire.join('\n')).not.toContain(token);
    c.ws.close();
  });

  it('answers an auth envelope on a connection without OAuth with a clear error', async () => {
    const c = await connect(proxy.port, { token: TOKEN });
    c.send({ type: 'open', transport: { kind: 'http', url: server.mcpUrl, headers: {}, mode: 'streamable-http' } });
    await c.next('http-opened');
    c.send({ type: 'auth', flowId: 'x', action: 'cancel' });
    expect(await c.next('error')).toMatchObject({ code: 'not-open', message: expect.stringMatching(/No authorization runs on this connection/) });
    expect(built).toHaveLength(0);
    c.ws.close();
  });
});
