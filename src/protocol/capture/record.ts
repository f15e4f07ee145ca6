// One frame of the message log as it is exported (one JSON Lines record), and
// the checks an imported record must pass. Shared by the UI and the CLI.

import type { JsonRpcId } from '../jsonrpc/codec.js';
import { bytesMatchText } from './bytes.js';
import { isRecord } from '../json/guards.js';

export const LOG_DIRECTIONS = ['out', 'in', 'stderr', 'noise', 'system'] as const;
export type LogDirection = (typeof LOG_DIRECTIONS)[number];

export const LOG_KINDS = [
  'request',
  'notification',
  'response',
  'error',
  'batch',
  'invalid',
  'stderr',
  'noise',
  'oversize',
  'system',
  /** An HTTP exchange with a remote server (direction 'system'). */
  'http',
] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** A frame that did not cross the MCP wire: a message of the host⇄app bridge of one app instance (MCP Apps). */
export interface LogChannel {
  /** The page's number of the app instance (1, 2, …); ids pair within one instance only. */
  app: number;
  /** The tool whose app it is. */
  tool: string;
}

export interface LogRecord {
  /** Position in the log (1, 2, …); `pair` refers to it. */
  seq: number;
  /** Wall-clock time the frame was logged, ISO 8601. */
  time: string;
  /** Milliseconds since its connection started. */
  t: number;
  /** The page's number of the connection (1, 2, …); 0 only for a system line written before any connection. */
  connection: number;
  direction: LogDirection;
  kind: LogKind;
  method?: string;
  id?: JsonRpcId;
  /** The exact text that crossed the wire (or the stderr / noise line). */
  raw: string;
  /** The line was not valid UTF-8: `raw` has U+FFFD where the bad bytes were. */
  invalidUtf8?: boolean;
  /** Then, when the transport had them, the line's exact bytes (base64). */
  bytes?: string;
  note?: string;
  /** For answers: milliseconds from the request they answer. */
  rtt?: number;
  /** seq of the paired frame: a request's answer, or an answer's request. */
  pair?: number;
  /** Absent for MCP frames; set for a bridge message (direction `out` host→app, `in` app→host). */
  channel?: LogChannel;
  /** What the lint engine found on this frame (the file a user attaches to a bug report). */
  lint?: LintRecord[];
}

export interface LintRecord {
  rule: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  specUrl?: string;
}

function lintFromJson(v: unknown): LintRecord[] | string {
  if (!Array.isArray(v)) return '"lint" must be an array of findings';
  const out: LintRecord[] = [];
  for (const f of v) {
    if (!isRecord(f) || typeof f.rule !== 'string' || typeof f.message !== 'string' || !['error', 'warning', 'info'].includes(String(f.severity))) {
      return 'each "lint" finding needs a rule, a severity (error, warning or info) and a message';
    }
    const item: LintRecord = { rule: f.rule, severity: f.severity as LintRecord['severity'], message: f.message };
    if (typeof f.specUrl === 'string') item.specUrl = f.specUrl;
    out.push(item);
  }
  return out;
}

const isPositiveInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const listOf = (values: readonly string[]) => values.join(', ');

/** Check one parsed line; returns the record, or a sentence saying what is wrong with it. */
export function recordFromJson(value: unknown): { ok: true; record: LogRecord } | { ok: false; problem: string } {
  const bad = (problem: string) => ({ ok: false as const, problem });
  if (!isRecord(value)) return bad('not a JSON object');
  const v = value;
  if (!isPositiveInteger(v.seq)) return bad('"seq" must be a positive integer');
  if (typeof v.time !== 'string' || Number.isNaN(Date.parse(v.time))) return bad('"time" must be an ISO 8601 date');
  if (!isFiniteNumber(v.t)) return bad('"t" must be a number (milliseconds since the connection started)');
  // The page's own lines from before the first connection carry 0.
  const connection = v.connection === 0 && v.direction === 'system' ? 0 : isPositiveInteger(v.connection) ? v.connection : undefined;
  if (connection === undefined) return bad('"connection" must be a positive integer (0 only for a system line written before any connection)');
  if (!(LOG_DIRECTIONS as readonly unknown[]).includes(v.direction)) {
    return bad(`"direction" must be one of ${listOf(LOG_DIRECTIONS)}`);
  }
  if (!(LOG_KINDS as readonly unknown[]).includes(v.kind)) return bad(`"kind" must be one of ${listOf(LOG_KINDS)}`);
  if (typeof v.raw !== 'string') return bad('"raw" must be a string');
  if (v.method !== undefined && typeof v.method !== 'string') return bad('"method" must be a string');
  if (v.id !== undefined && typeof v.id !== 'string' && !(typeof v.id === 'number' && Number.isFinite(v.id))) {
    return bad('"id" must be a string or a number');
  }
  if (v.note !== undefined && typeof v.note !== 'string') return bad('"note" must be a string');
  if (v.rtt !== undefined && !(isFiniteNumber(v.rtt) && v.rtt >= 0)) return bad('"rtt" must be a number of milliseconds');
  if (v.pair !== undefined && !isPositiveInteger(v.pair)) return bad('"pair" must be the seq of another frame');
  if (v.invalidUtf8 !== undefined && typeof v.invalidUtf8 !== 'boolean') return bad('"invalidUtf8" must be true or false');
  if (v.bytes !== undefined && !(typeof v.bytes === 'string' && bytesMatchText(v.bytes, v.raw))) {
    return bad('"bytes" must be the base64 of the bytes "raw" was decoded from');
  }

  const record: LogRecord = {
    seq: v.seq,
    time: v.time,
    t: v.t,
    connection,
    direction: v.direction as LogDirection,
    kind: v.kind as LogKind,
    raw: v.raw,
  };
  if (v.method !== undefined) record.method = v.method as string;
  if (v.id !== undefined) record.id = v.id as JsonRpcId;
  if (v.note !== undefined) record.note = v.note as string;
  if (v.rtt !== undefined) record.rtt = v.rtt;
  if (v.pair !== undefined) record.pair = v.pair;
  if (v.invalidUtf8 !== undefined) record.invalidUtf8 = v.invalidUtf8 as boolean;
  if (v.bytes !== undefined) record.bytes = v.bytes as string;
  if (v.channel !== undefined) {
    const c = v.channel;
    if (!isRecord(c) || !isPositiveInteger(c.app) || typeof c.tool !== 'string')
      return bad('"channel" must be { "app": a positive integer, "tool": a tool name }');
    record.channel = { app: c.app, tool: c.tool };
  }
  if (v.lint !== undefined) {
    const lint = lintFromJson(v.lint);
    if (typeof lint === 'string') return bad(lint);
    record.lint = lint;
  }
  return { ok: true, record };
}

/** The record as one line of JSON, its members always in the same order. */
export function recordToLine(r: LogRecord): string {
  return JSON.stringify({
    seq: r.seq,
    time: r.time,
    t: r.t,
    connection: r.connection,
    direction: r.direction,
    kind: r.kind,
    method: r.method,
    id: r.id,
    raw: r.raw,
    invalidUtf8: r.invalidUtf8,
    bytes: r.bytes,
    note: r.note,
    rtt: r.rtt,
    pair: r.pair,
    channel: r.channel,
    lint: r.lint,
  });
}
