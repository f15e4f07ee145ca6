import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../test/fixtures/proxy-helpers.js';
import { startProxy, type RunningProxy } from './server.js';
import { resolveInside } from './static.js';

describe('static files', () => {
  let proxy: RunningProxy;
  let missing: RunningProxy;
  let dir: string;
  let own: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpscope-ui-'));
    const ui = join(dir, 'ui');
    mkdirSync(join(ui, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'secret.txt'), 'TOP SECRET');
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>mcpscope</title>');
    writeFileSync(join(ui, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(ui, 'assets', 'app-1234.css'), 'body{}');
    writeFileSync(join(ui, 'favicon.svg'), '<svg/>');
    writeFileSync(join(ui, '.env'), 'HIDDEN=1');
    proxy = await startProxy({ port: 0, token: 't0ken', uiDir: ui });
    missing = await startProxy({ port: 0, token: 't0ken', uiDir: join(dir, 'nothing-here') });
    own = { Host: `127.0.0.1:${proxy.port}` };
  });
  afterAll(async () => {
    await Promise.all([proxy.close(), missing.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves files with their content type and security headers, no token needed', async () => {
    const index = await get(proxy.port, '/', own);
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>mcpscope</title>');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    expect(index.headers['x-frame-options']).toBe('DENY');
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`connect-src 'self' http://127.0.0.1:${proxy.port} ws://127.0.0.1:${proxy.port}`);
    expect(csp).toContain("frame-ancestors 'none'");
    // The page frames the app sandbox and nothing else.
    expect(csp).toContain(`frame-src ${proxy.sandboxOrigin};`);
    // The page holds the token that starts processes: no eval, no inline script.
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

    const js = await get(proxy.port, '/assets/app-1234.js', own);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await get(proxy.port, '/assets/app-1234.css', own)).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get(proxy.port, '/favicon.svg', own)).headers['content-type']).toBe('image/svg+xml');
    const head = await get(proxy.port, '/assets/app-1234.js', own, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('falls back to index.html for app routes, not for missing assets', async () => {
    const route = await get(proxy.port, '/tools/add?x=1', own);
    expect(route.status).toBe(200);
    expect(route.body).toContain('<title>mcpscope</title>');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect((await get(proxy.port, '/assets/missing.js', own)).status).toBe(404);
  });

  it('never serves files outside the UI directory or dotfiles', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/.env', '/%2eenv', '/..%5csecret.txt']) {
      const res = await get(proxy.port, path, own);
      expect(res.body, path).not.toContain('TOP SECRET');
      expect(res.body, path).not.toContain('HIDDEN');
    }
    expect(resolveInside('/srv/ui', '/..%2fsecret.txt')).toBeUndefined();
    expect(resolveInside('/srv/ui', '/%E0%A4%A')).toBeUndefined();
    expect(resolveInside('/srv/ui', '/a/b.js')).toBe('/srv/ui/a/b.js');
  });

  it('refuses other methods', async () => {
    const res = await get(proxy.port, '/', own, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('says how to build the UI when it is missing', async () => {
    const res = await get(missing.port, '/', { Host: `localhost:${missing.port}` });
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('the UI is not built: run npm run build');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('startProxy', () => {
  it('prints the token in the URL fragment and binds loopback', async () => {
    const proxy = await startProxy({ port: 0, token: 'abc' });
    try {
      expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}/#token=abc`);
      expect(proxy.token).toBe('abc');
    } finally {
      await proxy.close();
    }
  });

  it('says clearly when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startProxy({ port })).rejects.toThrow(`Port ${port} is in use: pass --port N, or --port 0 for a free one.`);
    } finally {
      blocker.close();
    }
  });

  it('warns when bound beyond loopback', async () => {
    const warnings: string[] = [];
    const proxy = await startProxy({ port: 0, host: '0.0.0.0', warn: (l) => warnings.push(l) });
    await proxy.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/not on loopback.*can start processes/);
    const quiet: string[] = [];
    await (await startProxy({ port: 0, warn: (l) => quiet.push(l) })).close();
    expect(quiet).toEqual([]);
  });
});
