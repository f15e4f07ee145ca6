import type { LogDirection, LogEntry } from '../../stores/log-store.js';

export function formatOffset(ms: number): string {
  return `+${ms.toFixed(1)} ms`;
}

export const DIRECTION_LABEL: Record<LogDirection, { symbol: string; words: string }> = {
  out: { symbol: '→', words: 'sent to the server' },
  in: { symbol: '←', words: 'received from the server' },
  stderr: { symbol: 'stderr', words: 'server stderr' },
  noise: { symbol: 'noise', words: 'stdout line that is not JSON' },
  system: { symbol: '•', words: 'mcpscope event' },
};

const ROW_TEXT_LIMIT = 160;

/** The raw text as one short line for a table row. */
export function rowText(entry: LogEntry): string {
  const oneLine = entry.raw.replace(/\s*\n\s*/g, ' ');
  return oneLine.length > ROW_TEXT_LIMIT ? `${oneLine.slice(0, ROW_TEXT_LIMIT)}…` : oneLine;
}

export function formatId(id: LogEntry['id']): string {
  return id === undefined ? '' : JSON.stringify(id);
}
