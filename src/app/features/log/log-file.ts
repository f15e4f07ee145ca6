// Export the log as a JSON Lines download, and read such a file back.

import {
  logFileName,
  logHeader,
  parseLogFile,
  serializeLog,
  type LogHeader,
  type LogLineProblem,
  type LintRecord,
  type LogServer,
} from '../../../protocol/index.js';
import type { ConnectionSnapshot } from '../../connection/proxy-connection.js';
import type { LogEntry } from '../../stores/log-store.js';
import { offerDownload } from '../../download.js';
import { entryFromRecord, entryToRecord } from './records.js';

export interface ImportedLog {
  fileName: string;
  header: LogHeader;
  entries: LogEntry[];
  problems: LogLineProblem[];
  /** seq → index into entries (a file's seqs need not be 1, 2, 3 …). */
  indexOfSeq: ReadonlyMap<number, number>;
}

/** What the header says about the server, from the current connection. */
export function serverOf(snapshot: ConnectionSnapshot | null): LogServer | null {
  if (!snapshot) return null;
  const server: LogServer = {};
  const transport = snapshot.transport as { command?: unknown; url?: unknown };
  if (typeof transport.command === 'string') server.command = transport.command;
  if (typeof transport.url === 'string') server.url = transport.url;
  if (snapshot.info) {
    server.name = snapshot.info.serverInfo.name;
    if (snapshot.info.serverInfo.title !== undefined) server.title = snapshot.info.serverInfo.title;
    server.version = snapshot.info.serverInfo.version;
    server.protocolVersion = snapshot.info.protocolVersion;
  }
  return server;
}

/** Lint findings by log seq, to go with the frames they were found on. */
export type LintBySeq = ReadonlyMap<number, readonly Pick<LintRecord, 'rule' | 'severity' | 'message' | 'specUrl'>[]>;

function* records(entries: readonly LogEntry[], lint: LintBySeq | undefined) {
  for (const e of entries) {
    const record = entryToRecord(e);
    const found = lint?.get(e.seq);
    if (found?.length) record.lint = found.map(({ rule, severity, message, specUrl }) => ({ rule, severity, message, ...(specUrl ? { specUrl } : {}) }));
    yield record;
  }
}

export function logFileText(entries: readonly LogEntry[], server: LogServer | null, at: Date, lint?: LintBySeq): string {
  return serializeLog(logHeader(server, at), records(entries, lint));
}

/** Offer the log as a file download (mcpscope-<date>.jsonl). */
export function downloadLog(entries: readonly LogEntry[], server: LogServer | null, lint?: LintBySeq): void {
  const now = new Date();
  offerDownload(logFileName(now), logFileText(entries, server, now, lint), 'application/x-ndjson');
}

export type ImportOutcome = { ok: true; log: ImportedLog } | { ok: false; error: string };

export async function readLogFile(file: File): Promise<ImportOutcome> {
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    return { ok: false, error: `Could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}. Check that the file still exists.` };
  }
  const parsed = parseLogFile(text);
  if (!parsed.ok) return { ok: false, error: `Could not open ${file.name}. ${parsed.error}` };
  const entries = parsed.records.map(entryFromRecord);
  const indexOfSeq = new Map(entries.map((e, i) => [e.seq, i] as const));
  return { ok: true, log: { fileName: file.name, header: parsed.header, entries, problems: parsed.problems, indexOfSeq } };
}
