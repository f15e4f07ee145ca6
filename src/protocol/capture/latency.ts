// Round trips per method, from a session's records as they come: for each
// method and each direction (the client's requests to the server, the
// server's to the client) how many were sent, how many were JSON-RPC error
// answers, how many are still unanswered, and p50 / p95 / max of the round
// trips. Incremental (one record at a time) and bounded: each method keeps a
// fixed-bucket histogram (log-spaced buckets, each 4% wider than the last, so
// a percentile is within 2% of the true one; max is exact), the number of
// distinct methods is capped (past it, requests count under one "other" row
// per direction), and the requests waiting for an answer are capped too.
// Batches are not counted (their items have no record of their own).

import type { LogRecord } from './record.js';

/** What the statistics read of a record: a capture's LogRecord has it; the page maps its entries' `pairSeq` to `pair`. */
export interface LatencyRecord extends Pick<LogRecord, 'seq' | 'direction' | 'kind'> {
  method?: string | undefined;
  /** An answer's request (its seq). */
  pair?: number | undefined;
  rtt?: number | undefined;
}

/** Who sent the requests of a row: the client (to the server) or the server (to the client). */
export type RequestSide = 'client' | 'server';

export interface MethodLatency {
  method: string;
  side: RequestSide;
  /** The row of the methods past the cap (its `method` says so). */
  other?: true;
  /** Requests sent. */
  count: number;
  /** Answers that were JSON-RPC errors. */
  errors: number;
  /** Requests with no answer (yet). */
  unanswered: number;
  /** Round trips in milliseconds, over the answered requests; undefined while none was. */
  p50?: number;
  p95?: number;
  max?: number;
}

export interface LatencyOptions {
  /** Distinct (direction, method) rows kept; past it, an "other" row per direction. */
  maxMethods?: number;
  /** Requests waiting for their answer that are remembered; an older one stays unanswered. */
  maxPending?: number;
}

export const OTHER_METHODS = 'other methods';

const BASE_MS = 0.001;
const GROWTH = 1.04;
const LOG_GROWTH = Math.log(GROWTH);
/** Up to about an hour; a longer round trip counts in the last bucket (max stays exact). */
const BUCKETS = Math.ceil(Math.log(3_600_000 / BASE_MS) / LOG_GROWTH) + 1;

function bucketOf(ms: number): number {
  if (!(ms > BASE_MS)) return 0;
  return Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / BASE_MS) / LOG_GROWTH));
}

class Row {
  count = 0;
  errors = 0;
  answered = 0;
  samples = 0;
  min = Infinity;
  max = -Infinity;
  private histogram: Uint32Array | undefined;

  constructor(
    readonly method: string,
    readonly side: RequestSide,
    readonly other: boolean,
  ) {}

  sample(ms: number): void {
    this.histogram ??= new Uint32Array(BUCKETS);
    this.histogram[bucketOf(ms)]!++;
    this.samples++;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
  }

  /** The nearest-rank percentile: the geometric middle of its bucket, within the values seen (the top rank is the max). */
  percentile(p: number): number | undefined {
    if (this.samples === 0 || !this.histogram) return undefined;
    const rank = Math.max(1, Math.ceil(p * this.samples));
    if (rank === this.samples) return this.max;
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.histogram[i]!;
      if (seen >= rank) {
        const middle = i === 0 ? BASE_MS : BASE_MS * GROWTH ** (i - 0.5);
        return Math.min(this.max, Math.max(this.min, middle));
      }
    }
    return this.max;
  }

  view(): MethodLatency {
    const row: MethodLatency = { method: this.method, side: this.side, count: this.count, errors: this.errors, unanswered: this.count - this.answered };
    if (this.other) row.other = true;
    if (this.samples > 0) {
      row.p50 = this.percentile(0.5)!;
      row.p95 = this.percentile(0.95)!;
      row.max = this.max;
    }
    return row;
  }
}

const SIDE_OF_REQUEST: Partial<Record<LogRecord['direction'], RequestSide>> = { out: 'client', in: 'server' };
const ANSWERED_SIDE: Partial<Record<LogRecord['direction'], RequestSide>> = { in: 'client', out: 'server' };

export class LatencyStats {
  /** Keyed by side and method (a Map: method names are the peers' strings). */
  private readonly rows = new Map<string, Row>();
  private readonly others: Partial<Record<RequestSide, Row>> = {};
  /** Requests waiting for an answer, by their seq, oldest first. */
  private readonly pending = new Map<number, Row>();
  private readonly maxMethods: number;
  private readonly maxPending: number;
  private changes = 0;

  constructor(options: LatencyOptions = {}) {
    this.maxMethods = options.maxMethods ?? 100;
    this.maxPending = options.maxPending ?? 10_000;
  }

  /** Grows each time a record changed the figures (a view can skip redrawing when it did not). */
  get version(): number {
    return this.changes;
  }

  add(r: LatencyRecord): void {
    if (r.kind === 'request' && r.method !== undefined) {
      const side = SIDE_OF_REQUEST[r.direction];
      if (side === undefined) return;
      const row = this.rowFor(side, r.method);
      row.count++;
      this.pending.set(r.seq, row);
      if (this.pending.size > this.maxPending) this.pending.delete(this.pending.keys().next().value!);
      this.changes++;
      return;
    }
    if ((r.kind === 'response' || r.kind === 'error') && r.pair !== undefined) {
      const row = this.pending.get(r.pair);
      // A second answer to one request, or one to a request not seen: not a round trip of ours to count.
      if (row === undefined || ANSWERED_SIDE[r.direction] !== row.side) return;
      this.pending.delete(r.pair);
      row.answered++;
      if (r.kind === 'error') row.errors++;
      if (r.rtt !== undefined && Number.isFinite(r.rtt) && r.rtt >= 0) row.sample(r.rtt);
      this.changes++;
    }
  }

  /** Every row: the client's requests first, then the server's, each by method; the "other" rows last. */
  table(): MethodLatency[] {
    const rows = [...this.rows.values()].sort((a, b) =>
      a.side === b.side ? (a.method < b.method ? -1 : a.method > b.method ? 1 : 0) : a.side === 'client' ? -1 : 1,
    );
    for (const side of ['client', 'server'] as const) {
      const other = this.others[side];
      if (other) rows.push(other);
    }
    return rows.map((row) => row.view());
  }

  private rowFor(side: RequestSide, method: string): Row {
    const key = `${side} ${method}`;
    const known = this.rows.get(key);
    if (known) return known;
    if (this.rows.size >= this.maxMethods) return (this.others[side] ??= new Row(OTHER_METHODS, side, true));
    const row = new Row(method, side, false);
    this.rows.set(key, row);
    return row;
  }
}
