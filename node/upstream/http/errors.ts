// The sentences a person reads when an HTTP exchange with a remote server
// fails: what happened, and what to do about it.

import type { HttpProblem } from '../../../src/protocol/wire.js';

export interface HttpFailure {
  problem: HttpProblem;
  message: string;
}

/** Thrown by start() of HTTP transports: a user-facing sentence with its problem code. */
export class HttpStartError extends Error {
  constructor(readonly failure: HttpFailure) {
    super(failure.message);
  }
}

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'EPROTO',
]);

/** A TLS failure: a certificate not trusted, for another name or out of date, or no TLS spoken at all. */
export function isTlsCode(code: string): boolean {
  return TLS_CODES.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL');
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The system error code behind a failed request (fetch wraps it in `cause`, sometimes an AggregateError). */
export function errorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const e = current as ErrorLike;
    if (typeof e.code === 'string' && e.code !== 'ERR_INVALID_STATE') return e.code;
    if (Array.isArray(e.errors) && e.errors.length > 0) {
      const inner = errorCode(e.errors[0]);
      if (inner !== undefined) return inner;
    }
    current = e.cause;
  }
  return undefined;
}

function innermostMessage(err: unknown): string {
  let current: unknown = err;
  let message = 'unknown error';
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const e = current as ErrorLike;
    if (typeof e.message === 'string' && e.message !== '') message = e.message;
    current = e.cause;
  }
  return message;
}

/** A request that never got a response: refused, unresolvable, TLS, reset … */
export function networkFailure(err: unknown, url: string): HttpFailure {
  const u = new URL(url);
  const where = u.host;
  const code = errorCode(err);
  if (code === 'ECONNREFUSED') {
    return {
      problem: 'refused',
      message: `Connection refused by ${where}: nothing is listening there. Check the URL's host and port, and that the server is running.`,
    };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
    return { problem: 'dns', message: `The host name "${u.hostname}" could not be resolved (DNS ${code}). Check the URL for a typo, or your network.` };
  }
  if (code !== undefined && isTlsCode(code)) {
    const raw = innermostMessage(err);
    // OpenSSL's "…:SSL routines:ssl3_get_record:wrong version number:…" → "wrong version number".
    const reason = /SSL routines:[^:]*:([^:]+)/.exec(raw)?.[1] ?? raw;
    const plainHttp =
      code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG' || /wrong version number|packet length too long/.test(raw);
    const hint = plainHttp
      ? ' The server may speak plain HTTP: try http:// instead of https://.'
      : " The server's certificate is not trusted for this host; fix the certificate or use a URL it is valid for.";
    return { problem: 'tls', message: `TLS error talking to ${where}: ${reason} (${code}).${hint}` };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return { problem: 'timeout', message: `Could not connect to ${where}: the connection attempt timed out. Check the URL and any firewall in between.` };
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return { problem: 'network', message: `The connection to ${where} was closed by the server before it answered (${code}).` };
  }
  const inner = innermostMessage(err);
  if (inner === 'bad port') {
    return {
      problem: 'network',
      message: `Port ${u.port} is on the list of ports web clients refuse (it belongs to another protocol), so mcpscope cannot send HTTP there. Run the server on another port.`,
    };
  }
  return { problem: 'network', message: `The request to ${where} failed: ${inner}${code ? ` (${code})` : ''}.` };
}

export function timeoutFailure(url: string, ms: number, what: 'connect' | 'headers' | 'body' | 'endpoint'): HttpFailure {
  const where = new URL(url).host;
  const seconds = Math.round(ms / 100) / 10;
  if (what === 'connect') {
    return { problem: 'timeout', message: `Could not connect to ${where} within ${seconds} s. Check the URL's host and port, and any firewall in between.` };
  }
  const phase = what === 'headers' ? 'no response' : what === 'body' ? 'the response body did not finish' : 'no endpoint event arrived';
  return { problem: 'timeout', message: `Timed out after ${seconds} s talking to ${where}: ${phase}. Is the server busy or stuck?` };
}

/** The first few hundred characters of a body, on one line. */
export function excerpt(text: string, max = 300): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

export interface StatusContext {
  status: number;
  statusText: string;
  url: string;
  method: string;
  body: string;
  wwwAuthenticate?: string | null;
  allow?: string | null;
  /** The request carried a Mcp-Session-Id. */
  hadSession: boolean;
  /** The mode the user picked explicitly, for hints. */
  hint?: string;
  /** Replaces the advice of a 401 (OAuth was asked for, but the person's own Authorization header keeps it off). */
  authorizationHint?: string;
}

/** An HTTP status of 400 or more, as a failure. */
export function statusFailure(c: StatusContext): HttpFailure {
  const line = `HTTP ${c.status}${c.statusText ? ` ${c.statusText}` : ''}`;
  const body = excerpt(c.body);
  const withBody = body === '' ? '' : ` The body says: ${body}`;
  const hint = c.hint ? ` ${c.hint}` : '';
  if (c.status === 404 && c.hadSession) {
    return {
      problem: 'session-expired',
      message: `The server no longer knows this session (${line} to a request carrying its Mcp-Session-Id): the session expired or the server restarted. Re-initialize to start a new session.`,
    };
  }
  switch (c.status) {
    case 401:
      return {
        problem: 'unauthorized',
        message: `The server requires authorization (${line}). ${
          c.wwwAuthenticate ? `It asks for: WWW-Authenticate: ${c.wwwAuthenticate}.` : 'It sent no WWW-Authenticate header saying how.'
        } ${c.authorizationHint ?? 'Add an Authorization header (for example "Authorization: Bearer <token>") and connect again.'}${withBody}`,
      };
    case 403:
      return {
        problem: 'forbidden',
        message: `The server refused access (${line})${c.wwwAuthenticate ? `; WWW-Authenticate: ${c.wwwAuthenticate}` : ''}. The credentials may lack a permission, or the server rejects requests from this machine.${withBody}`,
      };
    case 404:
      return {
        problem: 'not-found',
        message: `Nothing at ${c.url} (${line}). Check the URL's path: Streamable HTTP servers often live at /mcp, HTTP+SSE servers at /sse.${hint}${withBody}`,
      };
    case 405:
      return {
        problem: 'http-error',
        message: `The server does not accept ${c.method} at ${c.url} (${line}${c.allow ? `; Allow: ${c.allow}` : ''}).${hint}${withBody}`,
      };
  }
  if (c.status >= 500) return { problem: 'server-error', message: `The server failed with ${line}.${withBody || ' The body was empty.'}` };
  return { problem: 'http-error', message: `The server answered ${c.method} ${new URL(c.url).pathname} with ${line}.${hint}${withBody}` };
}
