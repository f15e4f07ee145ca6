import { describe, expect, it } from 'vitest';
import { LiveBacklog } from './live-backlog.js';

/** Capture lines of these seqs, each about `size` characters. */
const lines = (from: number, to: number, size = 100) =>
  Array.from({ length: to - from + 1 }, (_, i) => `{"seq":${from + i},"raw":"${'x'.repeat(size - 20)}"}\n`).join('');
const seqs = (texts: string[]) => texts.map((t) => Number(/^\{"seq":(\d+)/.exec(t)![1]));

describe("the live link's backlog", () => {
  it('hands the pending records over in batches, in order', () => {
    const b = new LiveBacklog();
    b.push(lines(1, 7));
    expect(seqs(b.take(3, Infinity).lines)).toEqual([1, 2, 3]);
    expect(seqs(b.take(100, 250).lines)).toEqual([4, 5]);
    expect(b.take(100, Infinity)).toEqual({ lines: expect.any(Array), lost: 0 });
    expect(b.hasPending).toBe(false);
  });

  it('keeps the newest records while none is sent, counting those it lets go', () => {
    const b = new LiveBacklog({ headBytes: 0, pendingBytes: 1000 });
    b.push(lines(1, 30));
    const taken = b.take(100, Infinity);
    expect(seqs(taken.lines)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(taken.lost).toBe(20);
  });

  it("gives each proxy it connects to the session's first records again, and counts what falls between", () => {
    const b = new LiveBacklog({ headBytes: 300, pendingBytes: 1000 });
    b.push(lines(1, 5));
    // A first proxy got them all.
    expect(b.replay()).toEqual({ lines: [], lost: 0 });
    b.take(100, Infinity);
    b.push(lines(6, 30));
    // A second proxy: the first three (the head: initialize is there), then 17 it will not get, then the newest 10.
    const replay = b.replay();
    expect(seqs(replay.lines)).toEqual([1, 2, 3]);
    expect(replay.lost).toBe(17);
    const taken = b.take(100, Infinity);
    expect(seqs(taken.lines)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(taken.lost).toBe(0);
    // Nothing pending: a third proxy gets the head and the count of all the rest.
    expect(b.replay()).toEqual({ lines: expect.any(Array), lost: 27 });
  });
});
