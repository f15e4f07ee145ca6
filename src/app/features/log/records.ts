// Log entries ⇄ the records of the export format (src/protocol/capture).

import { base64ByteLength, utf8ByteLength, type LogRecord } from '../../../protocol/index.js';
import type { LogEntry } from '../../stores/log-store.js';

export function entryToRecord(e: LogEntry): LogRecord {
  const r: LogRecord = {
    seq: e.seq,
    time: new Date(e.at).toISOString(),
    t: e.t,
    connection: e.connection,
    direction: e.direction,
    kind: e.kind,
    raw: e.raw,
  };
  if (e.invalidUtf8) r.invalidUtf8 = true;
  if (e.bytes !== undefined) r.bytes = e.bytes;
  if (e.method !== undefined) r.method = e.method;
  if (e.id !== undefined) r.id = e.id;
  if (e.note !== undefined) r.note = e.note;
  if (e.rtt !== undefined) r.rtt = e.rtt;
  if (e.pairSeq !== undefined) r.pair = e.pairSeq;
  if (e.channel) r.channel = e.channel;
  return r;
}

export function entryFromRecord(r: LogRecord): LogEntry {
  const e: LogEntry = {
    seq: r.seq,
    at: Date.parse(r.time),
    t: r.t,
    connection: r.connection,
    direction: r.direction,
    kind: r.kind,
    raw: r.raw,
    size: r.bytes !== undefined ? base64ByteLength(r.bytes) : utf8ByteLength(r.raw),
  };
  if (r.invalidUtf8) e.invalidUtf8 = true;
  if (r.bytes !== undefined) e.bytes = r.bytes;
  if (r.method !== undefined) e.method = r.method;
  if (r.id !== undefined) e.id = r.id;
  if (r.note !== undefined) e.note = r.note;
  if (r.rtt !== undefined) e.rtt = r.rtt;
  if (r.pair !== undefined) e.pairSeq = r.pair;
  if (r.channel) e.channel = r.channel;
  return e;
}
