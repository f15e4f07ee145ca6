// The browser⇄proxy envelope: small JSON objects over one WebSocket per MCP
// connection. Payloads are the raw text of JSON-RPC frames, so the UI sees
// exactly what the server wrote. Both sides import these types; the proxy
// validates everything it receives (it comes from a network socket).

import { parseJson, type JsonRpcId } from '../jsonrpc/codec.js';
import { isHttpMode, type HttpExchange, type HttpMode, type HttpProblem, type ResolvedHttpMode } from '../http/exchange.js';
import { headerNameProblem, headerValueProblem, httpUrlProblem } from '../http/headers.js';

/** WebSocket subprotocol naming this envelope version. */
export const ENVELOPE_SUBPROTOCOL = 'mcpscope.v1';
/** Browsers cannot set headers on a WebSocket, so the token rides as a second subprotocol. */
export const TOKEN_SUBPROTOCOL_PREFIX = 'mcpscope.token.';

export interface StdioTransportConfig {
  kind: 'stdio';
  command: string;
  args: string[];
  /** The user's entries; the proxy adds a safe default set (PATH, HOME, …). */
  env: Record<string, string>;
  cwd?: string;
}

/** A remote server, reached by the proxy (the browser never talks to it). */
export interface HttpTransportConfig {
  kind: 'http';
  url: string;
  /** Extra request headers, e.g. Authorization. */
  headers: Record<string, string>;
  mode: HttpMode;
}

export type TransportConfig = StdioTransportConfig | HttpTransportConfig;

/** Browser → proxy. */
export type ClientEnvelope = { type: 'open'; transport: TransportConfig } | { type: 'send'; raw: string } | { type: 'close' };

/** Proxy → browser. `at` is the proxy's clock in ms since the epoch. */
export type ProxyEnvelope =
  | { type: 'opened'; at: number; transport: 'stdio'; pid: number; command: string; args: string[] }
  /** The HTTP counterpart of `opened`: `mode` is what was asked for; with Auto, `http-mode` says what was chosen. */
  | { type: 'http-opened'; at: number; url: string; mode: HttpMode; endpoint?: string }
  /** One HTTP exchange, sent again each time it changes (same `exchange.id`). */
  | { type: 'http'; at: number; exchange: HttpExchange }
  /** The HTTP transport in use, once known, and why. */
  | { type: 'http-mode'; at: number; mode: ResolvedHttpMode; reason: string }
  /** The transport failed these requests: no answer will come for them. */
  | { type: 'request-failed'; at: number; requestIds: JsonRpcId[]; problem: HttpProblem; message: string }
  | ({ type: 'recv'; at: number; raw: string } & RawBytes)
  | ({ type: 'noise'; at: number; raw: string } & RawBytes)
  | { type: 'oversize'; at: number; bytes: number; limit: number }
  | ({ type: 'stderr'; at: number; line: string } & RawBytes)
  /** The browser fell behind, so the proxy stopped reading the server for a while: what that held back (sent after the fact). */
  | ({ type: 'output-held'; at: number } & OutputHeld)
  | {
      type: 'closed';
      at: number;
      code: number | null;
      signal: string | null;
      /** A sentence that says what happened. */
      reason: string;
      stderrTail: string[];
    }
  | { type: 'error'; at: number; code: ProxyErrorCode; message: string };

/** Set only when the line was not valid UTF-8 (its text then has U+FFFD where the bad bytes were). */
export interface RawBytes {
  invalidUtf8?: boolean;
  /** The line's exact bytes, base64, when the transport had them. */
  bytes?: string;
}

/** Counts since the last report of this kind. */
export interface OutputHeld {
  /** How many times reading stopped, and for how long in all. */
  pauses: number;
  pausedMs: number;
  /** stderr lines read before a pause took hold, held by the proxy and sent after it. */
  heldLines: number;
  heldBytes: number;
  /** stderr lines dropped because too much was held (protocol frames never are). */
  droppedLines: number;
  droppedBytes: number;
}

export type ProxyErrorCode =
  | 'bad-envelope'
  | 'not-open'
  | 'already-open'
  | 'spawn-failed'
  | 'connect-failed'
  /** The proxy already runs as many servers as it may (--max-servers). */
  | 'server-limit'
  | 'write-failed';

/** What `npm start -- <command> …` (or `--url …`) asks the UI to prefill. */
export interface LaunchConfig {
  version: string;
  prefill: TransportConfig;
}

type Result<T> = { ok: true; value: T } | { ok: false; error: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseStringRecord(v: unknown, what: string): Result<Record<string, string>> {
  if (v === undefined) return { ok: true, value: {} };
  if (!isRecord(v)) return { ok: false, error: `${what} must be an object of strings` };
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== 'string') return { ok: false, error: `${what}.${k} must be a string` };
  }
  return { ok: true, value: v as Record<string, string> };
}

function parseHttpTransportConfig(v: Record<string, unknown>): Result<HttpTransportConfig> {
  if (typeof v.url !== 'string') return { ok: false, error: 'transport.url must be a string' };
  const urlProblem = httpUrlProblem(v.url);
  if (urlProblem !== undefined) return { ok: false, error: `transport.url: ${urlProblem}` };
  const headers = parseStringRecord(v.headers, 'transport.headers');
  if (!headers.ok) return headers;
  for (const [name, value] of Object.entries(headers.value)) {
    const problem = headerNameProblem(name) ?? headerValueProblem(name, value);
    if (problem !== undefined) return { ok: false, error: `transport.headers: ${problem}` };
  }
  const mode = v.mode ?? 'auto';
  if (!isHttpMode(mode)) return { ok: false, error: `transport.mode ${JSON.stringify(mode)} is not auto, streamable-http, sse or plain` };
  return { ok: true, value: { kind: 'http', url: v.url.trim(), headers: headers.value, mode } };
}

export function parseTransportConfig(v: unknown): Result<TransportConfig> {
  if (!isRecord(v)) return { ok: false, error: 'transport must be an object' };
  if (v.kind === 'http') return parseHttpTransportConfig(v);
  if (v.kind !== 'stdio') return { ok: false, error: `transport kind ${JSON.stringify(v.kind)} is not supported` };
  if (typeof v.command !== 'string' || v.command.trim() === '') {
    return { ok: false, error: 'transport.command must be a non-empty string' };
  }
  const args = v.args ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
    return { ok: false, error: 'transport.args must be an array of strings' };
  }
  const env = parseStringRecord(v.env, 'transport.env');
  if (!env.ok) return env;
  if (v.cwd !== undefined && typeof v.cwd !== 'string') return { ok: false, error: 'transport.cwd must be a string' };
  const config: StdioTransportConfig = { kind: 'stdio', command: v.command, args: args as string[], env: env.value };
  if (typeof v.cwd === 'string' && v.cwd !== '') config.cwd = v.cwd;
  return { ok: true, value: config };
}

/** Validate one browser → proxy envelope. */
export function parseClientEnvelope(text: string): Result<ClientEnvelope> {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, error: `envelope is not JSON: ${parsed.error}` };
  const v = parsed.value;
  if (!isRecord(v)) return { ok: false, error: 'envelope must be a JSON object' };
  switch (v.type) {
    case 'open': {
      const t = parseTransportConfig(v.transport);
      return t.ok ? { ok: true, value: { type: 'open', transport: t.value } } : t;
    }
    case 'send':
      if (typeof v.raw !== 'string') return { ok: false, error: 'send.raw must be a string' };
      return { ok: true, value: { type: 'send', raw: v.raw } };
    case 'close':
      return { ok: true, value: { type: 'close' } };
    default:
      return { ok: false, error: `unknown envelope type ${JSON.stringify(v.type)}` };
  }
}

const PROXY_TYPES = new Set([
  'opened',
  'recv',
  'noise',
  'oversize',
  'stderr',
  'output-held',
  'closed',
  'error',
  'http-opened',
  'http',
  'http-mode',
  'request-failed',
]);

/** Parse one proxy → browser envelope (the proxy is trusted; this guards against version skew). */
export function parseProxyEnvelope(text: string): Result<ProxyEnvelope> {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, error: `envelope is not JSON: ${parsed.error}` };
  const v = parsed.value;
  if (!isRecord(v) || typeof v.type !== 'string' || !PROXY_TYPES.has(v.type)) {
    return { ok: false, error: 'unknown envelope from the proxy' };
  }
  return { ok: true, value: v as unknown as ProxyEnvelope };
}
