// The Log's entries into per-method latency, for the connection shown (or all
// of them): read incrementally as entries arrive, started over when the
// connection shown changes or the log is another (cleared, imported).

import { LatencyStats, type MethodLatency } from '../../../protocol/index.js';
import type { LogEntry } from '../../stores/log-store.js';

export type LatencyColumn = 'method' | 'count' | 'p95';

export class LatencyOfLog {
  private stats = new LatencyStats();
  private source: object | undefined;
  private connection: number | undefined;
  private lastSeq = 0;

  /** The entries not read yet of `connection` (undefined: every connection) go in; `source` names the log they belong to. */
  read(entries: readonly LogEntry[], connection: number | undefined, source: object): void {
    const last = entries[entries.length - 1]?.seq ?? 0;
    if (source !== this.source || connection !== this.connection || last < this.lastSeq) {
      this.stats = new LatencyStats();
      this.source = source;
      this.connection = connection;
      this.lastSeq = 0;
    }
    // Entries are in seq order: the first unread one is found by seq, not by a pass over the whole log.
    let i = entries.length;
    while (i > 0 && entries[i - 1]!.seq > this.lastSeq) i--;
    for (; i < entries.length; i++) {
      const e = entries[i]!;
      if (connection === undefined || e.connection === connection) {
        this.stats.add({ seq: e.seq, direction: e.direction, kind: e.kind, method: e.method, pair: e.pairSeq, rtt: e.rtt });
      }
    }
    this.lastSeq = Math.max(this.lastSeq, last);
  }

  rows(): MethodLatency[] {
    return this.stats.table();
  }

  get version(): number {
    return this.stats.version;
  }
}

/** Rows by a column: p95 and count the largest first (a row with no round trip last), method A→Z. */
export function sortRows(rows: readonly MethodLatency[], by: LatencyColumn): MethodLatency[] {
  const sorted = [...rows];
  if (by === 'method') sorted.sort((a, b) => (a.method < b.method ? -1 : a.method > b.method ? 1 : 0));
  else if (by === 'count') sorted.sort((a, b) => b.count - a.count);
  else sorted.sort((a, b) => (b.p95 ?? -1) - (a.p95 ?? -1));
  return sorted;
}
