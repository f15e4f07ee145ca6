// How log values read in the table and the detail pane.

import type { LogDirection, LogEntry } from '../../stores/log-store.js';

/** Time since the connection started: milliseconds while short, then seconds, then minutes. */
export function formatOffset(ms: number): string {
  if (ms < 10_000) return `+${ms.toFixed(1)} ms`;
  if (ms < 600_000) return `+${(ms / 1000).toFixed(3)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `+${minutes}m ${((ms - minutes * 60_000) / 1000).toFixed(1)}s`;
}

export function formatRtt(ms: number | undefined): string {
  if (ms === undefined) return '';
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** 87 B, 1.2 KiB, 3.4 MiB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kib = bytes / 1024;
  if (kib < 1024) return `${kib < 10 ? kib.toFixed(1) : Math.round(kib)} KiB`;
  const mib = kib / 1024;
  return `${mib < 10 ? mib.toFixed(1) : Math.round(mib)} MiB`;
}

export { formatCount, plural } from '../../../protocol/index.js';

/** Local wall-clock time with milliseconds, e.g. 14:03:07.125. */
export function formatClock(epochMs: number): string {
  const d = new Date(epochMs);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

export const DIRECTION_LABEL: Record<LogDirection, { symbol: string; words: string }> = {
  out: { symbol: '→', words: 'sent to the server' },
  in: { symbol: '←', words: 'received from the server' },
  stderr: { symbol: 'stderr', words: 'server stderr' },
  noise: { symbol: 'noise', words: 'stdout line that is not JSON' },
  system: { symbol: '•', words: 'mcpscope event' },
};

// Enough to fill the Raw column on a wide screen; more would only be laid out and clipped.
const ROW_TEXT_LIMIT = 200;

/** The raw text as one short line for a table row. */
export function rowText(entry: LogEntry): string {
  const head = entry.raw.length > ROW_TEXT_LIMIT * 2 ? entry.raw.slice(0, ROW_TEXT_LIMIT * 2) : entry.raw;
  const oneLine = head.replace(/\s*\n\s*/g, ' ');
  return oneLine.length > ROW_TEXT_LIMIT ? `${oneLine.slice(0, ROW_TEXT_LIMIT)}…` : oneLine;
}

export function formatId(id: LogEntry['id']): string {
  return id === undefined ? '' : JSON.stringify(id);
}

/** What the paired frame is to this one, for the "↗ …" link. */
export function pairLabel(entry: LogEntry): string {
  if (entry.kind === 'request') return 'response';
  if (entry.kind === 'response' || entry.kind === 'error') return 'request';
  return 'paired frame';
}
