// The wrapped sessions the proxy knows, each with its newest records (bounded
// by count and size; what it lets go is counted in `lost`), at most so many
// sessions (ended and disconnected ones let go oldest first). Pages follow it
// through subscribe().
import type { CapturedSession, LogRecord, WrapperMessage } from '../../src/protocol/wire.js';

export interface CapturedLimits {
  /** Records kept per session. */
  maxRecords: number;
  /** Their size (as JSON, roughly) per session. */
  maxBytes: number;
  maxSessions: number;
}

export const DEFAULT_CAPTURED_LIMITS: CapturedLimits = { maxRecords: 20_000, maxBytes: 16 * 1024 * 1024, maxSessions: 64 };

export type CapturedEvent =
  { type: 'session'; session: CapturedSession } | { type: 'records'; id: string; records: LogRecord[] } | { type: 'gone'; id: string };

/** A record's size as JSON, near enough to bound memory by (the text it carries and a little for the rest). */
export function recordSize(r: LogRecord): number {
  return 160 + r.raw.length + (r.bytes?.length ?? 0) + (r.note?.length ?? 0) + (r.method?.length ?? 0);
}

class Kept {
  private records: LogRecord[] = [];
  private start = 0;
  private bytes = 0;
  /** The newest seq received: a wrapper that connects again sends its first records again, which are not kept twice. */
  private newestSeq = 0;

  constructor(public session: CapturedSession) {}

  add(records: readonly LogRecord[], limits: CapturedLimits): LogRecord[] {
    const fresh = records.filter((r) => r.seq > this.newestSeq);
    for (const r of fresh) {
      this.records.push(r);
      this.bytes += recordSize(r);
    }
    if (fresh.length > 0) this.newestSeq = fresh.at(-1)!.seq;
    this.session.received += fresh.length;
    while (this.records.length - this.start > limits.maxRecords || (this.bytes > limits.maxBytes && this.records.length - this.start > 1)) {
      this.bytes -= recordSize(this.records[this.start]!);
      this.start++;
      this.session.lost++;
    }
    // Let go of the array's dropped front now and then, not at every record.
    if (this.start > 4096 && this.start * 2 > this.records.length) {
      this.records = this.records.slice(this.start);
      this.start = 0;
    }
    return fresh;
  }

  kept(): LogRecord[] {
    return this.records.slice(this.start);
  }
}

type Hello = Extract<WrapperMessage, { type: 'hello' }>;

export class CapturedSessions {
  private readonly sessions = new Map<string, Kept>();
  private readonly listeners = new Set<(event: CapturedEvent) => void>();

  constructor(private readonly limits: CapturedLimits = DEFAULT_CAPTURED_LIMITS) {}

  /** Events from now on; returns the way to stop. */
  subscribe(listener: (event: CapturedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every session (oldest first), each with what is kept of its records. */
  snapshot(): Array<{ session: CapturedSession; records: LogRecord[] }> {
    return [...this.sessions.values()].map((k) => ({ session: { ...k.session }, records: k.kept() }));
  }

  /** A wrapper said hello: a new session, or one it had before (it connects again); or why not. */
  open(hello: Hello): { ok: true } | { ok: false; reason: string } {
    const known = this.sessions.get(hello.session);
    if (known?.session.state === 'live') return { ok: false, reason: 'a wrapper with this session is already connected' };
    if (known === undefined && this.sessions.size >= this.limits.maxSessions) {
      const oldest = [...this.sessions.values()].find((k) => k.session.state !== 'live');
      if (oldest === undefined) return { ok: false, reason: `the proxy already follows ${this.limits.maxSessions} live wrapped sessions` };
      this.sessions.delete(oldest.session.id);
      this.emit({ type: 'gone', id: oldest.session.id });
    }
    const kept =
      known ??
      new Kept({
        id: hello.session,
        pid: 0,
        transport: hello.transport,
        header: hello.header,
        state: 'live',
        received: 0,
        lost: 0,
        seenAt: new Date().toISOString(),
      });
    const s = kept.session;
    s.pid = hello.pid;
    s.transport = hello.transport;
    s.header = hello.header;
    s.state = 'live';
    delete s.reason;
    if (hello.capture !== undefined) s.capture = hello.capture;
    else delete s.capture;
    this.sessions.set(s.id, kept);
    this.changed(kept);
    return { ok: true };
  }

  records(id: string, records: readonly LogRecord[]): void {
    const kept = this.sessions.get(id);
    if (kept === undefined) return;
    const lostBefore = kept.session.lost;
    const fresh = kept.add(records, this.limits);
    if (fresh.length > 0) this.emit({ type: 'records', id, records: fresh });
    // The counts ride on `session` messages only when something else changed, or records were let go.
    if (kept.session.lost !== lostBefore) this.changed(kept);
  }

  lost(id: string, count: number): void {
    const kept = this.sessions.get(id);
    if (kept === undefined || count === 0) return;
    kept.session.lost += count;
    this.changed(kept);
  }

  end(id: string, reason: string): void {
    this.finish(id, 'ended', reason);
  }

  /** The wrapper's socket closed without `end`. */
  disconnect(id: string, reason: string): void {
    if (this.sessions.get(id)?.session.state === 'live') this.finish(id, 'disconnected', reason);
  }

  private finish(id: string, state: 'ended' | 'disconnected', reason: string): void {
    const kept = this.sessions.get(id);
    if (kept === undefined) return;
    kept.session.state = state;
    kept.session.reason = reason;
    this.changed(kept);
  }

  private changed(kept: Kept): void {
    this.emit({ type: 'session', session: { ...kept.session } });
  }

  private emit(event: CapturedEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
