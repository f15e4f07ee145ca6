// The one contract every upstream transport implements (stdio, HTTP).
// Events carry raw text: the bridge forwards exactly what the server wrote.
// Their vocabulary is src/protocol's (envelope/upstream-event.ts), shared with the page.

import type { HttpMode, LineBytes as LineBytesOf, UpstreamEventOf } from '../../src/protocol/wire.js';

/** A line's decoding, with its exact bytes as read. */
export type LineBytes = LineBytesOf<Uint8Array>;

export type UpstreamEvent = UpstreamEventOf<Uint8Array>;

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
