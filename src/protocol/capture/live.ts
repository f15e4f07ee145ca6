// A wrapped session seen live. `mcpscope wrap` tells a running proxy what it
// records (at WRAP_SOCKET_PATH, one socket per wrapped session), and the proxy
// tells each page every session it knows (at CAPTURED_SOCKET_PATH). Both are
// WebSockets on the proxy's one port, checked like the page's own socket:
// loopback Host, the token as a subprotocol (TOKEN_SUBPROTOCOL_PREFIX), and an
// Origin of the proxy's own when a browser sent it. Messages are JSON text.
import type { LogHeader } from './jsonl.js';
import type { LogRecord } from './record.js';

/** The wrapper offers this subprotocol (beside the token's) on WRAP_SOCKET_PATH. */
export const CAPTURE_SUBPROTOCOL = 'mcpscope.capture.v1';
/** The page offers this subprotocol (beside the token's) on CAPTURED_SOCKET_PATH. */
export const CAPTURED_SUBPROTOCOL = 'mcpscope.captured.v1';
export const WRAP_SOCKET_PATH = '/wrap';
export const CAPTURED_SOCKET_PATH = '/captured';

export type CaptureTransport = 'stdio' | 'http';

/** wrapper → proxy. `hello` comes first, once; `end` last. */
export type WrapperMessage =
  | {
      type: 'hello';
      /** Random, unique per wrapped session; the proxy keys the session by it. */
      session: string;
      /** The wrapper's process id. */
      pid: number;
      transport: CaptureTransport;
      /** The capture's header line, as written at the top of its file (`server` is already masked). */
      header: LogHeader;
      /** Where the capture is being written, when it is. */
      capture?: string;
    }
  /** Records in the capture format, in order, `seq` rising; each is what the capture file got (or would have). */
  | { type: 'records'; records: LogRecord[] }
  /** Records the wrapper recorded but could not deliver live (it keeps a bounded backlog while no proxy listens). */
  | { type: 'lost'; records: number }
  /** The session is over: the server's exit in a sentence. */
  | { type: 'end'; reason: string };

export type CapturedState =
  /** The wrapper is connected and the session runs. */
  | 'live'
  /** The wrapper said `end`. */
  | 'ended'
  /** The wrapper's socket closed without `end` (it was killed, or the proxy restarted under it). */
  | 'disconnected';

/** One wrapped session as the proxy keeps it. */
export interface CapturedSession {
  /** The wrapper's `session`. */
  id: string;
  pid: number;
  transport: CaptureTransport;
  header: LogHeader;
  capture?: string;
  state: CapturedState;
  /** The `end` sentence, or why the socket closed. */
  reason?: string;
  /** Records received so far (kept or not). */
  received: number;
  /** Records the proxy no longer keeps (it keeps the newest, bounded), plus what the wrapper said it lost. */
  lost: number;
  /** ISO time the proxy first heard of it. */
  seenAt: string;
}

/** proxy → page. `sessions` comes first, then what the proxy keeps of each session's records, then what follows live. */
export type CapturedMessage =
  | { type: 'sessions'; sessions: CapturedSession[] }
  /** A session appeared or changed (state, counts). */
  | { type: 'session'; session: CapturedSession }
  | { type: 'records'; id: string; records: LogRecord[] }
  /** The proxy let the session go (too many kept). */
  | { type: 'gone'; id: string };
