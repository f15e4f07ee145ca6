import { describe, expect, it } from 'vitest';
import { ClientSession } from '../session/client-session.js';
import { FakeClock } from '../session/fake-clock.js';
import { PingMonitor, figuresOf, percentile, type MonitorEvent } from './monitor.js';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A session whose server answers ping after `delay()` ms, or never when it returns undefined. */
function rig(delay: (n: number) => number | undefined, reply: (id: number) => unknown = (id) => ({ jsonrpc: '2.0', id, result: {} })) {
  const clock = new FakeClock();
  const sent: Array<{ method?: string; id?: number; params?: { requestId?: number } }> = [];
  let n = 0;
  const session: ClientSession = new ClientSession({
    clock,
    send: (raw) => {
      const msg = JSON.parse(raw) as { method?: string; id?: number };
      sent.push(msg);
      if (msg.method !== 'ping') return;
      const d = delay(++n);
      if (d !== undefined) clock.setTimeout(() => session.receive(JSON.stringify(reply(msg.id!))), d);
    },
  });
  session.markReadyWithoutInitialize();
  const monitor = new PingMonitor(() => session, { clock, intervalMs: 1000, timeoutMs: 300, staleAfter: 3 });
  const events: MonitorEvent[] = [];
  monitor.on((e) => events.push(e));
  const tick = async (ms: number) => {
    for (let t = 0; t < ms; t += 50) {
      clock.advance(50);
      await flush();
    }
  };
  return { clock, sent, monitor, events, tick };
}

describe('PingMonitor', () => {
  it('pings on the interval and keeps figures', async () => {
    const delays = [10, 20, 30, 40];
    const { monitor, tick } = rig((n) => delays[(n - 1) % 4]);
    monitor.start();
    await tick(3950);
    const f = monitor.figures;
    expect(f.count).toBe(4);
    expect(f.misses).toBe(0);
    expect([f.p50, f.max, f.last]).toEqual([20, 40, 40]);
    expect(f.jitter).toBe(10);
    monitor.stop();
    await tick(3000);
    expect(monitor.figures.count).toBe(4);
  });

  it('counts a timeout as a miss, cancels that ping, and goes stale after 3 misses in a row', async () => {
    const { monitor, tick, sent, events } = rig(() => undefined);
    monitor.start();
    await tick(2500);
    expect(monitor.figures.misses).toBe(3);
    expect(monitor.state).toBe('stale');
    expect(events.filter((e) => e.type === 'stale')).toHaveLength(1);
    const cancels = sent.filter((m) => m.method === 'notifications/cancelled');
    expect(cancels.map((c) => c.params?.requestId)).toEqual([1, 2, 3]);
    expect(monitor.history[0]?.failure).toMatch(/No response to ping/);
  });

  it('a closed connection goes stale too (its pings are refused, not timed out)', async () => {
    const { monitor, tick, events } = rig(() => 1);
    const closing = rig(() => 1);
    void closing;
    monitor.start();
    await tick(100);
    expect(monitor.state).toBe('running');
    // The session closes under the heartbeat: every later ping is refused at once.
    (monitor as unknown as { session: () => { request: () => Promise<unknown> } }).session = () => ({
      request: async () => ({ status: 'refused', message: 'The connection is closed. Connect again first.' }),
    });
    await tick(3500);
    expect(monitor.state).toBe('stale');
    expect(events.some((e) => e.type === 'stale')).toBe(true);
  });

  it('a good answer ends the streak and leaves stale', async () => {
    const { monitor, tick } = rig((n) => (n <= 3 ? undefined : 5));
    monitor.start();
    await tick(2500);
    expect(monitor.state).toBe('stale');
    await tick(1000);
    expect(monitor.state).toBe('running');
    expect(monitor.figures.consecutiveMisses).toBe(0);
  });

  it('notices a server that does not implement ping', async () => {
    const { monitor, tick } = rig(
      () => 1,
      (id) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }),
    );
    monitor.start();
    await tick(100);
    expect(monitor.notImplemented).toBe(true);
    expect(monitor.figures.failures).toBe(1);
  });

  it('records a non-compliant answer with its verdict', async () => {
    const { monitor, tick } = rig(
      () => 1,
      (id) => ({ jsonrpc: '2.0', id, result: { pong: true } }),
    );
    monitor.start();
    await tick(100);
    expect(monitor.history[0]?.failure).toBe('result is not empty: {"pong":true}');
  });
});

describe('figures', () => {
  it('percentiles by nearest rank', () => {
    const s = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(s, 50), percentile(s, 95), percentile(s, 99), percentile([], 50)]).toEqual([50, 95, 99, undefined]);
  });

  it('no round trips, no percentiles', () => {
    expect(figuresOf([], 0)).toEqual({ count: 0, misses: 0, failures: 0, consecutiveMisses: 0 });
  });
});
