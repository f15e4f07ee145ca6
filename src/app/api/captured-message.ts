// The proxy's messages about wrapped sessions, read defensively: a message
// that is not one is named in a sentence, and a bad record inside a good
// message is dropped and counted, never the message with it.

import {
  CAPTURE_TRANSPORTS,
  CAPTURED_STATES,
  isCount,
  isRecord,
  logHeaderFromJson,
  recordFromJson,
  type CapturedMessage,
  type CapturedSession,
  type CaptureTransport,
  type CapturedState,
  type LogHeader,
  type LogRecord,
} from '../../protocol/index.js';

export type ReadMessage = { ok: true; message: CapturedMessage; dropped: string[] } | { ok: false; problem: string };

/** The capture's header, read as the first line of its file is read (so Import and the feed agree). */
function headerOf(v: unknown): LogHeader | undefined {
  const read = logHeaderFromJson(v);
  return read.ok ? read.header : undefined;
}

/** One session as the proxy describes it, or a sentence saying what is wrong with it. */
function sessionOf(v: unknown): CapturedSession | string {
  if (!isRecord(v)) return 'a session is not a JSON object';
  if (typeof v.id !== 'string' || v.id === '') return 'a session has no "id"';
  const header = headerOf(v.header);
  if (header === undefined) return `session ${v.id} has no capture header`;
  if (!isCount(v.pid)) return `session ${v.id} has no process id`;
  if (!CAPTURE_TRANSPORTS.includes(v.transport as CaptureTransport)) return `session ${v.id} names no transport (stdio or http)`;
  if (!CAPTURED_STATES.includes(v.state as CapturedState)) return `session ${v.id} has no state: live, ended or disconnected`;
  const session: CapturedSession = {
    id: v.id,
    pid: v.pid,
    transport: v.transport as CaptureTransport,
    header,
    state: v.state as CapturedState,
    received: isCount(v.received) ? v.received : 0,
    lost: isCount(v.lost) ? v.lost : 0,
    seenAt: typeof v.seenAt === 'string' ? v.seenAt : '',
  };
  if (typeof v.capture === 'string') session.capture = v.capture;
  if (typeof v.reason === 'string') session.reason = v.reason;
  return session;
}

function recordsOf(v: unknown[], dropped: string[]): LogRecord[] {
  const records: LogRecord[] = [];
  for (const item of v) {
    const read = recordFromJson(item);
    if (read.ok) records.push(read.record);
    else dropped.push(read.problem);
  }
  return records;
}

/** One message of the feed (its text as received). */
export function readCapturedMessage(data: unknown): ReadMessage {
  const bad = (problem: string): ReadMessage => ({ ok: false, problem });
  if (typeof data !== 'string') return bad('a message that is not text');
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return bad('a message that is not JSON');
  }
  if (!isRecord(value)) return bad('a message that is not a JSON object');
  const dropped: string[] = [];
  switch (value.type) {
    case 'sessions': {
      if (!Array.isArray(value.sessions)) return bad('a "sessions" message without its list');
      const sessions: CapturedSession[] = [];
      for (const s of value.sessions) {
        const session = sessionOf(s);
        if (typeof session === 'string') dropped.push(session);
        else sessions.push(session);
      }
      return { ok: true, message: { type: 'sessions', sessions }, dropped };
    }
    case 'session': {
      const session = sessionOf(value.session);
      return typeof session === 'string' ? bad(session) : { ok: true, message: { type: 'session', session }, dropped };
    }
    case 'records': {
      if (typeof value.id !== 'string' || !Array.isArray(value.records)) return bad('a "records" message without its session id or records');
      return { ok: true, message: { type: 'records', id: value.id, records: recordsOf(value.records, dropped) }, dropped };
    }
    case 'gone':
      return typeof value.id === 'string' ? { ok: true, message: { type: 'gone', id: value.id }, dropped } : bad('a "gone" message without its session id');
    default:
      return bad(`a message of an unknown type (${JSON.stringify(value.type) ?? 'none'})`);
  }
}
