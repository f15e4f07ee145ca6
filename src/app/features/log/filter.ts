// Which log entries the filters let through, and the counts shown beside each
// filter chip. Entries only ever get appended, so a result can be extended with
// just the new entries instead of scanning 100,000 again on every flush.

import { LOG_DIRECTIONS, LOG_KINDS, type LogDirection, type LogKind } from '../../../protocol/index.js';
import type { LogEntry } from '../../stores/log-store.js';
import { showsConnection } from './connection-filter.js';

export interface LogFilter {
  /** Show only these directions; empty shows all. */
  directions: readonly LogDirection[];
  /** Show only these kinds; empty shows all. */
  kinds: readonly LogKind[];
  /** Show only frames of this method ('' for all). */
  method: string;
  /** Free text looked for in the raw frame, ignoring case. */
  text: string;
  /** Show only the rounds of one multi-round request, named by the log position of its first request. */
  conversation?: number;
  /** Show only this connection's frames (and the page's own lines); absent for every connection. */
  connection?: number;
  /** Only the MCP wire's entries, or only the apps' bridge messages; absent for both. */
  channel?: LogChannelChoice;
}

export type LogChannelChoice = 'mcp' | 'app';

export const NO_FILTER: LogFilter = { directions: [], kinds: [], method: '', text: '' };

export interface FilterResult {
  /** Indices into the entries, in order, of those the filter lets through. */
  indices: readonly number[];
  /** Per direction: how many would show with that direction chosen (the other filters applied). */
  directionCounts: Readonly<Record<LogDirection, number>>;
  /** Per kind: how many would show with that kind chosen (the other filters applied). */
  kindCounts: Readonly<Record<LogKind, number>>;
  /** Every method seen (no filter applied), with how many frames carry it. */
  methods: ReadonlyMap<string, number>;
  /** Every connection seen (no filter applied), with how many frames it has. */
  connectionCounts: ReadonlyMap<number, number>;
  /** What this result covers, so it can be extended. */
  readonly basis: { source: unknown; key: string; scanned: number; lastSeq: number };
}

export function isFiltering(f: LogFilter): boolean {
  return f.directions.length > 0 || f.kinds.length > 0 || f.method !== '' || f.text !== '' || f.conversation !== undefined || f.channel !== undefined;
}

function zeroCounts<K extends string>(keys: readonly K[]): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const k of keys) out[k] = 0;
  return out;
}

/** Whether a frame carries `method`: a batch lists several, "a, b". */
function carries(e: LogEntry, method: string): boolean {
  if (e.method === method) return true;
  return e.kind === 'batch' && e.method !== undefined && e.method.split(', ').includes(method);
}

function countMethods(e: LogEntry, methods: Map<string, number>): void {
  if (e.method === undefined) return;
  if (e.kind !== 'batch') methods.set(e.method, (methods.get(e.method) ?? 0) + 1);
  else for (const m of new Set(e.method.split(', '))) methods.set(m, (methods.get(m) ?? 0) + 1);
}

function textMatcher(text: string): ((raw: string) => boolean) | null {
  if (text === '') return null;
  // A case-insensitive regular expression is much cheaper than lower-casing every frame.
  const re = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return (raw) => re.test(raw);
}

/**
 * Filter `entries`. Pass the previous result for the same `source` to scan only
 * what was appended since; anything else (a new filter, another source) scans all.
 */
export function filterLog(entries: readonly LogEntry[], filter: LogFilter, source: unknown, previous?: FilterResult): FilterResult {
  const key = JSON.stringify(filter);
  const base = previous?.basis;
  const extend =
    base !== undefined &&
    base.source === source &&
    base.key === key &&
    entries.length >= base.scanned &&
    (base.scanned === 0 || entries[base.scanned - 1]?.seq === base.lastSeq);

  const indices = extend ? previous!.indices.slice() : [];
  const directionCounts = extend ? { ...previous!.directionCounts } : zeroCounts(LOG_DIRECTIONS);
  const kindCounts = extend ? { ...previous!.kindCounts } : zeroCounts(LOG_KINDS);
  const methods = extend ? new Map(previous!.methods) : new Map<string, number>();
  const connectionCounts = extend ? new Map(previous!.connectionCounts) : new Map<number, number>();

  const directions = filter.directions.length > 0 ? new Set(filter.directions) : null;
  const kinds = filter.kinds.length > 0 ? new Set(filter.kinds) : null;
  const method = filter.method;
  const matches = textMatcher(filter.text);
  const conversation = filter.conversation;
  const connection = filter.connection;
  const channel = filter.channel;

  for (let i = extend ? base.scanned : 0; i < entries.length; i++) {
    const e = entries[i]!;
    countMethods(e, methods);
    connectionCounts.set(e.connection, (connectionCounts.get(e.connection) ?? 0) + 1);
    if (method !== '' && !carries(e, method)) continue;
    if (conversation !== undefined && e.conversation?.firstSeq !== conversation) continue;
    if (channel !== undefined && (e.channel !== undefined) !== (channel === 'app')) continue;
    if (matches !== null && !matches(e.raw)) continue;
    const directionOk = directions === null || directions.has(e.direction);
    const kindOk = kinds === null || kinds.has(e.kind);
    if (!showsConnection(connection, e.connection)) continue;
    if (kindOk) directionCounts[e.direction]++;
    if (directionOk) kindCounts[e.kind]++;
    if (directionOk && kindOk) indices.push(i);
  }
  const last = entries[entries.length - 1];
  return {
    indices,
    directionCounts,
    kindCounts,
    methods,
    connectionCounts,
    basis: { source, key, scanned: entries.length, lastSeq: last?.seq ?? 0 },
  };
}
