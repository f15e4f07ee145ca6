import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogStore } from '../../stores/log-store.js';
import { subscribeThrottled } from './use-log-entries.js';

describe('subscribeThrottled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const store = createLogStore((run) => run());
    const seen: number[] = [];
    const stop = subscribeThrottled(
      store,
      100,
      () => seen.push(store.getState().entries.length),
      () => Date.now(),
    );
    const append = () => store.getState().append({ t: 0, connection: 1, direction: 'stderr', kind: 'stderr', raw: 'x' });
    return { seen, stop, append };
  }

  it('publishes at once when quiet, then at most once per interval, and always the latest', () => {
    const { seen, append } = setup();
    append();
    expect(seen).toEqual([1]);
    for (let i = 0; i < 9; i++) {
      vi.advanceTimersByTime(10);
      append();
    }
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(10);
    expect(seen).toEqual([1, 10]);
    vi.advanceTimersByTime(500);
    append();
    expect(seen).toEqual([1, 10, 11]);
  });

  it('stops publishing, with nothing pending, once unsubscribed', () => {
    const { seen, stop, append } = setup();
    append();
    append();
    stop();
    vi.advanceTimersByTime(1000);
    append();
    expect(seen).toEqual([1]);
  });
});
