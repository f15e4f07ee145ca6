// One vocabulary for what a server connection reports: the proxy's upstreams
// emit these events, the proxy forwards them to the page as they are (only
// stamped with its clock, and exact bytes as base64), and the CLI reads them
// in-process. Defined once, here.

import type { AuthFlowView } from '../auth/flow-view.js';
import type { HttpExchange, HttpProblem, ResolvedHttpMode } from '../http/exchange.js';

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
 * `B` is how the bytes travel: a Uint8Array in the proxy, base64 text in an envelope.
 */
export interface LineBytes<B> {
  invalidUtf8?: boolean;
  bytes?: B;
  /** Instead of `bytes`, on the wire: the line's length when it was over MAX_KEPT_LINE_BYTES, so its exact bytes were not sent. */
  bytesNotKept?: number;
}

export type UpstreamEventOf<B> =
  /** A line that parses as JSON (it may still be invalid JSON-RPC). */
  | ({ type: 'message'; text: string } & LineBytes<B>)
  /** A stdout line that is not JSON. */
  | ({ type: 'noise'; text: string } & LineBytes<B>)
  /** A line over the size limit; its bytes were discarded. */
  | { type: 'oversize'; bytes: number; limit: number }
  | ({ type: 'stderr'; line: string } & LineBytes<B>)
  /** HTTP transports: one exchange, reported again each time it changes (same id). */
  | { type: 'http'; exchange: HttpExchange }
  /** HTTP transports: the transport in use, once known (Auto decides on the first exchange), and why. */
  | { type: 'http-mode'; mode: ResolvedHttpMode; reason: string }
  /**
   * HTTP transports: these requests will get no answer (the exchange failed); say why. Each id is
   * as the request spelled it on the wire (`7`, `"a"`, `9007199254740993`), since a JSON number would
   * round an integer beyond 2^53 into another request's id.
   */
  | { type: 'request-failed'; idTexts: string[]; problem: HttpProblem; message: string }
  /** HTTP transports: the OAuth flow of this connection, a whole snapshot on every change. */
  | { type: 'auth'; flow: AuthFlowView }
  /** Emitted once, last, and only after a successful start. */
  | ({ type: 'close' } & UpstreamClose);

/** An upstream event as the page receives it: exact bytes as base64. */
export type WireUpstreamEvent = UpstreamEventOf<string>;
