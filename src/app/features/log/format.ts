// How log values read in the table and the detail pane.

import type { ConversationTag, LogDirection, LogEntry } from '../../stores/log-store.js';

/** Time since the connection started: milliseconds while short, then seconds, then minutes. */
export function formatOffset(ms: number): string {
  if (ms < 10_000) return `+${ms.toFixed(1)} ms`;
  if (ms < 600_000) return `+${(ms / 1000).toFixed(3)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `+${minutes}m ${((ms - minutes * 60_000) / 1000).toFixed(1)}s`;
}

export const DIRECTION_LABEL: Record<LogDirection, { symbol: string; words: string }> = {
  out: { symbol: '→', words: 'sent to the server' },
  in: { symbol: '←', words: 'received from the server' },
  stderr: { symbol: 'stderr', words: 'server stderr' },
  noise: { symbol: 'noise', words: 'stdout line that is not JSON' },
  system: { symbol: '•', words: 'mcpscope event' },
};

const BRIDGE_LABEL: Partial<Record<LogDirection, { symbol: string; words: string }>> = {
  out: { symbol: '→', words: 'host→app: sent to the app' },
  in: { symbol: '←', words: 'app→host: received from the app' },
};

/** How an entry's direction reads: a bridge message says host→app or app→host, not the server. */
export function directionLabel(entry: Pick<LogEntry, 'direction' | 'channel'>): { symbol: string; words: string } {
  return (entry.channel && BRIDGE_LABEL[entry.direction]) || DIRECTION_LABEL[entry.direction];
}

/** The short tag of a bridge message's app instance. */
export function channelLabel(channel: NonNullable<LogEntry['channel']>): string {
  return `app ${channel.app}`;
}

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

/** A multi-round request's round, named by the log position of its first request: "round 2 of tools/call #12". */
export function conversationLabel(tag: ConversationTag): string {
  return `round ${tag.round} of ${tag.method} #${tag.firstSeq}`;
}
