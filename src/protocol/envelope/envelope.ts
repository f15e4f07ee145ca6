// The browser⇄proxy envelope: small JSON objects over one WebSocket per MCP
// connection. Payloads are the raw text of JSON-RPC frames, so the UI sees
// exactly what the server wrote. Both sides import these types; the proxy
// validates everything it receives (it comes from a network socket).

import { parseJson } from '../jsonrpc/codec.js';
import { isHttpMode, type HttpMode } from '../http/exchange.js';
import { headerNameProblem, headerValueProblem, httpUrlProblem } from '../http/headers.js';
import { isRecord, isStringArray } from '../json/guards.js';
import type { Result } from '../result.js';
import type { VersionChoice } from '../versions.js';
import { TOKEN_ENDPOINT_AUTH_METHODS, clientMetadataUrlProblem, type AuthFlowAction, type HttpAuthConfig } from '../auth/flow-view.js';
import type { LineBytes, WireUpstreamEvent } from './upstream-event.js';

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
  /** OAuth: how to answer a 401; absent means off. */
  auth?: HttpAuthConfig;
}

export type TransportConfig = StdioTransportConfig | HttpTransportConfig;

/** Browser → proxy. */
export type ClientEnvelope =
  /** `savedServer`: the id of the saved server this is; the proxy puts its kept secrets in place of KEPT_SECRET values. */
  | { type: 'open'; transport: TransportConfig; savedServer?: string }
  | { type: 'send'; raw: string }
  | { type: 'close' }
  /** Drive the OAuth flow of this connection (guided view: Next step, Run all, Cancel). */
  | { type: 'auth'; flowId: string; action: AuthFlowAction };

/** What only the proxy says: the upstream's start, the browser falling behind, errors. */
export type ProxyOwnEnvelope =
  | { type: 'opened'; transport: 'stdio'; pid: number; command: string; args: string[] }
  /** The HTTP counterpart of `opened`: `mode` is what was asked for; with Auto, `http-mode` says what was chosen. */
  | { type: 'http-opened'; url: string; mode: HttpMode; endpoint?: string }
  /** The browser fell behind, so the proxy stopped reading the server for a while: what that held back (sent after the fact). */
  | ({ type: 'output-held' } & OutputHeld)
  | { type: 'error'; code: ProxyErrorCode; message: string };

/**
 * Proxy → browser: every upstream event in its own shape (see upstream-event.ts),
 * and the proxy's own. `at` is the proxy's clock in ms since the epoch.
 */
export type ProxyEnvelope = (WireUpstreamEvent | ProxyOwnEnvelope) & { at: number };

/** A line's bytes in an envelope: set only when it was not valid UTF-8 (base64 of its exact bytes, when the transport had them). */
export type RawBytes = LineBytes<string>;

/** Exact bytes of an invalid-UTF-8 line are sent (base64) and saved only up to this length. */
export const MAX_KEPT_LINE_BYTES = 1024 * 1024;

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
  /** The protocol choice that suits the prefilled server, when it is known (the 2026-07-28 demo: Auto). */
  protocolChoice?: VersionChoice;
  /** The prefill is this listed server (npm start --config --server): its secrets are KEPT_SECRET, kept by the proxy, so it opens by reference. */
  savedServer?: string;
  /** The proxy's app sandbox (a second origin, http://127.0.0.1:PORT/), where MCP Apps run. */
  sandboxUrl?: string;
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
  const auth = parseHttpAuthConfig(v.auth);
  if (!auth.ok) return auth;
  return { ok: true, value: { kind: 'http', url: v.url.trim(), headers: headers.value, mode, ...(auth.value && { auth: auth.value }) } };
}

const AUTH_MODES: readonly string[] = ['guided', 'quick', 'off'];

function parseHttpAuthConfig(v: unknown): Result<HttpAuthConfig | undefined> {
  if (v === undefined) return { ok: true, value: undefined };
  if (!isRecord(v)) return { ok: false, error: 'transport.auth must be an object' };
  if (typeof v.mode !== 'string' || !AUTH_MODES.includes(v.mode)) {
    return { ok: false, error: `transport.auth.mode ${JSON.stringify(v.mode)} is not guided, quick or off` };
  }
  const config: HttpAuthConfig = { mode: v.mode as HttpAuthConfig['mode'] };
  for (const key of ['clientId', 'clientSecret', 'clientMetadataUrl', 'scope'] as const) {
    const value = v[key];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') return { ok: false, error: `transport.auth.${key} must be a string` };
    config[key] = value;
  }
  if (v.tokenEndpointAuthMethod !== undefined) {
    const method = TOKEN_ENDPOINT_AUTH_METHODS.find((m) => m === v.tokenEndpointAuthMethod);
    if (method === undefined) {
      return {
        ok: false,
        error: `transport.auth.tokenEndpointAuthMethod ${JSON.stringify(v.tokenEndpointAuthMethod)} is not client_secret_basic, client_secret_post or none`,
      };
    }
    config.tokenEndpointAuthMethod = method;
  }
  const cimdProblem = config.clientMetadataUrl === undefined ? undefined : clientMetadataUrlProblem(config.clientMetadataUrl);
  if (cimdProblem !== undefined) return { ok: false, error: `transport.auth.clientMetadataUrl ${cimdProblem}` };
  return { ok: true, value: config };
}

export function parseTransportConfig(v: unknown): Result<TransportConfig> {
  if (!isRecord(v)) return { ok: false, error: 'transport must be an object' };
  if (v.kind === 'http') return parseHttpTransportConfig(v);
  if (v.kind !== 'stdio') return { ok: false, error: `transport kind ${JSON.stringify(v.kind)} is not supported` };
  if (typeof v.command !== 'string' || v.command.trim() === '') {
    return { ok: false, error: 'transport.command must be a non-empty string' };
  }
  const args = v.args ?? [];
  if (!isStringArray(args)) {
    return { ok: false, error: 'transport.args must be an array of strings' };
  }
  const env = parseStringRecord(v.env, 'transport.env');
  if (!env.ok) return env;
  if (v.cwd !== undefined && typeof v.cwd !== 'string') return { ok: false, error: 'transport.cwd must be a string' };
  const config: StdioTransportConfig = { kind: 'stdio', command: v.command, args, env: env.value };
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
      if (!t.ok) return t;
      if (v.savedServer === undefined) return { ok: true, value: { type: 'open', transport: t.value } };
      if (typeof v.savedServer !== 'string' || v.savedServer === '') return { ok: false, error: 'open.savedServer must be the id of a saved server' };
      return { ok: true, value: { type: 'open', transport: t.value, savedServer: v.savedServer } };
    }
    case 'send':
      if (typeof v.raw !== 'string') return { ok: false, error: 'send.raw must be a string' };
      return { ok: true, value: { type: 'send', raw: v.raw } };
    case 'close':
      return { ok: true, value: { type: 'close' } };
    case 'auth':
      if (typeof v.flowId !== 'string') return { ok: false, error: 'auth.flowId must be a string' };
      if (v.action !== 'next' && v.action !== 'run-all' && v.action !== 'cancel') {
        return { ok: false, error: `auth.action ${JSON.stringify(v.action)} is not next, run-all or cancel` };
      }
      return { ok: true, value: { type: 'auth', flowId: v.flowId, action: v.action } };
    default:
      return { ok: false, error: `unknown envelope type ${JSON.stringify(v.type)}` };
  }
}

/** Every envelope type, checked against the union by the compiler (a missing or extra one does not build). */
const PROXY_ENVELOPE_TYPES: Record<ProxyEnvelope['type'], true> = {
  message: true,
  noise: true,
  oversize: true,
  stderr: true,
  http: true,
  'http-mode': true,
  'request-failed': true,
  auth: true,
  close: true,
  opened: true,
  'http-opened': true,
  'output-held': true,
  error: true,
};
const PROXY_TYPES: ReadonlySet<string> = new Set(Object.keys(PROXY_ENVELOPE_TYPES));

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
