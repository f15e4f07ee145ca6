// The server's notifications during a test, kept so that a `wait` step finds
// one that came since the previous step began, or waits for the next.

import type { ClientSession } from '../../src/protocol/index.js';

interface Kept {
  method: string;
  params: unknown;
  /** A wait step took it: the next wait looks for another. */
  taken: boolean;
}

/** A test's notifications beyond this many are not kept (a server that floods them). */
const MAX_KEPT = 10_000;

export class Notifications {
  private readonly kept: Kept[] = [];
  /** Where the step before the current one began, and where the current one began. */
  private from = 0;
  private current = 0;
  private waiting: Array<(n: Kept) => void> = [];

  constructor(session: ClientSession) {
    session.on((e) => {
      if (e.type !== 'notification') return;
      const n: Kept = { method: e.method, params: e.params, taken: false };
      if (this.kept.length < MAX_KEPT) this.kept.push(n);
      for (const w of this.waiting) w(n);
    });
  }

  /** A step begins: a wait step may take what came since the step before it began. */
  stepBegins(): void {
    this.from = this.current;
    this.current = this.kept.length;
  }

  /** The first notification of `method` since the previous step began, or the next within `timeoutMs`. */
  next(method: string, timeoutMs: number): Promise<{ received: true; params: unknown } | { received: false }> {
    const found = this.kept.find((n, i) => i >= this.from && !n.taken && n.method === method);
    if (found) {
      found.taken = true;
      return Promise.resolve({ received: true, params: found.params });
    }
    return new Promise((resolve) => {
      const done = (result: { received: true; params: unknown } | { received: false }) => {
        clearTimeout(timer);
        this.waiting = this.waiting.filter((w) => w !== listener);
        resolve(result);
      };
      const listener = (n: Kept) => {
        if (n.method !== method) return;
        n.taken = true;
        done({ received: true, params: n.params });
      };
      const timer = setTimeout(() => done({ received: false }), timeoutMs);
      this.waiting.push(listener);
    });
  }
}
