// The one contract every upstream transport implements (stdio now, HTTP later).
// Events carry raw text: the bridge forwards exactly what the server wrote.

export interface UpstreamClose {
  code: number | null;
  signal: string | null;
  /** A sentence that says what happened. */
  reason: string;
  stderrTail: string[];
}

export type UpstreamEvent =
  /** A line that parses as JSON (it may still be invalid JSON-RPC). */
  | { type: 'message'; text: string; invalidUtf8: boolean }
  /** A stdout line that is not JSON. */
  | { type: 'noise'; text: string; invalidUtf8: boolean }
  /** A line over the size limit; its bytes were discarded. */
  | { type: 'oversize'; bytes: number; limit: number }
  | { type: 'stderr'; line: string }
  /** Emitted once, last, and only after a successful start. */
  | ({ type: 'close' } & UpstreamClose);

export type UpstreamListener = (event: UpstreamEvent) => void;

export interface UpstreamStarted {
  pid: number;
}

export interface Upstream {
  /** Resolves once the server runs; rejects with an Error whose message is a user-facing sentence. */
  start(): Promise<UpstreamStarted>;
  /** Write one raw frame. Rejects with a user-facing sentence when it cannot be delivered. */
  send(raw: string): Promise<void>;
  /** Stop the server; resolves after the close event was emitted. Safe to call more than once. */
  shutdown(): Promise<void>;
}
