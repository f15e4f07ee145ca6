import { describe, expect, it } from 'vitest';
import { ClientSession } from '../session/client-session.js';
import { ManualClock } from '../time/clock.js';
import { PingMonitor, figuresOf, percentile, type MonitorEvent } from './monitor.js';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A session whose server answers ping after `delay()` ms, or never when it returns undefined. */
function rig(delay: (n: number) => number | undefined, reply: (id: number) => unknown = (id) => ({ jsonrpc: '2.0', id, result: {} })) {
  const clock = new ManualClock();
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
    expect(monitor.history.every((s) => s.probe === 'ping')).toBe(true);
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

describe('PingMonitor on a 2026-07-28 connection', () => {
  /** A modern session (era, version) whose server answers server/discover with `result` after 10 ms. */
  function modernRig(result: (n: number) => unknown) {
    const clock = new ManualClock();
    const sent: Array<{ method?: string; params?: unknown }> = [];
    let n = 0;
    const inner: ClientSession = new ClientSession({
      clock,
      send: (raw) => {
        const msg = JSON.parse(raw) as { method?: string; id?: number; params?: unknown };
        sent.push(msg);
        if (msg.method === 'server/discover') {
          const answer = { jsonrpc: '2.0', id: msg.id, result: result(++n) };
          clock.setTimeout(() => inner.receive(JSON.stringify(answer)), 10);
        }
      },
    });
    inner.markReadyWithoutInitialize();
    const session = { era: 'modern' as const, protocolVersion: '2026-07-28', request: inner.request.bind(inner) };
    const monitor = new PingMonitor(() => session, { clock, intervalMs: 1000, timeoutMs: 300, staleAfter: 3 });
    const tick = async (ms: number) => {
      for (let t = 0; t < ms; t += 50) {
        clock.advance(50);
        await flush();
      }
    };
    return { sent, monitor, tick };
  }
  const discovered = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'public' };

  it('beats with server/discover, never ping, and keeps the same figures', async () => {
    const { sent, monitor, tick } = modernRig(() => discovered);
    monitor.start();
    await tick(2950);
    expect(sent.map((m) => m.method)).toEqual(['server/discover', 'server/discover', 'server/discover']);
    expect(monitor.history.map((s) => s.probe)).toEqual(['server/discover', 'server/discover', 'server/discover']);
    expect(monitor.figures).toMatchObject({ count: 3, misses: 0, failures: 0, p50: 10, p95: 10 });
    monitor.stop();
  });

  it('counts a discover answer that is no DiscoverResult as a failure, with its verdict', async () => {
    const { monitor, tick } = modernRig((n) => (n === 2 ? { resultType: 'complete', supportedVersions: ['2025-11-25'], capabilities: {} } : discovered));
    monitor.start();
    await tick(1950);
    expect(monitor.figures.failures).toBe(1);
    expect(monitor.history[1]?.failure).toBe('supportedVersions ["2025-11-25"] does not list 2026-07-28, the version in use');
    expect(monitor.notImplemented).toBe(false);
    monitor.stop();
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
