// Small HTTP helpers: the security headers every response carries, plain-text
// replies, and refusing a WebSocket upgrade on the raw socket.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

export function securityHeaders(ownOrigins: readonly string[]): OutgoingHttpHeaders {
  // CSP host sources cannot name IPv6 literals; 'self' covers the page's own origin.
  const connect = ownOrigins
    .filter((o) => !o.includes('['))
    .flatMap((o) => [o, o.replace(/^http:/, 'ws:')])
    .join(' ');
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Content-Security-Policy': [
      "default-src 'self'",
      // No eval: server-provided JSON Schemas are interpreted, never compiled to code.
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      // Tool results carry images and audio as data: URLs; tool icons may be https: URLs.
      "img-src 'self' data: https:",
      "media-src 'self' data:",
      "font-src 'self' data:",
      `connect-src 'self' ${connect}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  };
}

export function sendText(res: ServerResponse, status: number, body: string, headers: OutgoingHttpHeaders = {}): void {
  const bytes = Buffer.from(`${body}\n`, 'utf8');
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': bytes.length,
    'Cache-Control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : bytes);
}

export function sendJson(res: ServerResponse, value: unknown, status = 200): void {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length, 'Cache-Control': 'no-store' });
  res.end(res.req.method === 'HEAD' ? undefined : bytes);
}

/** Answer an upgrade request with a plain HTTP error and close the connection. */
export function refuseUpgrade(socket: Duplex, status: number, body: string, headers: OutgoingHttpHeaders = {}): void {
  if (socket.destroyed) return;
  const bytes = Buffer.from(`${body}\n`, 'utf8');
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
  const all: OutgoingHttpHeaders = {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': bytes.length,
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) lines.push(`${k}: ${String(v)}`);
  socket.once('finish', () => socket.destroy());
  socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bytes]));
}

/** An API refusal: `{ error }`, one sentence saying what happened and what to do. */
export function sendError(res: ServerResponse, status: number, error: string): void {
  sendJson(res, { error }, status);
}

/** 405 for an API route, naming the methods it takes. */
export function allow(res: ServerResponse, methods: string, what: string, method: string | undefined): void {
  res.setHeader('Allow', methods);
  sendError(res, 405, `${method ?? 'This method'} is not allowed on ${what}: use ${methods.replace(/, ([^,]+)$/, ' or $1')}.`);
}
