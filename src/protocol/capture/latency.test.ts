import { describe, expect, it } from 'vitest';
import { LatencyStats, OTHER_METHODS, type LatencyRecord } from './latency.js';

let seq = 0;
const request = (method: string, direction: 'out' | 'in' = 'out'): LatencyRecord => ({ seq: ++seq, direction, kind: 'request', method });
const answer = (to: LatencyRecord, rtt: number, kind: 'response' | 'error' = 'response'): LatencyRecord => ({
  seq: ++seq,
  direction: to.direction === 'out' ? 'in' : 'out',
  kind,
  pair: to.seq,
  rtt,
});

describe('LatencyStats', () => {
  it('gives p50, p95 and max of known round trips, within 2%', () => {
    const stats = new LatencyStats();
    // 1, 2, …, 100 ms: the nearest-rank p50 is 50 ms and p95 95 ms.
    for (let ms = 1; ms <= 100; ms++) {
      const ping = request('ping');
      stats.add(ping);
      stats.add(answer(ping, ms));
    }
    const [ping] = stats.table();
    expect(ping).toMatchObject({ method: 'ping', side: 'client', count: 100, errors: 0, unanswered: 0, max: 100 });
    expect(Math.abs(ping!.p50! / 50 - 1)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(ping!.p95! / 95 - 1)).toBeLessThanOrEqual(0.02);
  });

  it('is exact for one value, and tiny and huge round trips stay within the values seen', () => {
    const stats = new LatencyStats();
    const a = request('tools/call');
    stats.add(a);
    stats.add(answer(a, 12.345));
    expect(stats.table()[0]).toMatchObject({ p50: 12.345, p95: 12.345, max: 12.345 });
    const tiny = new LatencyStats();
    const t = request('ping');
    tiny.add(t);
    tiny.add(answer(t, 0));
    const h = request('ping');
    tiny.add(h);
    tiny.add(answer(h, 10 * 3_600_000));
    expect(tiny.table()[0]).toMatchObject({ max: 36_000_000 });
    expect(tiny.table()[0]!.p50).toBeLessThanOrEqual(0.001);
    expect(tiny.table()[0]!.p95).toBeLessThanOrEqual(36_000_000);
  });

  it('counts error answers and requests with no answer, and a second answer once', () => {
    const stats = new LatencyStats();
    const ok = request('tools/call');
    const failed = request('tools/call');
    const lost = request('tools/call');
    for (const r of [ok, failed, lost]) stats.add(r);
    stats.add(answer(ok, 5));
    stats.add(answer(failed, 7, 'error'));
    stats.add(answer(ok, 9)); // a duplicate answer
    const [row] = stats.table();
    expect(row).toMatchObject({ method: 'tools/call', side: 'client', count: 3, errors: 1, unanswered: 1, max: 7 });
    expect(Math.abs(row!.p50! / 5 - 1)).toBeLessThanOrEqual(0.02);
    expect(row!.p95).toBe(7);
  });

  it("keeps the server's requests to the client apart from the client's, whatever their names", () => {
    const stats = new LatencyStats();
    const fromServer = request('ping', 'in');
    stats.add(fromServer);
    stats.add(request('ping'));
    stats.add(request('__proto__'));
    stats.add(answer(fromServer, 3));
    expect(stats.table().map((r) => [r.side, r.method, r.count, r.unanswered])).toEqual([
      ['client', '__proto__', 1, 1],
      ['client', 'ping', 1, 1],
      ['server', 'ping', 1, 0],
    ]);
  });

  it('caps the distinct methods: past the cap they count under one "other" row per direction', () => {
    const stats = new LatencyStats({ maxMethods: 2 });
    for (const m of ['a', 'b', 'c', 'd']) stats.add(request(m));
    const s = request('e', 'in');
    stats.add(s);
    stats.add(answer(s, 4));
    expect(stats.table().map((r) => [r.side, r.method, r.count, r.other ?? false])).toEqual([
      ['client', 'a', 1, false],
      ['client', 'b', 1, false],
      ['client', OTHER_METHODS, 2, true],
      ['server', OTHER_METHODS, 1, true],
    ]);
  });

  it('remembers a bounded number of requests waiting for answers: an older one stays unanswered', () => {
    const stats = new LatencyStats({ maxPending: 2 });
    const first = request('ping');
    stats.add(first);
    stats.add(request('ping'));
    stats.add(request('ping'));
    stats.add(answer(first, 1));
    expect(stats.table()[0]).toMatchObject({ count: 3, unanswered: 3 });
    expect(stats.table()[0]!.p50).toBeUndefined();
  });

  it('skips what is not a request or its answer, and says when the figures changed', () => {
    const stats = new LatencyStats();
    stats.add({ seq: ++seq, direction: 'out', kind: 'notification', method: 'notifications/initialized' });
    stats.add({ seq: ++seq, direction: 'noise', kind: 'noise' });
    stats.add({ seq: ++seq, direction: 'out', kind: 'batch' });
    expect(stats.version).toBe(0);
    expect(stats.table()).toEqual([]);
    stats.add(request('ping'));
    expect(stats.version).toBe(1);
  });
});
