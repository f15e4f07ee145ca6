// The proxy can start processes: it is guarded like a shell. Every request must
// name the proxy by a loopback Host (stops DNS rebinding), come from one of its
// own origins when a browser sent it (stops cross-site pages), and, for the API
// and WebSocket, carry the per-launch token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { TOKEN_SUBPROTOCOL_PREFIX } from '../src/protocol/wire.js';

export const MIN_TOKEN_LENGTH = 16;

/** MCPSCOPE_TOKEN when set, else 32 random bytes. Throws when MCPSCOPE_TOKEN cannot ride in a subprotocol. */
export function createToken(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.MCPSCOPE_TOKEN;
  if (given === undefined || given === '') return randomBytes(32).toString('base64url');
  // It travels as a WebSocket subprotocol and in a URL fragment: keep to safe characters.
  if (!/^[A-Za-z0-9._~-]+$/.test(given)) {
    throw new Error('MCPSCOPE_TOKEN may only contain letters, digits and the characters - _ . ~ (unset it to get a random token).');
  }
  // Whoever has the token can start processes as you: it must not be guessable.
  if (given.length < MIN_TOKEN_LENGTH) {
    throw new Error(`MCPSCOPE_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters long (unset it to get a random token).`);
  }
  return given;
}

/** Constant-time: both sides are hashed first, so lengths leak nothing either. */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/** The host part of a URL: IPv6 addresses go in brackets. */
export function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '';
}

export interface SecurityContext {
  port: number;
  token: string;
  /** The bind address; a specific non-loopback one (given with --host) is accepted as a Host too. */
  host: string;
  /** Extra origins from --allow-origin, normalised (`new URL(x).origin`). */
  allowOrigins: readonly string[];
}

export function ownOrigins(ctx: Pick<SecurityContext, 'port' | 'host'>): string[] {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (!isLoopbackHostname(ctx.host) && !isWildcardHost(ctx.host)) names.push(urlHost(ctx.host));
  // Browsers leave the default port out of an origin.
  return names.map((n) => (ctx.port === 80 ? `http://${n}` : `http://${n}:${ctx.port}`));
}

/**
 * The Host must be a loopback name (or the explicit bind address) with the
 * proxy's port. A loopback host of an --allow-origin entry passes too: a dev
 * server forwarding /api and /ws keeps its own Host.
 */
export function hostProblem(hostHeader: string | undefined, ctx: Pick<SecurityContext, 'port' | 'host' | 'allowOrigins'>): string | undefined {
  const fix = `Open mcpscope at http://127.0.0.1:${ctx.port}/ instead.`;
  if (hostHeader === undefined || hostHeader === '') return `The request has no Host header. ${fix}`;
  let url: URL;
  try {
    url = new URL(`http://${hostHeader}`);
  } catch {
    return `The Host header "${hostHeader}" is not a host name. ${fix}`;
  }
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    return `The Host header "${hostHeader}" is not a host name. ${fix}`;
  }
  const port = url.port === '' ? 80 : Number(url.port);
  const bindName = isWildcardHost(ctx.host) ? undefined : urlHost(ctx.host).toLowerCase();
  if (!isLoopbackHostname(url.hostname) && url.hostname !== bindName) {
    return `The Host header "${hostHeader}" is not a loopback name: mcpscope only answers to localhost, 127.0.0.1 or [::1] (this blocks DNS rebinding). ${fix}`;
  }
  const forwarded = ctx.allowOrigins.some((o) => new URL(o).host === url.host);
  if (port !== ctx.port && !forwarded) return `The Host header "${hostHeader}" names another port than ${ctx.port}. ${fix}`;
  return undefined;
}

export function originProblem(origin: string | undefined, ctx: SecurityContext): string | undefined {
  if (origin === undefined) return undefined;
  if (ownOrigins(ctx).includes(origin) || ctx.allowOrigins.includes(origin)) return undefined;
  return `Requests from the origin "${origin}" are not allowed: only mcpscope's own page may connect. To allow another origin, start mcpscope with --allow-origin ${origin === 'null' ? 'URL' : origin}.`;
}

/** The token from `Authorization: Bearer …` or a `mcpscope.token.…` WebSocket subprotocol. */
export function tokenFromHeaders(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (auth !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m) return m[1];
  }
  const protocols = headers['sec-websocket-protocol'];
  if (protocols !== undefined) {
    for (const p of protocols.split(',')) {
      const entry = p.trim();
      if (entry.startsWith(TOKEN_SUBPROTOCOL_PREFIX)) return entry.slice(TOKEN_SUBPROTOCOL_PREFIX.length);
    }
  }
  return undefined;
}

export type Verdict = { ok: true } | { ok: false; status: 401 | 403; message: string };

/**
 * Check one request in order: bad Host → 403, bad Origin → 403, then (when
 * `needToken`) a missing or wrong token → 401.
 */
export function checkRequest(headers: IncomingHttpHeaders, ctx: SecurityContext, needToken: boolean): Verdict {
  const host = hostProblem(headers.host, ctx);
  if (host !== undefined) return { ok: false, status: 403, message: host };
  const origin = originProblem(headers.origin, ctx);
  if (origin !== undefined) return { ok: false, status: 403, message: origin };
  if (!needToken) return { ok: true };
  const token = tokenFromHeaders(headers);
  if (token === undefined) {
    return {
      ok: false,
      status: 401,
      message:
        'This request needs the mcpscope token. Open the URL mcpscope printed at start-up (it carries the token after #token=), or send "Authorization: Bearer <token>".',
    };
  }
  if (!tokensEqual(token, ctx.token)) {
    return {
      ok: false,
      status: 401,
      message: 'The mcpscope token is wrong (it changes at every start). Open the URL mcpscope printed at start-up again.',
    };
  }
  return { ok: true };
}
