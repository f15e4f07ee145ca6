// The app sandbox as the proxy serves it: a second port with only the sandbox
// page and script, its CSP from the declared domains, and the proxy's API shut
// to it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, get } from '../../test/fixtures/proxy-helpers.js';
import { startProxy, type RunningProxy } from '../server.js';
import { sandboxShownHost } from './server.js';

describe('the app sandbox origin', () => {
  let dir: string;
  let proxy: RunningProxy;
  let sandboxPort: number;
  const token = 'the-sandbox-test-token';
  const page = (query: string) => `/?parent=${encodeURIComponent(`http://127.0.0.1:${proxy.port}`)}${query}`;
  const own = () => ({ Host: `127.0.0.1:${sandboxPort}` });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpscope-sandbox-'));
    mkdirSync(join(dir, 'ui'));
    writeFileSync(join(dir, 'ui', 'sandbox.js'), '// the sandbox script\n');
    writeFileSync(join(dir, 'ui', 'index.html'), '<div id="root"></div>');
    proxy = await startProxy({ port: 0, token, uiDir: join(dir, 'ui'), allowOrigins: ['http://localhost:5173'] });
    sandboxPort = Number(new URL(proxy.sandboxOrigin).port);
  });
  afterAll(async () => {
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on a port of its own, on loopback, named as another site than the page, and /api/config names it', async () => {
    expect(proxy.sandboxOrigin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(sandboxPort).not.toBe(proxy.port);
    const config = await get(proxy.port, '/api/config', { Host: `127.0.0.1:${proxy.port}`, Authorization: `Bearer ${token}` });
    expect(JSON.parse(config.body)).toMatchObject({ sandboxUrl: `${proxy.sandboxOrigin}/` });
  });

  it('serves its page with the CSP of the declared domains as a header, and its script', async () => {
    const reply = await get(sandboxPort, page('&connect=https%3A%2F%2Fapi.example.com&resource=https%3A%2F%2Fcdn.example.com'), own());
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body).toContain('<script type="module" src="/sandbox.js"></script>');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).toContain("script-src 'self' 'unsafe-inline' https://cdn.example.com;");
    expect(csp).toContain(`frame-ancestors 'self' http://127.0.0.1:${proxy.port} http://localhost:${proxy.port} http://localhost:5173`);
    expect(reply.headers['x-frame-options']).toBeUndefined();
    const script = await get(sandboxPort, '/sandbox.js', own());
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('// the sandbox script\n');
  });

  it('leaves a hostile domain out of the header and tells the page why', async () => {
    const hostile = ["* 'unsafe-eval'", 'javascript:alert(1)', `http://127.0.0.1:${proxy.port}`];
    const query = hostile.map((d) => `&connect=${encodeURIComponent(d)}`).join('');
    const reply = await get(sandboxPort, page(query), own());
    expect(reply.status).toBe(200);
    expect(reply.headers['content-security-policy']).toContain("connect-src 'none';");
    expect(reply.headers['content-security-policy']).not.toContain('unsafe-eval');
    const meta = /<meta name="mcpscope-refused-domains" content="([^"]*)">/.exec(reply.body);
    const refused = JSON.parse(
      meta![1]!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ) as Array<{ domain: string; reason: string }>;
    expect(refused.map((r) => r.domain)).toEqual(hostile);
    expect(refused[2]!.reason).toMatch(/mcpscope's own proxy/);
  });

  it('runs only inside the page: a missing or foreign parent is refused', async () => {
    expect((await get(sandboxPort, '/', own())).status).toBe(403);
    const foreign = await get(sandboxPort, '/?parent=http%3A%2F%2Fevil.example', own());
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatch(/runs only inside mcpscope's page/);
  });

  it('checks the Host (DNS rebinding) and serves nothing else: no API, no token, no UI', async () => {
    const rebound = await get(sandboxPort, page(''), { Host: 'evil.example' });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toMatch(/not a loopback name/);
    expect((await get(sandboxPort, page(''), { Host: `127.0.0.1:${proxy.port}` })).status).toBe(403);
    for (const path of ['/api/config', '/ws', '/index.html', '/assets/index.js', '/sandbox.js/../index.html', '/favicon.ico']) {
      const reply = await get(sandboxPort, path, { ...own(), Authorization: `Bearer ${token}` });
      expect(reply.status, path).toBe(404);
      expect(reply.body).not.toContain(token);
    }
    expect((await get(sandboxPort, page(''), own(), 'POST')).status).toBe(405);
  });

  it('is refused by the proxy API and WebSocket, even with the token: another origin', async () => {
    const withToken = { Host: `127.0.0.1:${proxy.port}`, Authorization: `Bearer ${token}` };
    for (const origin of [proxy.sandboxOrigin, 'null']) {
      const reply = await get(proxy.port, '/api/config', { ...withToken, Origin: origin });
      expect(reply.status, origin).toBe(403);
      expect(reply.body).toMatch(/are not allowed: only mcpscope's own page may connect/);
      await expect(connect(proxy.port, { token, origin })).rejects.toThrow(/^HTTP 403: Requests from the origin/);
    }
  });

  it('closes with the proxy', async () => {
    const other = await startProxy({ port: 0, token, uiDir: join(dir, 'ui') });
    const port = Number(new URL(other.sandboxOrigin).port);
    expect((await get(port, '/sandbox.js', { Host: `127.0.0.1:${port}` })).status).toBe(200);
    await other.close();
    const refused = await new Promise<string>((resolve) => {
      const socket = netConnect(port, '127.0.0.1', () => resolve('connected'));
      socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('takes the port it is given, and says so when it is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const taken = (blocker.address() as { port: number }).port;
    try {
      await expect(startProxy({ port: 0, sandboxPort: taken, token, uiDir: join(dir, 'ui') })).rejects.toThrow(
        `The app sandbox: Port ${taken} is in use: pass --sandbox-port N, or --sandbox-port 0 for a free one.`,
      );
    } finally {
      blocker.close();
    }
  });
});

describe('the name the sandbox is shown at', () => {
  it("is a loopback name of another site than the page when the bound address answers to it, else the page's own", () => {
    expect(sandboxShownHost('127.0.0.1', '127.0.0.1')).toBe('localhost');
    expect(sandboxShownHost('127.0.0.1', '0.0.0.0')).toBe('localhost');
    expect(sandboxShownHost('127.0.0.1', '::')).toBe('localhost');
    expect(sandboxShownHost('localhost', '127.0.0.1')).toBe('127.0.0.1');
    // localhost bound to ::1 only: an IPv6 literal cannot be named in the page's CSP, so the same name.
    expect(sandboxShownHost('localhost', '::1')).toBe('localhost');
    // 127.0.0.2 is not what localhost names; a LAN address has no second name.
    expect(sandboxShownHost('127.0.0.2', '127.0.0.2')).toBe('127.0.0.2');
    expect(sandboxShownHost('192.168.1.5', '192.168.1.5')).toBe('192.168.1.5');
  });
});
