// A wrapped session seen live. `mcpscope wrap` tells a running proxy what it
// records (at WRAP_SOCKET_PATH, one socket per wrapped session), and the proxy
// tells each page every session it knows (at CAPTURED_SOCKET_PATH). Both are
// WebSockets on the proxy's one port, checked like the page's own socket:
// loopback Host, the token as a subprotocol (TOKEN_SUBPROTOCOL_PREFIX), and an
// Origin of the proxy's own when a browser sent it. Messages are JSON text.
import { isCount, isRecord } from '../json/guards.js';
import { logHeaderFromJson, type LogHeader } from './jsonl.js';
import { recordFromJson, type LogRecord } from './record.js';

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

/** The most records one `records` message may carry (the proxy's batches to the page keep to it too). */
export const MAX_RECORDS_PER_MESSAGE = 500;

export type WrapperMessageParse = { ok: true; message: WrapperMessage } | { ok: false; problem: string };

export const CAPTURE_TRANSPORTS: readonly CaptureTransport[] = ['stdio', 'http'];
export const CAPTURED_STATES: readonly CapturedState[] = ['live', 'ended', 'disconnected'];

/** Check one parsed message of a wrapper: the message, or a sentence saying what is wrong with it. */
export function wrapperMessageFromJson(value: unknown): WrapperMessageParse {
  const bad = (problem: string): WrapperMessageParse => ({ ok: false, problem });
  if (!isRecord(value)) return bad('a message must be a JSON object');
  switch (value.type) {
    case 'hello': {
      if (typeof value.session !== 'string' || !/^[\w-]{8,64}$/.test(value.session)) return bad('"hello" needs a "session" of 8 to 64 letters, digits, - or _');
      if (!isCount(value.pid)) return bad('"hello" needs the wrapper\'s "pid"');
      if (!CAPTURE_TRANSPORTS.includes(value.transport as CaptureTransport)) return bad('"hello" needs a "transport" of "stdio" or "http"');
      if (value.capture !== undefined && typeof value.capture !== 'string') return bad('"capture" must be the path of the capture file');
      const header = logHeaderFromJson(value.header);
      if (!header.ok) return bad(`"header": ${header.error}`);
      const hello: WrapperMessage = {
        type: 'hello',
        session: value.session,
        pid: value.pid,
        transport: value.transport as CaptureTransport,
        header: header.header,
      };
      if (value.capture !== undefined) hello.capture = value.capture;
      return { ok: true, message: hello };
    }
    case 'records': {
      if (!Array.isArray(value.records)) return bad('"records" must carry an array of records');
      if (value.records.length > MAX_RECORDS_PER_MESSAGE) return bad(`a "records" message carries at most ${MAX_RECORDS_PER_MESSAGE} records`);
      const records: LogRecord[] = [];
      for (const [i, item] of value.records.entries()) {
        const checked = recordFromJson(item);
        if (!checked.ok) return bad(`record ${i + 1} of a "records" message: ${checked.problem}`);
        records.push(checked.record);
      }
      return { ok: true, message: { type: 'records', records } };
    }
    case 'lost':
      return isCount(value.records) ? { ok: true, message: { type: 'lost', records: value.records } } : bad('"lost" needs a count of "records"');
    case 'end':
      return typeof value.reason === 'string' ? { ok: true, message: { type: 'end', reason: value.reason } } : bad('"end" needs a "reason" sentence');
    default:
      return bad('a message\'s "type" must be "hello", "records", "lost" or "end"');
  }
}
