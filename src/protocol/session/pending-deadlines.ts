// The deadlines of our pending requests: each times out after its timeout,
// progress restarts the clock (never past the maximum total time), and while
// deadlines are held (the OAuth flow waits for a person) none runs at all.

import type { RequestLedger } from '../ledger/ledger.js';
import { requestIdOf } from '../ledger/request-id.js';
import type { Clock } from '../time/clock.js';
import type { ProgressUpdate, RequestOutcome, SentRequest } from './types.js';

/** One of our requests awaiting its answer: what the ledger keeps for it. */
export interface Pending {
  request: SentRequest;
  startedAt: number;
  deadlineTimer: unknown;
  timeoutMs: number;
  progressToken?: string;
  onProgress?: (update: ProgressUpdate) => void;
  resolve: (outcome: RequestOutcome) => void;
  /** An answer came with this id in the other JSON type: said when the request times out. */
  mismatchedBy?: string;
  /** Send notifications/cancelled when it times out (not for initialize, nor Auto's probe of a maybe-legacy server). */
  cancelOnTimeout: boolean;
}

export interface DeadlineDeps {
  clock: Clock;
  ledger: RequestLedger<Pending>;
  maxTotalTimeoutMs: number;
  /** `p` got no answer in time; the ledger has expired it already. */
  timedOut(p: Pending, elapsedMs: number, message: string): void;
}

export class PendingDeadlines {
  /** While true, no request times out. */
  private held = false;

  constructor(private readonly deps: DeadlineDeps) {}

  /** Start (or, while deadlines are held, leave unset) the timer that times `p` out. */
  start(p: Pending, ms: number): void {
    if (this.held) return;
    p.deadlineTimer = this.deps.clock.setTimeout(() => this.expire(p), ms);
  }

  /** Hold every deadline, or start them again: once released, each pending request gets its whole timeout again. */
  hold(held: boolean): void {
    if (held === this.held) return;
    this.held = held;
    for (const { data: p } of this.deps.ledger.pendingRequests('client')) {
      this.deps.clock.clearTimeout(p.deadlineTimer);
      p.deadlineTimer = undefined;
      this.start(p, p.timeoutMs);
    }
  }

  /** notifications/progress: the request with this token hears of it, and its deadline starts again. */
  progress(params: Record<string, unknown>): void {
    const token = params.progressToken;
    for (const { data: p } of this.deps.ledger.pendingRequests('client')) {
      if (p.progressToken === undefined || p.progressToken !== token) continue;
      const update: ProgressUpdate = { progress: typeof params.progress === 'number' ? params.progress : NaN };
      if (typeof params.total === 'number') update.total = params.total;
      if (typeof params.message === 'string') update.message = params.message;
      p.onProgress?.(update);
      const { clock, maxTotalTimeoutMs } = this.deps;
      const remainingMax = p.startedAt + maxTotalTimeoutMs - clock.now();
      clock.clearTimeout(p.deadlineTimer);
      this.start(p, Math.max(0, Math.min(p.timeoutMs, remainingMax)));
      return;
    }
  }

  private expire(pending: Pending): void {
    const { clock, ledger } = this.deps;
    const p = ledger.expire('client', requestIdOf(pending.request.id), clock.now())?.data;
    if (!p) return;
    const elapsedMs = clock.now() - p.startedAt;
    // Timers fire a little late: say the timeout that was set, unless progress stretched it.
    const waited = elapsedMs - p.timeoutMs < 50 ? p.timeoutMs : Math.round(elapsedMs);
    let message = `No response to ${p.request.method} (id ${JSON.stringify(p.request.id)}) within ${waited} ms.`;
    if (p.mismatchedBy !== undefined) message += ` An answer came, but its ${p.mismatchedBy}: ids must keep their JSON type, so it answers nothing.`;
    this.deps.timedOut(p, elapsedMs, message);
  }
}
