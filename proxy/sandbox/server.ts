// The app sandbox: a second loopback port of the proxy, so an app runs on an
// origin other than the page's and can never read the page, its token or the
// API. It serves the sandbox page and its script and nothing else: no API, no
// token, no UI. The Host is checked as the proxy's is (DNS rebinding).
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { SANDBOX_PARENT_QUERY_KEY, appCspHeader } from '../../src/protocol/wire.js';
import { sendText } from '../http.js';
import { fileSize, sendFile } from '../static.js';
import { hostProblem, isWildcardHost, urlHost } from '../security.js';
import { cspFromQuery, type IsProxy } from './csp.js';
import { sandboxPage } from './page.js';

const SANDBOX_SCRIPT = 'sandbox.js';

/**
 * The name the sandbox's URL gives it: where it can, a loopback name of another site than the page's
 * (127.0.0.1 and localhost are two sites, whatever the ports), so the browser runs the sandbox in a
 * process of its own and an app's flood of messages is cut there, off the page's main thread.
 * `pageHost` is the name the page is shown at, `bound` the address the proxy bound.
 */
export function sandboxShownHost(pageHost: string, bound: string): string {
  const reachesV4Loopback = bound === '127.0.0.1' || isWildcardHost(bound);
  if (pageHost === '127.0.0.1' && reachesV4Loopback) return 'localhost';
  if (pageHost === 'localhost' && bound === '127.0.0.1') return '127.0.0.1';
  return pageHost;
}

export interface SandboxOptions {
  /** The proxy's bind address; the sandbox listens there too. */
  host: string;
  /** 0 picks a free one. */
  port: number;
  /** The host name the sandbox's URL names (`sandboxShownHost`). */
  shownHost: string;
  /** Where the built sandbox script is (dist/ui). */
  uiDir: string;
  /** The origins of the pages that may embed the sandbox: the proxy's own and --allow-origin's. */
  pageOrigins: () => readonly string[];
  isProxy: IsProxy;
}

export interface RunningSandbox {
  port: number;
  /** http://localhost:PORT (for a page at 127.0.0.1), no trailing slash. */
  origin: string;
  close(): Promise<void>;
}

const BASE_HEADERS: OutgoingHttpHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

function servePage(req: IncomingMessage, res: ServerResponse, url: URL, options: SandboxOptions): void {
  const origins = options.pageOrigins();
  const parent = url.searchParams.get(SANDBOX_PARENT_QUERY_KEY);
  if (parent === null || !origins.includes(parent)) {
    sendText(res, 403, `The app sandbox runs only inside mcpscope's page: ?${SANDBOX_PARENT_QUERY_KEY}= must name its origin (${origins.join(', ')}).`);
    return;
  }
  const { csp, refused } = cspFromQuery(url.searchParams, options.isProxy);
  const body = Buffer.from(sandboxPage(refused), 'utf8');
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
    // CSP host sources cannot name IPv6 literals.
    'Content-Security-Policy': appCspHeader(
      csp,
      origins.filter((o) => !o.includes('[')),
    ),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function serveScript(req: IncomingMessage, res: ServerResponse, uiDir: string): Promise<void> {
  const file = join(uiDir, SANDBOX_SCRIPT);
  const size = await fileSize(file);
  if (size === undefined) {
    sendText(res, 503, `The app sandbox is not built (${SANDBOX_SCRIPT} is missing): run npm run build, then reload the page.`);
    return;
  }
  sendFile(req, res, file, { 'Content-Type': 'text/javascript; charset=utf-8', 'Content-Length': size, 'Cross-Origin-Resource-Policy': 'same-origin' });
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const ctx = { port: options.port, host: options.host, allowOrigins: [] };
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    for (const [name, value] of Object.entries(BASE_HEADERS)) if (value !== undefined) res.setHeader(name, value);
    const host = hostProblem(req.headers.host, ctx);
    if (host !== undefined) {
      sendText(res, 403, host);
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    } catch {
      sendText(res, 404, 'Not found: the app sandbox serves only its page.');
      return;
    }
    const known = url.pathname === '/' || url.pathname === `/${SANDBOX_SCRIPT}`;
    if (!known) {
      sendText(res, 404, `Not found: ${url.pathname} (the app sandbox serves only its page).`);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendText(res, 405, `${req.method ?? 'This method'} is not allowed here: the app sandbox only serves GET.`);
      return;
    }
    if (url.pathname === '/') servePage(req, res, url, options);
    else
      serveScript(req, res, options.uiDir).catch(() => {
        if (res.headersSent) res.destroy();
        else sendText(res, 500, 'Could not read the app sandbox script.');
      });
  };
  const server = createServer(onRequest);
  // No WebSocket here: an upgrade gets the same 404 as any other path.
  server.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'));
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  server.on('error', () => {});
  const address = server.address();
  ctx.port = typeof address === 'object' && address !== null ? address.port : options.port;
  return {
    port: ctx.port,
    origin: `http://${urlHost(options.shownHost)}:${ctx.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
