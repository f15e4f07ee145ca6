import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from './clock.js';

describe('systemClock', () => {
  it('is monotonic and runs timers', async () => {
    const a = systemClock.now();
    const fired = await new Promise<boolean>((resolve) => systemClock.setTimeout(() => resolve(true), 1));
    expect(fired).toBe(true);
    expect(systemClock.now()).toBeGreaterThanOrEqual(a);
  });

  it('cancels a timer', async () => {
    let fired = false;
    systemClock.clearTimeout(systemClock.setTimeout(() => (fired = true), 1));
    await new Promise((r) => setTimeout(r, 10));
    expect(fired).toBe(false);
  });
});

describe('ManualClock', () => {
  it('fires due timers in order as time is advanced, and no cancelled one', () => {
    const clock = new ManualClock();
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 20);
    clock.setTimeout(() => fired.push(`a@${clock.now()}`), 10);
    clock.clearTimeout(clock.setTimeout(() => fired.push('cancelled'), 15));
    clock.advance(15);
    expect(fired).toEqual(['a@10']);
    expect(clock.now()).toBe(15);
    clock.advance(5);
    expect(fired).toEqual(['a@10', 'b@20']);
  });
});
