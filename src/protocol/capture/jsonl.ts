// The mcpscope log file: JSON Lines, a header line first, then one record per
// frame. Reading never gives up on a whole file for a few bad lines: good
// lines are kept and each bad one is reported by its line number.

import { recordFromJson, recordToLine, type LogRecord } from './record.js';
import { parseJson } from '../jsonrpc/codec.js';

export const LOG_FORMAT_VERSION = 1;

/** What the log was recorded against, as far as mcpscope knew it. */
export interface LogServer {
  name?: string;
  title?: string;
  version?: string;
  protocolVersion?: string;
  /** How it was reached: a stdio command, or an HTTP endpoint. */
  command?: string;
  url?: string;
}

export interface LogHeader {
  mcpscope: 'log';
  version: typeof LOG_FORMAT_VERSION;
  exportedAt: string;
  server: LogServer | null;
}

export interface LogLineProblem {
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

export type LogFileParse = { ok: true; header: LogHeader; records: LogRecord[]; problems: LogLineProblem[] } | { ok: false; error: string };

export function logHeader(server: LogServer | null, exportedAt: Date): LogHeader {
  return { mcpscope: 'log', version: LOG_FORMAT_VERSION, exportedAt: exportedAt.toISOString(), server };
}

/** The whole file; every line, the last included, ends with "\n". */
export function serializeLog(header: LogHeader, records: Iterable<LogRecord>): string {
  const lines = [JSON.stringify(header)];
  for (const r of records) lines.push(recordToLine(r));
  return `${lines.join('\n')}\n`;
}

/** A suggested file name: mcpscope-2025-06-01-143005.jsonl (local time, no colons). */
export function logFileName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `mcpscope-${date}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}.jsonl`;
}

/** A header line, parsed: the header, or the sentence saying why it is not one. */
export function logHeaderFromJson(value: unknown): { ok: true; header: LogHeader } | { ok: false; error: string } {
  const notALog = 'This is not an mcpscope log: its first line should be {"mcpscope":"log","version":1,…}. Choose a file saved with Export log.';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: notALog };
  const h = value as Record<string, unknown>;
  if (h.mcpscope !== 'log') return { ok: false, error: notALog };
  if (typeof h.version !== 'number' || !Number.isInteger(h.version)) {
    return { ok: false, error: 'The log header has no format version (line 1, "version"). The file may be damaged.' };
  }
  if (h.version !== LOG_FORMAT_VERSION) {
    return {
      ok: false,
      error: `This log uses format version ${h.version}; this mcpscope reads version ${LOG_FORMAT_VERSION}. ${
        h.version > LOG_FORMAT_VERSION ? 'Open it with a newer mcpscope.' : 'The file may be damaged.'
      }`,
    };
  }
  const server = typeof h.server === 'object' && h.server !== null ? serverFrom(h.server as Record<string, unknown>) : null;
  const exportedAt = typeof h.exportedAt === 'string' ? h.exportedAt : '';
  return { ok: true, header: { mcpscope: 'log', version: LOG_FORMAT_VERSION, exportedAt, server } };
}

function serverFrom(s: Record<string, unknown>): LogServer {
  const out: LogServer = {};
  for (const key of ['name', 'title', 'version', 'protocolVersion', 'command', 'url'] as const) {
    const v = s[key];
    if (typeof v === 'string') out[key] = v;
  }
  return out;
}

/** Read a log file. Blank lines are skipped; a bad line is reported and the rest kept. */
export function parseLogFile(text: string): LogFileParse {
  const lines = text.split('\n');
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  if (headerAt < 0) return { ok: false, error: 'The file is empty: there is no log in it.' };
  const first = parseJson(lines[headerAt]!.replace(/^\uFEFF/, '').replace(/\r$/, ''));
  if (!first.ok) return { ok: false, error: `Line ${headerAt + 1} is not JSON, so this is not an mcpscope log. Choose a file saved with Export log.` };
  const header = logHeaderFromJson(first.value);
  if (!header.ok) return header;

  const records: LogRecord[] = [];
  const problems: LogLineProblem[] = [];
  const seenAt = new Map<number, number>();
  for (let i = headerAt + 1; i < lines.length; i++) {
    const content = lines[i]!.replace(/\r$/, '');
    if (content.trim() === '') continue;
    const line = i + 1;
    const json = parseJson(content);
    if (!json.ok) {
      problems.push({ line, message: 'not JSON' });
      continue;
    }
    const checked = recordFromJson(json.value);
    if (!checked.ok) {
      problems.push({ line, message: checked.problem });
      continue;
    }
    const earlier = seenAt.get(checked.record.seq);
    if (earlier !== undefined) {
      problems.push({ line, message: `seq ${checked.record.seq} was already used on line ${earlier}; this line was skipped` });
      continue;
    }
    seenAt.set(checked.record.seq, line);
    records.push(checked.record);
  }
  return { ok: true, header: header.header, records, problems };
}
