// The sandbox's limit on what an app posts to its host: a token bucket, so no
// second-long stretch passes more than `perSecond` messages (the page's own
// gate, counting per second, then never drops one the sandbox passed), and a
// flood's running totals, so the host can say at once "this app sent N
// messages in T ms" instead of freezing under them.
import type { SandboxDiagnostic } from './contract.js';

/** What the sandbox passes on of an app's messages, at most, in any one second. */
export const SANDBOX_MESSAGES_PER_SECOND = 200;
/** How soon after its first dropped message a flood is reported; then again each second while it lasts. */
export const FLOOD_REPORT_DELAY_MS = 250;
export const FLOOD_REPORT_EVERY_MS = 1000;

export type FloodReport = Extract<SandboxDiagnostic, { kind: 'flood' }>;

export interface FloodWatch {
  /** One message from the app: true to pass it on, false when it is dropped (counted). */
  admit(): boolean;
  /**
   * The report due at `now`, if any: the totals of the flood so far, `over` once a whole
   * FLOOD_REPORT_EVERY_MS has passed without a drop (the totals then start again).
   */
  report(): FloodReport | undefined;
  /** When `report()` is next worth calling (undefined: no flood). */
  nextReportAt(): number | undefined;
}

export function createFloodWatch(now: () => number, perSecond = SANDBOX_MESSAGES_PER_SECOND): FloodWatch {
  // Half the second's worth at once, the rest as it refills: any one-second stretch passes at most `perSecond`.
  const burst = Math.max(1, Math.floor(perSecond / 2));
  const refillPerMs = (perSecond - burst) / 1000;
  let tokens = burst;
  let refilledAt = now();
  let flood: { startedAt: number; sent: number; dropped: number; lastDropAt: number; reportAt: number; reported: boolean } | undefined;

  return {
    admit() {
      const t = now();
      tokens = Math.min(burst, tokens + (t - refilledAt) * refillPerMs);
      refilledAt = t;
      if (flood !== undefined) flood.sent++;
      if (tokens >= 1) {
        tokens -= 1;
        return true;
      }
      if (flood === undefined) flood = { startedAt: t, sent: 1, dropped: 0, lastDropAt: t, reportAt: t + FLOOD_REPORT_DELAY_MS, reported: false };
      flood.dropped++;
      flood.lastDropAt = t;
      return false;
    },
    report() {
      const t = now();
      if (flood === undefined || t < flood.reportAt) return undefined;
      const over = t - flood.lastDropAt >= FLOOD_REPORT_EVERY_MS;
      const out: FloodReport = {
        kind: 'flood',
        dropped: flood.dropped,
        sent: flood.sent,
        ms: Math.round((over ? flood.lastDropAt : t) - flood.startedAt),
        phase: over ? 'over' : flood.reported ? 'going' : 'started',
      };
      if (over) flood = undefined;
      else {
        flood.reported = true;
        flood.reportAt = t + FLOOD_REPORT_EVERY_MS;
      }
      return out;
    },
    nextReportAt: () => flood?.reportAt,
  };
}
