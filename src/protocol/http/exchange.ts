// What the proxy reports about each HTTP exchange with a remote MCP server:
// the request, the response, timings and sizes, and — when it went wrong — a
// sentence that says what happened. Shared by the proxy (which records them),
// the UI (Network view, log) and the CLI.

import { classifyFrame, type JsonRpcId, type SingleFrame } from '../jsonrpc/codec.js';
import { formatBytes, formatDuration } from '../text/format.js';
import { plural } from '../text/plural.js';
import { requestIdOf, type RequestId } from '../ledger/request-id.js';
import type { AuthStepId } from '../auth/flow-view.js';

/** The transport the user asked for. */
export type HttpMode = 'auto' | 'streamable-http' | 'sse' | 'plain';
/** The transport in use once Auto has decided. */
export type ResolvedHttpMode = Exclude<HttpMode, 'auto'>;

export const HTTP_MODES: readonly HttpMode[] = ['auto', 'streamable-http', 'sse', 'plain'];

export const HTTP_MODE_LABEL: Record<HttpMode, string> = {
  auto: 'Auto',
  'streamable-http': 'Streamable HTTP',
  sse: 'HTTP+SSE (2024-11-05)',
  plain: 'Plain JSON-RPC',
};

export function isHttpMode(v: unknown): v is HttpMode {
  return typeof v === 'string' && (HTTP_MODES as readonly string[]).includes(v);
}

/** Why an exchange happened. */
export type HttpExchangePurpose =
  /** A POST carrying one client message (Streamable HTTP, plain, or to an HTTP+SSE endpoint). */
  | 'message'
  /** The optional GET stream for messages the server starts. */
  | 'listen'
  /** A GET with Last-Event-ID, resuming a stream that dropped. */
  | 'resume'
  /** The HTTP+SSE event stream (GET), which names the endpoint to POST to. */
  | 'event-stream'
  /** DELETE of the Streamable HTTP session on disconnect. */
  | 'end-session'
  /** An OAuth exchange (discovery, registration, token …) of the authorization flow; `authStep` names its step. */
  | 'oauth';

export type HttpExchangeState = 'sending' | 'streaming' | 'done' | 'failed' | 'cancelled';

/** What kind of failure, so the UI can choose what to offer (Re-initialize, a header to add …). */
export type HttpProblem =
  | 'refused'
  | 'dns'
  | 'tls'
  | 'network'
  | 'timeout'
  | 'redirect'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'session-expired'
  | 'http-error'
  | 'server-error'
  | 'bad-body'
  | 'bad-content-type'
  | 'stream-cut'
  | 'too-large'
  | 'no-endpoint';

/** One JSON-RPC message a request body carried. */
export interface CarriedMessage {
  kind: SingleFrame['kind'];
  method?: string;
  id?: JsonRpcId;
  /** The id's raw spelling, when the codec kept one (`7.0`, an integer beyond 2^53). */
  idText?: string;
}

export interface HttpExchange {
  /** 1, 2, … within one connection. */
  id: number;
  purpose: HttpExchangePurpose;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  state: HttpExchangeState;
  /** The messages in the request body (POST only). */
  carried: CarriedMessage[];
  /** As sent; values the user typed are masked, since they are often secrets. */
  requestHeaders: Array<[string, string]>;
  requestBytes: number;
  status?: number;
  statusText?: string;
  responseHeaders?: Array<[string, string]>;
  /** Response bytes read so far. */
  responseBytes: number;
  /** JSON-RPC messages forwarded from this response (JSON body or SSE events). */
  messages: number;
  /** SSE only: events read, the last event id, the server's retry interval. */
  events?: number;
  lastEventId?: string;
  retryMs?: number;
  /** Proxy clock, ms since the epoch. */
  startedAt: number;
  /** Milliseconds from start until the response headers arrived. */
  headersMs?: number;
  /** Milliseconds from start until the exchange ended. */
  durationMs?: number;
  /** Deviations from the transport spec that did not stop the exchange. */
  warnings: string[];
  /**
   * The POST carried a request of 2026-07-28 or later: the stateless transport rules apply (mirrored
   * headers, no session id, no resumption). A response header Mcp-Session-Id on it is a server's mistake.
   */
  modern?: true;
  /** purpose 'oauth': the step of the authorization flow this exchange belongs to. */
  authStep?: AuthStepId;
  /** Context such as "Auto: falling back to HTTP+SSE". */
  note?: string;
  failure?: { problem: HttpProblem; message: string };
}

/** What a request body carries, for the Network view and for matching replies to requests. */
export function carriedMessages(raw: string): CarriedMessage[] {
  const frame = classifyFrame(raw);
  const items = frame.kind === 'batch' ? frame.items : [frame];
  return items.map((item) => {
    const carried: CarriedMessage = { kind: item.kind };
    if (item.kind === 'request' || item.kind === 'notification') carried.method = item.message.method;
    if (item.kind === 'request' || item.kind === 'response' || item.kind === 'error') {
      const id = item.message.id;
      if (id !== null && id !== undefined) carried.id = id;
      if (item.idText !== undefined) carried.idText = item.idText;
    }
    return carried;
  });
}

/** The ids of the requests among carried messages (the ones that expect an answer), as they were spelled. */
export function carriedRequestIds(carried: readonly CarriedMessage[]): RequestId[] {
  return carried.flatMap((c) => (c.kind === 'request' && c.id !== undefined ? [requestIdOf(c.id, c.idText)] : []));
}

/** The path and query of a URL (the origin is the same for every exchange of a connection). */
export function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/** One line for the log: "POST /mcp → 200 text/event-stream · 412 B · 12.3 ms". */
export function exchangeSummary(x: HttpExchange): string {
  const parts: string[] = [`${x.method} ${shortUrl(x.url)}`];
  if (x.status !== undefined) {
    const type = headerValue(x.responseHeaders, 'content-type')?.split(';')[0]?.trim();
    parts[0] += ` → ${x.status}${type ? ` ${type}` : ''}`;
  }
  if (x.state === 'streaming') parts.push('stream open');
  if (x.state === 'done' || x.state === 'failed' || x.state === 'cancelled') {
    if (x.events !== undefined) parts.push(plural(x.events, 'event'));
    parts.push(formatBytes(x.responseBytes));
    if (x.durationMs !== undefined) parts.push(formatDuration(x.durationMs));
  }
  if (x.state === 'cancelled') parts.push('cancelled');
  return parts.join(' · ');
}

/** A header's value from a recorded list (names compared case-insensitively). */
export function headerValue(headers: ReadonlyArray<readonly [string, string]> | undefined, name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers?.find(([n]) => n.toLowerCase() === lower)?.[1];
}
