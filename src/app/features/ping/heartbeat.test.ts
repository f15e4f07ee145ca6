import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientSession } from '../../../protocol/index.js';
import { Heartbeat, backoffMs, settingsProblem, DEFAULT_SETTINGS } from './heartbeat.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('heartbeat settings', () => {
  it('defaults to 5 s interval, 3 s timeout, stale after 3', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ intervalMs: 5000, timeoutMs: 3000, staleAfter: 3, autoReconnect: true });
  });
  it('refuses unusable values with a sentence', () => {
    expect(settingsProblem({ ...DEFAULT_SETTINGS, intervalMs: 5 })).toMatch(/interval/);
    expect(settingsProblem({ ...DEFAULT_SETTINGS, timeoutMs: NaN })).toMatch(/timeout/);
    expect(settingsProblem({ ...DEFAULT_SETTINGS, staleAfter: 0 })).toMatch(/stale/);
    expect(settingsProblem(DEFAULT_SETTINGS)).toBeUndefined();
  });
  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 5, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });
});

describe('Heartbeat', () => {
  it('a silent server: misses logged, stale after 3, then reconnect and ping again', async () => {
    vi.useFakeTimers();
    let silent = true;
    const sent: string[] = [];
    const makeSession = () => {
      const s: ClientSession = new ClientSession({
        send: (raw) => {
          sent.push(raw);
          const msg = JSON.parse(raw) as { id?: number; method?: string };
          if (msg.method === 'ping' && !silent) setTimeout(() => s.receive(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: {} })), 1);
        },
      });
      s.markReadyWithoutInitialize();
      return s;
    };
    let session = makeSession();
    const log: string[] = [];
    const hb = new Heartbeat({
      session: () => session,
      reconnect: async () => {
        silent = false;
        session = makeSession();
        return true;
      },
      log: (l) => log.push(l),
    });
    expect(hb.start({ intervalMs: 200, timeoutMs: 100, staleAfter: 3, autoReconnect: true })).toBeUndefined();
    await vi.advanceTimersByTimeAsync(650);
    expect(hb.store.getState().figures.misses).toBe(3);
    expect(log.filter((l) => /missed: No response to ping/.test(l))).toHaveLength(3);
    expect(log.some((l) => /stale/.test(l))).toBe(true);
    expect(sent.filter((r) => r.includes('notifications/cancelled'))).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1500);
    expect(hb.store.getState().reconnects).toBe(1);
    expect(log).toContain('Heartbeat: reconnected; pinging again.');
    await vi.advanceTimersByTimeAsync(500);
    const f = hb.store.getState().figures;
    expect(f.count).toBeGreaterThan(3);
    expect(f.consecutiveMisses).toBe(0);
    hb.stop();
    expect(hb.store.getState().state).toBe('stopped');
  });

  it('clears the failure once a reconnect succeeds: the status is healthy again, the failure stays as history', async () => {
    vi.useFakeTimers();
    let silent = true;
    const makeSession = () => {
      const s: ClientSession = new ClientSession({
        send: (raw) => {
          const msg = JSON.parse(raw) as { id?: number; method?: string };
          if (msg.method === 'ping' && !silent) setTimeout(() => s.receive(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: {} })), 1);
        },
      });
      s.markReadyWithoutInitialize();
      return s;
    };
    let session = makeSession();
    const hb = new Heartbeat({
      session: () => session,
      reconnect: async () => {
        silent = false;
        session = makeSession();
        return true;
      },
      log: () => {},
    });
    hb.start({ intervalMs: 200, timeoutMs: 100, staleAfter: 3, autoReconnect: true });
    await vi.advanceTimersByTimeAsync(650);
    expect(hb.store.getState().state).toBe('stale');
    expect(hb.store.getState().lastFailure).toMatch(/stale/);
    await vi.advanceTimersByTimeAsync(1500);
    const s = hb.store.getState();
    expect(s.reconnects).toBe(1);
    expect(s.state).toBe('running');
    expect(s.lastFailure).toBeUndefined();
    expect(s.recoveredFrom).toMatch(/missed|stale/);
    expect(s.figures.misses).toBeGreaterThanOrEqual(3);
    hb.stop();
  });

  it('a reconnect made elsewhere (auto-reconnect off): the next answered ping clears the failure', async () => {
    vi.useFakeTimers();
    let silent = true;
    const s: ClientSession = new ClientSession({
      send: (raw) => {
        const msg = JSON.parse(raw) as { id?: number; method?: string };
        if (msg.method === 'ping' && !silent) setTimeout(() => s.receive(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: {} })), 1);
      },
    });
    s.markReadyWithoutInitialize();
    const hb = new Heartbeat({ session: () => s, reconnect: async () => false, log: () => {} });
    hb.start({ intervalMs: 200, timeoutMs: 100, staleAfter: 3, autoReconnect: false });
    await vi.advanceTimersByTimeAsync(650);
    expect(hb.store.getState().lastFailure).toMatch(/stale/);
    silent = false;
    await vi.advanceTimersByTimeAsync(400);
    expect(hb.store.getState().state).toBe('running');
    expect(hb.store.getState().lastFailure).toBeUndefined();
    expect(hb.store.getState().recoveredFrom).toMatch(/missed|stale/);
    hb.stop();
  });

  it('on a 2026-07-28 session: discover round trips, and the log says so when they go unanswered', async () => {
    vi.useFakeTimers();
    const methods: string[] = [];
    const s: ClientSession = new ClientSession({
      send: (raw) => methods.push((JSON.parse(raw) as { method?: string }).method ?? ''),
    });
    s.useModern('2026-07-28');
    const log: string[] = [];
    const hb = new Heartbeat({ session: () => s, reconnect: async () => false, log: (l) => log.push(l) });
    hb.start({ intervalMs: 200, timeoutMs: 100, staleAfter: 3, autoReconnect: false });
    await vi.advanceTimersByTimeAsync(650);
    // One every 200 ms (the fourth still waiting), each unanswered one cancelled.
    expect(methods.filter((m) => m !== 'notifications/cancelled')).toEqual(['server/discover', 'server/discover', 'server/discover', 'server/discover']);
    expect(methods.filter((m) => m === 'notifications/cancelled')).toHaveLength(3);
    expect(log.filter((l) => /^Heartbeat: discover round trip \d missed: No response to server\/discover/.test(l))).toHaveLength(3);
    expect(log).toContain('Heartbeat: 3 discover round trips missed in a row — the connection is stale.');
    expect(hb.store.getState().notImplemented).toBe(false);
    hb.stop();
  });
});
