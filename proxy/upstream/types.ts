// The one contract every upstream transport implements (stdio, HTTP).
// Events carry raw text: the bridge forwards exactly what the server wrote.

import type { HttpExchange, HttpMode, HttpProblem, JsonRpcId, ResolvedHttpMode } from '../../src/protocol/index.js';

export interface UpstreamClose {
  code: number | null;
  signal: string | null;
  /** A sentence that says what happened. */
  reason: string;
  stderrTail: string[];
}

/**
 * How a line was decoded: invalid UTF-8 shows as U+FFFD in the text, so the
 * line's exact bytes come along (when the transport has them) for the log.
 */
export interface LineBytes {
  invalidUtf8: boolean;
  bytes?: Uint8Array;
}

export type UpstreamEvent =
  /** A line that parses as JSON (it may still be invalid JSON-RPC). */
  | ({ type: 'message'; text: string } & LineBytes)
  /** A stdout line that is not JSON. */
  | ({ type: 'noise'; text: string } & LineBytes)
  /** A line over the size limit; its bytes were discarded. */
  | { type: 'oversize'; bytes: number; limit: number }
  | ({ type: 'stderr'; line: string } & LineBytes)
  /** HTTP transports: one exchange, reported again each time it changes (same id). */
  | { type: 'http'; exchange: HttpExchange }
  /** HTTP transports: the transport in use, once known (Auto decides on the first exchange). */
  | { type: 'http-mode'; mode: ResolvedHttpMode; reason: string }
  /** HTTP transports: these requests will get no answer (the exchange failed); say why. */
  | { type: 'request-failed'; requestIds: JsonRpcId[]; problem: HttpProblem; message: string }
  /** Emitted once, last, and only after a successful start. */
  | ({ type: 'close' } & UpstreamClose);

export type UpstreamListener = (event: UpstreamEvent) => void;

export interface UpstreamStarted {
  pid: number;
}

/** An HTTP server is not started, only reached: `endpoint` is where HTTP+SSE POSTs go. */
export interface HttpUpstreamStarted {
  http: { url: string; mode: HttpMode; endpoint?: string };
}

export interface Upstream<Started = UpstreamStarted> {
  /** Resolves once the server runs (or, over HTTP, can be reached); rejects with an Error whose message is a user-facing sentence. */
  start(): Promise<Started>;
  /**
   * Write one raw frame. Rejects with a user-facing sentence when it cannot be delivered.
   * HTTP transports resolve once the exchange is under way: how it went is reported by
   * `http` and `request-failed` events, not by rejecting.
   */
  send(raw: string): Promise<void>;
  /** Stop the server; resolves after the close event was emitted. Safe to call more than once. */
  shutdown(): Promise<void>;
  /**
   * Backpressure: stop reading from the server while the browser is behind, and
   * start again. Optional: a transport that cannot pause reads on.
   */
  pauseReading?(): void;
  resumeReading?(): void;
}

/** An upstream of any transport, as the bridge holds it. */
export type AnyUpstream = Upstream<UpstreamStarted | HttpUpstreamStarted>;
