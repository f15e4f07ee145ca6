import { describe, expect, it } from 'vitest';
import { createFloodWatch, FLOOD_REPORT_DELAY_MS, FLOOD_REPORT_EVERY_MS } from './flood-watch.js';

function watch(perSecond = 10) {
  let t = 0;
  const w = createFloodWatch(() => t, perSecond);
  return { w, at: (ms: number) => (t = ms), admitted: (n: number) => Array.from({ length: n }, () => w.admit()).filter(Boolean).length };
}

describe('the sandbox flood watch', () => {
  it('passes no more than its rate in any one second, however the messages fall across seconds', () => {
    const { at, admitted } = watch(10);
    // Quiet, then a burst at 0.9 s and another at 1.1 s: a per-second counter would pass 20 within 200 ms.
    at(900);
    const first = admitted(100);
    at(1100);
    const second = admitted(100);
    expect(first + second).toBeLessThanOrEqual(10);
    at(5000);
    expect(admitted(100)).toBe(5);
  });

  it('reports a flood soon after its first drop, then each second, then once over, with its totals', () => {
    const { w, at, admitted } = watch(10);
    expect(w.nextReportAt()).toBeUndefined();
    expect(admitted(5)).toBe(5);
    expect(admitted(45)).toBe(0);
    expect(w.nextReportAt()).toBe(FLOOD_REPORT_DELAY_MS);
    at(FLOOD_REPORT_DELAY_MS - 1);
    expect(w.report()).toBeUndefined();
    at(FLOOD_REPORT_DELAY_MS);
    expect(w.report()).toEqual({ kind: 'flood', phase: 'started', sent: 45, dropped: 45, ms: FLOOD_REPORT_DELAY_MS });
    at(600);
    admitted(100);
    at(FLOOD_REPORT_DELAY_MS + FLOOD_REPORT_EVERY_MS);
    const going = w.report();
    expect(going).toMatchObject({ kind: 'flood', phase: 'going', sent: 145, ms: FLOOD_REPORT_DELAY_MS + FLOOD_REPORT_EVERY_MS });
    expect(going!.dropped).toBeGreaterThan(140);
    // No drop for a whole second: over, timed to its last drop, and the next flood counts afresh.
    at(600 + FLOOD_REPORT_EVERY_MS + 1000);
    expect(w.report()).toMatchObject({ phase: 'over', sent: 145, ms: 600 });
    expect(w.nextReportAt()).toBeUndefined();
    admitted(100);
    at(600 + FLOOD_REPORT_EVERY_MS + 1000 + FLOOD_REPORT_DELAY_MS);
    expect(w.report()).toMatchObject({ phase: 'started', sent: 95 });
  });
});
