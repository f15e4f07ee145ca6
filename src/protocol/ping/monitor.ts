// The heartbeat: pings on an interval, each with its own timeout. A timeout
// (the session sends notifications/cancelled for it) counts as a miss; N
// misses in a row mark the connection stale. Figures are kept for every ping.
// On a 2026-07-28 connection each beat is a discover round trip (probe.ts).

import type { RequestOutcome } from '../session/types.js';
import { systemClock, type Clock } from '../time/clock.js';
import { sendLivenessProbe, type LivenessProbe, type ProbedSession } from './probe.js';
import type { PingVerdict } from './verdict.js';

export interface PingMonitorOptions {
  intervalMs?: number;
  timeoutMs?: number;
  /** Misses in a row that mark the connection stale. */
  staleAfter?: number;
  clock?: Clock;
  /** Awaited before each ping (the UI waits for an idle main thread, so the figure is the wire's). */
  beforePing?: () => Promise<void>;
}

export const DEFAULT_HEARTBEAT = { intervalMs: 5000, timeoutMs: 3000, staleAfter: 3 } as const;

export interface PingSample {
  n: number;
  /** The method sent: server/discover on a 2026-07-28 connection; absent or 'ping' for a ping. */
  probe?: LivenessProbe;
  /** Clock time the ping was sent. */
  at: number;
  /** Round trip in ms; undefined for a miss or a failure. */
  rttMs?: number;
  outcome: RequestOutcome['status'];
  verdict: PingVerdict;
  /** Why it failed, when it did. */
  failure?: string;
}

export interface PingFigures {
  count: number;
  misses: number;
  failures: number;
  consecutiveMisses: number;
  p50?: number;
  p95?: number;
  p99?: number;
  max?: number;
  /** Mean absolute difference between consecutive round trips. */
  jitter?: number;
  last?: number;
}

export type MonitorState = 'stopped' | 'running' | 'stale';

export type MonitorEvent = { type: 'sample'; sample: PingSample } | { type: 'stale'; consecutiveMisses: number } | { type: 'state'; state: MonitorState };

export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export function figuresOf(samples: readonly PingSample[], consecutiveMisses: number): PingFigures {
  const rtts = samples.flatMap((s) => (s.rttMs === undefined ? [] : [s.rttMs]));
  const sorted = [...rtts].sort((a, b) => a - b);
  const figures: PingFigures = {
    count: samples.length,
    misses: samples.filter((s) => s.outcome === 'timeout').length,
    failures: samples.filter((s) => s.outcome !== 'timeout' && !s.verdict.compliant).length,
    consecutiveMisses,
  };
  if (sorted.length) {
    figures.p50 = percentile(sorted, 50)!;
    figures.p95 = percentile(sorted, 95)!;
    figures.p99 = percentile(sorted, 99)!;
    figures.max = sorted[sorted.length - 1]!;
    figures.last = rtts[rtts.length - 1]!;
  }
  if (rtts.length > 1) {
    let sum = 0;
    for (let i = 1; i < rtts.length; i++) sum += Math.abs(rtts[i]! - rtts[i - 1]!);
    figures.jitter = sum / (rtts.length - 1);
  }
  return figures;
}

function notConnected(): { outcome: RequestOutcome; verdict: PingVerdict } {
  const message = 'Not connected.';
  return { outcome: { status: 'closed', message }, verdict: { compliant: false, failures: [message] } };
}

export class PingMonitor {
  readonly intervalMs: number;
  readonly timeoutMs: number;
  readonly staleAfter: number;
  private readonly clock: Clock;
  private readonly beforePing: (() => Promise<void>) | undefined;
  private readonly samples: PingSample[] = [];
  private readonly listeners = new Set<(e: MonitorEvent) => void>();
  private timer: unknown;
  private _state: MonitorState = 'stopped';
  private consecutive = 0;
  private n = 0;
  private _notImplemented = false;
  private generation = 0;

  constructor(
    private readonly session: () => ProbedSession | undefined,
    options: PingMonitorOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? DEFAULT_HEARTBEAT.intervalMs;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_HEARTBEAT.timeoutMs;
    this.staleAfter = options.staleAfter ?? DEFAULT_HEARTBEAT.staleAfter;
    this.clock = options.clock ?? systemClock;
    this.beforePing = options.beforePing;
  }

  get state(): MonitorState {
    return this._state;
  }

  /** True once the server answered ping with -32601 (a discover round trip never sets it). */
  get notImplemented(): boolean {
    return this._notImplemented;
  }

  get history(): readonly PingSample[] {
    return this.samples;
  }

  get figures(): PingFigures {
    return figuresOf(this.samples, this.consecutive);
  }

  on(listener: (e: MonitorEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this._state === 'running') return;
    this.consecutive = 0;
    this.setState('running');
    const generation = ++this.generation;
    void this.beat(generation);
  }

  stop(): void {
    this.generation++;
    this.clock.clearTimeout(this.timer);
    this.setState('stopped');
  }

  /** After a reconnect: the miss streak starts again, the history stays. */
  resume(): void {
    this.stop();
    this.start();
  }

  private async beat(generation: number): Promise<void> {
    await this.beforePing?.();
    if (generation !== this.generation) return;
    const session = this.session();
    const at = this.clock.now();
    const n = ++this.n;
    const { probe, outcome, verdict } = session ? await sendLivenessProbe(session, this.timeoutMs) : { probe: 'ping' as const, ...notConnected() };
    if (generation !== this.generation) return; // stopped meanwhile
    const sample: PingSample = { n, probe, at, outcome: outcome.status, verdict };
    if (outcome.status === 'result' || outcome.status === 'error') sample.rttMs = outcome.rttMs;
    if (!verdict.compliant) sample.failure = verdict.failures.join('; ');
    if (probe === 'ping' && outcome.status === 'error' && outcome.error.code === -32601) this._notImplemented = true;
    this.samples.push(sample);
    // A connection that is gone (closed, or refusing because it is closed) is as dead as a silent one.
    const dead = outcome.status === 'timeout' || outcome.status === 'closed' || outcome.status === 'refused';
    this.consecutive = dead ? this.consecutive + 1 : 0;
    this.emit({ type: 'sample', sample });
    if (this.consecutive >= this.staleAfter && this._state === 'running') {
      this.setState('stale');
      this.emit({ type: 'stale', consecutiveMisses: this.consecutive });
    } else if (this.consecutive === 0 && this._state === 'stale') this.setState('running');
    if (this._state === 'stopped') return;
    const wait = Math.max(0, this.intervalMs - (this.clock.now() - at));
    this.timer = this.clock.setTimeout(() => void this.beat(generation), wait);
  }

  private setState(state: MonitorState): void {
    if (state === this._state) return;
    this._state = state;
    this.emit({ type: 'state', state });
  }

  private emit(e: MonitorEvent): void {
    for (const l of this.listeners) l(e);
  }
}
