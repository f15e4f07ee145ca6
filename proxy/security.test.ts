import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, delay, get, type ConnectOptions } from '../test/fixtures/proxy-helpers.js';
import { checkRequest, createToken, hostProblem, isLoopbackHostname, originProblem, tokenFromHeaders, tokensEqual, type SecurityContext } from './security.js';
import { startProxy, type RunningProxy } from './server.js';

const ctx: SecurityContext = { port: 6290, token: 'secret-token', host: '127.0.0.1', allowOrigins: ['http://localhost:5173'] };

describe('tokens', () => {
  it('are random, long and URL-safe unless MCPSCOPE_TOKEN is set', () => {
    const a = createToken({});
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes
    expect(createToken({})).not.toBe(a);
    expect(createToken({ MCPSCOPE_TOKEN: 'fixed.token.0123456' })).toBe('fixed.token.0123456');
    expect(() => createToken({ MCPSCOPE_TOKEN: 'short' })).toThrow(/at least 16 characters/);
    expect(() => createToken({ MCPSCOPE_TOKEN: 'has space' })).toThrow(/MCPSCOPE_TOKEN may only contain/);
  });

  it('compare equal only when identical', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abc', 'abd')).toBe(false);
    expect(tokensEqual('abc', 'abcd')).toBe(false);
    expect(tokensEqual('', 'abc')).toBe(false);
  });

  it('are read from a Bearer header or a token subprotocol', () => {
    expect(tokenFromHeaders({ authorization: 'Bearer abc' })).toBe('abc');
    expect(tokenFromHeaders({ authorization: 'Basic abc' })).toBeUndefined();
    expect(tokenFromHeaders({ 'sec-websocket-protocol': 'mcpscope.v1, mcpscope.token.xyz' })).toBe('xyz');
    expect(tokenFromHeaders({ 'sec-websocket-protocol': 'mcpscope.v1' })).toBeUndefined();
  });
});

describe('Host and Origin checks', () => {
  it('accept loopback names on the proxy port only', () => {
    for (const h of ['127.0.0.1:6290', 'localhost:6290', 'LOCALHOST:6290', '[::1]:6290', '127.1.2.3:6290']) {
      expect(hostProblem(h, ctx), h).toBeUndefined();
    }
    for (const h of [
      'evil.example:6290',
      'evil.example',
      '127.0.0.1:80',
      '127.0.0.1',
      'localhost.evil.example:6290',
      '10.0.0.1:6290',
      '',
      '127.0.0.1:6290/x',
      'a@127.0.0.1:6290',
    ]) {
      expect(hostProblem(h, ctx), h).toBeDefined();
    }
    expect(hostProblem(undefined, ctx)).toMatch(/no Host header/);
    expect(isLoopbackHostname('0.0.0.0')).toBe(false);
  });

  it('accept the loopback host of an allowed origin (a dev server forwarding to the proxy)', () => {
    expect(hostProblem('localhost:5173', ctx)).toBeUndefined();
    expect(hostProblem('127.0.0.1:5173', ctx)).toBeDefined();
    expect(hostProblem('evil.example:5173', { ...ctx, allowOrigins: ['http://evil.example:5173'] })).toMatch(/not a loopback name/);
  });

  it('accept an explicit non-loopback bind address as Host and Origin', () => {
    const lan = { ...ctx, host: '192.168.1.5' };
    expect(hostProblem('192.168.1.5:6290', lan)).toBeUndefined();
    expect(originProblem('http://192.168.1.5:6290', lan)).toBeUndefined();
    expect(hostProblem('192.168.1.5:6290', { ...ctx, host: '0.0.0.0' })).toBeDefined();
  });

  it('accept only the proxy origins and the allow-list', () => {
    for (const o of [undefined, 'http://127.0.0.1:6290', 'http://localhost:6290', 'http://[::1]:6290', 'http://localhost:5173']) {
      expect(originProblem(o, ctx), o).toBeUndefined();
    }
    for (const o of ['http://evil.example', 'null', 'http://127.0.0.1:6291', 'https://127.0.0.1:6290', 'http://localhost:5174']) {
      expect(originProblem(o, ctx), o).toMatch(/not allowed/);
    }
  });

  it('check in order: Host, then Origin, then token', () => {
    const all = { host: 'evil.example', origin: 'http://evil.example' };
    expect(checkRequest(all, ctx, true)).toMatchObject({ ok: false, status: 403, message: expect.stringMatching(/Host/) });
    expect(checkRequest({ ...all, host: 'localhost:6290' }, ctx, true)).toMatchObject({ status: 403, message: expect.stringMatching(/origin/) });
    expect(checkRequest({ host: 'localhost:6290' }, ctx, true)).toMatchObject({ status: 401, message: expect.stringMatching(/needs the mcpscope token/) });
    expect(checkRequest({ host: 'localhost:6290', authorization: 'Bearer nope' }, ctx, true)).toMatchObject({
      status: 401,
      message: expect.stringMatching(/wrong/),
    });
    expect(checkRequest({ host: 'localhost:6290', authorization: 'Bearer secret-token' }, ctx, true)).toEqual({ ok: true });
    expect(checkRequest({ host: 'localhost:6290' }, ctx, false)).toEqual({ ok: true });
  });
});

describe('the running proxy refuses before spawning anything', () => {
  let proxy: RunningProxy;
  let dir: string;
  let marker: string;
  const openMarker = (): unknown => ({
    type: 'open',
    transport: { kind: 'stdio', command: process.execPath, args: ['-e', "require('fs').writeFileSync(process.argv[1], 'spawned')", marker], env: {} },
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpscope-sec-'));
    proxy = await startProxy({ port: 0, token: 'the-right-token', uiDir: join(dir, 'ui'), graceMs: 300 });
  });
  afterAll(async () => {
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => rmSync(marker, { force: true }));

  /** Connect and, if that works, try to start the marker command. */
  async function attempt(options: ConnectOptions, name: string): Promise<string> {
    marker = join(dir, `${name}.spawned`);
    try {
      const client = await connect(proxy.port, options);
      client.send(openMarker());
      await client.next('opened');
      client.ws.close();
      await client.closed;
      return 'connected';
    } catch (err) {
      await delay(300); // give a wrongly started process time to write
      return (err as Error).message;
    }
  }

  it('starts the marker command on the happy path (the control)', async () => {
    expect(await attempt({ token: 'the-right-token' }, 'happy')).toBe('connected');
    await expect.poll(() => existsSync(marker)).toBe(true);
  });

  it('accepts a non-browser client with a Bearer token and no Origin', async () => {
    expect(await attempt({ origin: null, headers: { Authorization: 'Bearer the-right-token' } }, 'bearer')).toBe('connected');
    await expect.poll(() => existsSync(marker)).toBe(true);
  });

  it('refuses a missing token with 401', async () => {
    expect(await attempt({}, 'none')).toMatch(/^HTTP 401: This request needs the mcpscope token/);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a missing token without Origin with 401', async () => {
    expect(await attempt({ origin: null }, 'none-no-origin')).toMatch(/^HTTP 401/);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a wrong token with 401', async () => {
    expect(await attempt({ token: 'the-wrong-token' }, 'wrong')).toMatch(/^HTTP 401: The mcpscope token is wrong/);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a foreign Origin with 403, even with the token', async () => {
    expect(await attempt({ token: 'the-right-token', origin: 'http://evil.example' }, 'origin')).toMatch(
      /^HTTP 403: Requests from the origin "http:\/\/evil.example" are not allowed/,
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses Host: evil.example with 403, even with the token (DNS rebinding)', async () => {
    expect(await attempt({ token: 'the-right-token', headers: { Host: 'evil.example' } }, 'host')).toMatch(
      /^HTTP 403: The Host header "evil.example" is not a loopback name/,
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a client that does not offer the envelope subprotocol with 400', async () => {
    expect(await attempt({ protocols: ['mcpscope.token.the-right-token'] }, 'noproto')).toMatch(/^HTTP 400: Offer the WebSocket subprotocol "mcpscope.v1"/);
    expect(existsSync(marker)).toBe(false);
  });

  it('never selects the token as the subprotocol', async () => {
    const client = await connect(proxy.port, { token: 'the-right-token' });
    expect(client.ws.protocol).toBe('mcpscope.v1');
    client.ws.close();
    await client.closed;
  });

  it('guards /api/config with the Bearer token', async () => {
    const own = { Host: `127.0.0.1:${proxy.port}` };
    const none = await get(proxy.port, '/api/config', own);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).toMatch(/needs the mcpscope token/);
    expect((await get(proxy.port, '/api/config', { ...own, Authorization: 'Bearer nope' })).status).toBe(401);
    const good = await get(proxy.port, '/api/config', { ...own, Authorization: 'Bearer the-right-token' });
    expect(good.status).toBe(200);
    expect(good.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(good.body)).toMatchObject({ version: expect.any(String), prefill: { kind: 'stdio', command: process.execPath, env: {} } });
    const evilHost = await get(proxy.port, '/api/config', { Host: 'evil.example', Authorization: 'Bearer the-right-token' });
    expect(evilHost.status).toBe(403);
    const evilOrigin = await get(proxy.port, '/api/config', { ...own, Origin: 'http://evil.example', Authorization: 'Bearer the-right-token' });
    expect(evilOrigin.status).toBe(403);
  });

  it('checks Host on static requests too', async () => {
    const res = await get(proxy.port, '/', { Host: `evil.example:${proxy.port}` });
    expect(res.status).toBe(403);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
