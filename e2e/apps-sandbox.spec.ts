// The proxy's app sandbox in Chromium, driven by a tiny host: a page on a
// third loopback origin (served here, allowed with --allow-origin as a dev
// server would be) that mounts the sandbox page and speaks the sandbox-proxy
// messages by hand. Each app is hostile in one way; the sandbox stops it and
// says so.
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { startOwnProxy, type OwnProxy } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-apps-sandbox-token-0123456789';
const HOST_PAGE = `<!doctype html><title>host</title><iframe title="sandbox" sandbox="allow-scripts allow-same-origin allow-forms"></iframe>
<script>
window.seen = [];
window.start = (src, origin, html) => {
  const frame = document.querySelector('iframe');
  addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow || e.origin !== origin) return;
    window.seen.push(e.data);
    if (e.data.method === 'ui/notifications/sandbox-proxy-ready') {
      frame.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html } }, origin);
    }
  });
  frame.src = src;
};
</script>`;

/** The host page's server, and a loopback stand-in for a CDN: /script.js tells the host it ran. */
let servers: Server[] = [];
let hostOrigin: string;
let cdnOrigin: string;
let proxy: OwnProxy;
let sandboxUrl: string;

async function serve(body: (url: string) => { type: string; text: string }): Promise<string> {
  const server = createServer((req, res) => {
    const { type, text } = body(req.url ?? '/');
    res.writeHead(200, { 'Content-Type': type });
    res.end(text);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

test.beforeAll(async () => {
  hostOrigin = await serve(() => ({ type: 'text/html', text: HOST_PAGE }));
  cdnOrigin = await serve(() => ({ type: 'text/javascript', text: "parent.postMessage({ jsonrpc: '2.0', method: 'test/cdn-script-ran' }, '*');" }));
  proxy = await startOwnProxy(TOKEN, ['--port', '0', '--no-open', '--allow-origin', hostOrigin]);
  const config = await fetch(`${proxy.origin}/api/config`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  sandboxUrl = ((await config.json()) as { sandboxUrl: string }).sandboxUrl;
});
test.afterAll(async () => {
  await proxy?.stop();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

interface Seen {
  method?: string;
  params?: Record<string, unknown>;
}

/** Opens the host page with the sandbox running `appHtml` under these declared domains; returns what the sandbox sent. */
async function host(page: Page, appHtml: string, query = ''): Promise<() => Promise<Seen[]>> {
  const origin = new URL(sandboxUrl).origin;
  const src = `${origin}/?parent=${encodeURIComponent(hostOrigin)}${query}`;
  await page.goto(`${hostOrigin}/host.html`);
  await page.evaluate(([s, o, h]) => (window as unknown as { start: (...a: string[]) => void }).start(s!, o!, h!), [src, origin, appHtml]);
  return () => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
}

const diagnostics = (seen: Seen[]) => seen.filter((m) => m.method === 'notifications/mcpscope/sandbox-diagnostic').map((m) => m.params!);
const initialize = "parent.postMessage({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }, '*');";

test('an app that reads parent.document gets a SecurityError, and it is reported', async ({ page }) => {
  const seen = await host(page, `<!doctype html><script>${initialize} const stolen = parent.document.title;</script>`);
  await expect
    .poll(async () => diagnostics(await seen()))
    .toContainEqual({ kind: 'app-error', message: expect.stringMatching(/SecurityError|cross-origin frame/) });
  const all = await seen();
  // Its messages still reach the host, and the sandbox measured the time to ui/initialize.
  expect(all).toContainEqual(expect.objectContaining({ method: 'ui/initialize', id: 1 }));
  expect(diagnostics(all)).toContainEqual({ kind: 'initialize-time', ms: expect.any(Number) });
});

test("the proxy's API and WebSocket are blocked by the CSP, and the attempts reported", async ({ page }) => {
  const api = proxy.origin;
  const seen = await host(
    page,
    `<script>
fetch('${api}/api/config', { headers: { Authorization: 'Bearer guess' } }).then(
  () => parent.postMessage({ jsonrpc: '2.0', method: 'test/fetched' }, '*'),
  () => parent.postMessage({ jsonrpc: '2.0', method: 'test/fetch-failed' }, '*'));
try { new WebSocket('${api.replace('http:', 'ws:')}/ws'); } catch (e) { parent.postMessage({ jsonrpc: '2.0', method: 'test/ws-failed' }, '*'); }
</script>`,
    // Declaring the proxy does not help: the sandbox refuses that domain.
    `&connect=${encodeURIComponent(api)}`,
  );
  await expect.poll(async () => (await seen()).map((m) => m.method)).toContain('test/fetch-failed');
  const found = diagnostics(await seen());
  expect(found).toContainEqual(expect.objectContaining({ kind: 'csp-domain-refused', domain: api, reason: expect.stringMatching(/mcpscope's own proxy/) }));
  await expect
    .poll(async () =>
      diagnostics(await seen())
        .filter((d) => d.kind === 'csp-violation' && d.directive === 'connect-src')
        .map((d) => d.blockedUri),
    )
    .toEqual(expect.arrayContaining([`${api}/api/config`, expect.stringMatching(new RegExp(`^${api.replace('http:', 'ws:').replace(/\./g, '\\.')}/ws`))]));
  expect((await seen()).map((m) => m.method)).not.toContain('test/fetched');
});

test('a script from an undeclared origin is blocked and reported; a declared one runs', async ({ page }) => {
  const app = `<!doctype html><script src="${'CDN'}/script.js"></script>`;
  const blocked = await host(page, app.replace('CDN', cdnOrigin));
  await expect
    .poll(async () => diagnostics(await blocked()))
    .toContainEqual(expect.objectContaining({ kind: 'csp-violation', directive: 'script-src-elem', blockedUri: `${cdnOrigin}/script.js` }));
  expect((await blocked()).map((m) => m.method)).not.toContain('test/cdn-script-ran');

  const allowed = await host(page, app.replace('CDN', cdnOrigin), `&resource=${encodeURIComponent(cdnOrigin)}`);
  await expect.poll(async () => (await allowed()).map((m) => m.method)).toContain('test/cdn-script-ran');
  expect(diagnostics(await allowed()).filter((d) => d.kind === 'csp-violation')).toEqual([]);
});

test("a <meta> CSP in the app's own HTML cannot loosen the header's", async ({ page }) => {
  const seen = await host(
    page,
    `<!doctype html><meta http-equiv="Content-Security-Policy" content="script-src * 'unsafe-inline'; connect-src *"><script src="${cdnOrigin}/script.js"></script>`,
  );
  await expect
    .poll(async () => diagnostics(await seen()))
    .toContainEqual(expect.objectContaining({ kind: 'csp-violation', blockedUri: `${cdnOrigin}/script.js` }));
  expect((await seen()).map((m) => m.method)).not.toContain('test/cdn-script-ran');
});

test("mcpscope's own page may frame the sandbox (its CSP names it), which then says it is ready", async ({ page }) => {
  await page.goto(proxy.page);
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  const ready = await page.evaluate(
    ([url, parent]) =>
      new Promise<unknown>((resolve) => {
        const frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
        addEventListener('message', (e) => {
          if (e.source === frame.contentWindow) resolve(e.data);
        });
        frame.src = `${url}?parent=${encodeURIComponent(parent!)}`;
        document.body.append(frame);
      }),
    [sandboxUrl, proxy.origin],
  );
  expect(ready).toEqual({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
});
