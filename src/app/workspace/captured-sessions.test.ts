import { describe, expect, it, vi } from 'vitest';
import type { CapturedSession, LogRecord } from '../../protocol/index.js';
import type { App } from '../app.js';
import type { Scheduler } from '../stores/log-store.js';
import { connectReady, createTestApp } from '../test-app.js';
import { restoreLabels } from '../stores/connection-labels.js';
import { createCapturedSessions } from './captured-sessions.js';
import { capturedLabel } from './captured-scope.js';
import { capturedInView } from './workspace-store.js';

const header = { mcpscope: 'log' as const, version: 1 as const, exportedAt: '2026-01-01T00:00:00.000Z', server: { command: 'node everything.js' } };
const session = (over: Partial<CapturedSession> = {}): CapturedSession => ({
  id: 'w1',
  pid: 42,
  transport: 'stdio',
  header,
  capture: '/tmp/c.jsonl',
  state: 'live',
  received: 0,
  lost: 0,
  seenAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

function createTestCaptured(app: App, schedule: Scheduler, now: () => number) {
  return createCapturedSessions({
    workspace: app.workspace,
    logStore: app.logStore,
    connectionLabels: app.connectionLabels,
    numbers: app.connectionNumbers,
    schedule,
    now,
    budgetMs: 3,
  });
}

let seq = 0;
const rec = (direction: 'out' | 'in', message: object, t: number): LogRecord => ({
  seq: ++seq,
  time: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, t)).toISOString(),
  t,
  connection: 1,
  direction,
  kind: 'request',
  raw: JSON.stringify({ jsonrpc: '2.0', ...message }),
});
const initialize = (t = 10) =>
  rec('out', { id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e-host', version: '1.2' } } }, t);
const initialized = (t = 30) =>
  rec('in', { id: 0, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'everything', version: '0.9' } } }, t);

function captured() {
  seq = 0;
  const { app, sockets } = createTestApp();
  const receive = (m: Parameters<typeof app.captured.receive>[0], dropped: string[] = []) => app.captured.receive(m, dropped);
  const drain = () => {
    app.captured.drain();
    app.logStore.getState().flush();
  };
  return { app, sockets, receive, drain };
}

describe('captured connections', () => {
  it('each wrapped session becomes a captured connection, numbered from the one counter, not brought into view', async () => {
    const { app, sockets, receive } = captured();
    await connectReady(app, sockets);
    receive({ type: 'sessions', sessions: [session(), session({ id: 'w2', pid: 43 })] });
    const [one, two] = app.workspace.getState().captured;
    expect([one!.connection, two!.connection]).toEqual([2, 3]);
    expect(one!.id).not.toBe(app.workspace.getState().scopes[0]!.id);
    expect(capturedInView(app.workspace.getState())).toBeUndefined();
    expect(capturedLabel(one!.store.getState())).toBe('a host (pid 42) → node everything.js');
    expect(app.connectionLabels.getState().labels.get(2)).toEqual({
      connection: 2,
      server: 'a host (pid 42) → node everything.js',
      transport: 'captured stdio',
      captured: 'w1',
    });
  });

  it('is labelled with the host of its initialize and the server of its answer', () => {
    const { app, receive, drain } = captured();
    receive({ type: 'sessions', sessions: [session()] });
    receive({ type: 'records', id: 'w1', records: [initialize(), initialized()] });
    drain();
    const info = app.workspace.getState().captured[0]!.store.getState();
    expect(capturedLabel(info)).toBe('e2e-host 1.2 → everything');
    expect(info.protocolVersion).toBe('2025-06-18');
    expect(app.connectionLabels.getState().labels.get(1)?.server).toBe('e2e-host 1.2 → everything');
  });

  it("takes the host from a 2026-07-28 request's _meta", () => {
    const { app, receive, drain } = captured();
    receive({ type: 'sessions', sessions: [session()] });
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'modern-host', version: '2' } };
    receive({ type: 'records', id: 'w1', records: [rec('out', { id: 1, method: 'server/discover', params: { _meta: meta } }, 1)] });
    drain();
    expect(capturedLabel(app.workspace.getState().captured[0]!.store.getState())).toBe('modern-host 2 → node everything.js');
  });

  it("logs the host's frames as sent and the server's as received, paired with a round trip, each record once", () => {
    const { app, receive, drain } = captured();
    receive({ type: 'sessions', sessions: [session()] });
    const records = [initialize(10), initialized(30)];
    receive({ type: 'records', id: 'w1', records });
    // After a reconnect the feed sends what the proxy kept again.
    receive({ type: 'records', id: 'w1', records });
    drain();
    const entries = app.logStore.getState().entries.filter((e) => e.connection === 1);
    expect(entries.map((e) => [e.direction, e.kind, e.method])).toEqual([
      ['out', 'request', 'initialize'],
      ['in', 'response', 'initialize'],
    ]);
    expect(entries[0]!.pairSeq).toBe(entries[1]!.seq);
    expect(entries[1]!.pairSeq).toBe(entries[0]!.seq);
    expect(entries[1]!.rtt).toBe(20);
    expect(entries[0]!.at).toBe(Date.parse(records[0]!.time));
  });

  it('after a reload that restored its log, goes on under its number: what was saved is not logged again, what was not is', () => {
    const before = captured();
    before.receive({ type: 'sessions', sessions: [session()] });
    const ping = (id: number, t: number) => rec('out', { id, method: 'ping' }, t);
    // Two lines of one chunk share a time; the page saved up to the first of them.
    const records = [initialize(10), initialized(30), ping(1, 40), ping(2, 40), ping(3, 50)];
    before.receive({ type: 'records', id: 'w1', records });
    before.drain();
    const saved = before.app.logStore
      .getState()
      .entries.filter((e) => e.connection === 1 && e.t <= 40)
      .slice(0, 3);
    const label = before.app.connectionLabels.getState().labels.get(1)!;

    const after = captured();
    after.app.logStore.getState().restore(saved);
    restoreLabels(after.app.connectionLabels, [label]);
    after.app.connectionNumbers.after(1);
    after.receive({ type: 'sessions', sessions: [session()] });
    after.receive({ type: 'records', id: 'w1', records });
    // The feed reconnects and sends the same again.
    after.receive({ type: 'records', id: 'w1', records });
    after.drain();
    expect(after.app.workspace.getState().captured[0]!.connection).toBe(1);
    // What the saved frames said of the host and the server is known again.
    expect(capturedLabel(after.app.workspace.getState().captured[0]!.store.getState())).toBe('e2e-host 1.2 → everything');
    const entries = after.app.logStore.getState().entries.filter((e) => e.connection === 1);
    expect(entries.map((e) => [e.t, e.method, JSON.parse(e.raw).id])).toEqual([
      [10, 'initialize', 0],
      [30, 'initialize', 0],
      [40, 'ping', 1],
      [40, 'ping', 2],
      [50, 'ping', 3],
    ]);
    const relabelled = after.app.connectionLabels.getState().labels.get(1);
    expect(relabelled?.captured).toBe('w1');
    expect(relabelled?.restored).toBeUndefined();
    // Another session of the proxy is new here: a number of its own.
    after.receive({ type: 'session', session: session({ id: 'w2' }) });
    expect(after.app.workspace.getState().captured[1]!.connection).toBe(2);
  });

  it('applies a burst a slice at a time', () => {
    seq = 0;
    const runs: Array<() => void> = [];
    let clock = 0;
    const { app } = createTestApp();
    // A second follower over the same page, with a clock that moves 1 ms per reading and a scheduler the test runs.
    const follow = createTestCaptured(
      app,
      (run) => runs.push(run),
      () => clock++,
    );
    follow.receive({ type: 'sessions', sessions: [session()] }, []);
    const burst = Array.from({ length: 1000 }, (_, i) => rec('out', { method: 'notifications/progress', params: { progressToken: 1, progress: i } }, i));
    follow.receive({ type: 'records', id: 'w1', records: burst }, []);
    expect(runs).toHaveLength(1);
    runs.shift()!();
    app.logStore.getState().flush();
    const after = app.logStore.getState().entries.filter((e) => e.connection === 1).length;
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(1000);
    expect(runs).toHaveLength(1);
    while (runs.length > 0) runs.shift()!();
    app.logStore.getState().flush();
    expect(app.logStore.getState().entries.filter((e) => e.connection === 1)).toHaveLength(1000);
  });

  it('follows the state of the session, and one the proxy forgot becomes disconnected, saying why', () => {
    const { app, receive } = captured();
    receive({ type: 'sessions', sessions: [session(), session({ id: 'w2' })] });
    receive({ type: 'session', session: session({ state: 'ended', reason: 'The server exited with code 0.' }) });
    const [one, two] = app.workspace.getState().captured;
    expect(one!.store.getState().session).toMatchObject({ state: 'ended', reason: 'The server exited with code 0.' });
    receive({ type: 'sessions', sessions: [session({ state: 'ended' })] });
    expect(two!.store.getState().session.state).toBe('disconnected');
    expect(two!.store.getState().unfollowed).toMatch(/no longer knows/);
    receive({ type: 'gone', id: 'w1' });
    expect(one!.store.getState().session.state).toBe('ended');
    expect(one!.store.getState().unfollowed).toMatch(/let this session go/);
  });

  it('while the feed is away, no session shows as live; back, the proxy says how each one stands', () => {
    const { app, receive } = captured();
    receive({ type: 'sessions', sessions: [session()] });
    const [one] = app.workspace.getState().captured;
    app.captured.lost();
    expect(one!.store.getState().session.state).toBe('disconnected');
    expect(one!.store.getState().unfollowed).toMatch(/feed from the proxy stopped/);
    receive({ type: 'sessions', sessions: [session()] });
    expect(one!.store.getState()).toMatchObject({ session: { state: 'live' }, unfollowed: undefined });
    expect(app.workspace.getState().captured).toEqual([one]);
  });

  it('closing its tab hides it: its frames stop coming into the log, and the one beside it comes into view', () => {
    const { app, receive, drain } = captured();
    receive({ type: 'sessions', sessions: [session(), session({ id: 'w2' })] });
    const [one, two] = app.workspace.getState().captured;
    app.workspace.getState().activate(one!.id);
    expect(capturedInView(app.workspace.getState())).toBe(one);
    app.workspace.getState().close(one!.id);
    expect(app.workspace.getState().captured).toEqual([two]);
    expect(capturedInView(app.workspace.getState())).toBe(two);
    receive({ type: 'records', id: 'w1', records: [initialize()] });
    receive({ type: 'session', session: session() });
    drain();
    expect(app.workspace.getState().captured).toEqual([two]);
    expect(app.logStore.getState().entries.filter((e) => e.connection === one!.connection)).toEqual([]);
  });

  it('names the records it could not read in a line of the log, under the session', () => {
    const { app, receive, drain } = captured();
    receive({ type: 'sessions', sessions: [session()] });
    receive({ type: 'records', id: 'w1', records: [] }, ['"direction" must be one of out, in, stderr, noise, system']);
    drain();
    expect(app.logStore.getState().entries.map((e) => [e.connection, e.raw])).toEqual([
      [1, '1 record of this wrapped session could not be read and was left out ("direction" must be one of out, in, stderr, noise, system).'],
    ]);
  });

  it('the lint runner lints the host as the client and the server as the server, under its connection', async () => {
    const { app, receive, drain } = captured();
    receive({ type: 'sessions', sessions: [session()] });
    receive({
      type: 'records',
      id: 'w1',
      records: [
        initialize(),
        initialized(),
        rec('out', { method: 'notifications/initialized' }, 31),
        rec('out', { id: 1, method: 'ping', params: { extra: 1 } }, 40),
      ],
    });
    drain();
    // The engine loads on demand, then lints in slices.
    await vi.waitFor(() => expect(app.lint.store.getState().findings.map((f) => [f.rule, f.connection, f.seq])).toContainEqual(['PING-PARAMS', 1, 4]));
  });
});
