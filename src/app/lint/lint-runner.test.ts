import { describe, expect, it, vi } from 'vitest';
import { Linter } from '../../protocol/index.js';
import { createLogStore, type LogEntry } from '../stores/log-store.js';
import { LintRunner, worst } from './lint-runner.js';

function entries(): readonly LogEntry[] {
  const store = createLogStore(() => {});
  const add = (connection: number, direction: 'out' | 'in' | 'noise', raw: string) =>
    store.getState().append({ t: 0, connection, direction, raw, ...(direction === 'noise' ? { kind: 'noise' as const } : {}) });
  add(1, 'out', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}');
  add(1, 'in', '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}');
  add(1, 'out', '{"jsonrpc":"2.0","method":"notifications/initialized"}');
  add(1, 'noise', 'Server listening');
  add(1, 'out', '{"jsonrpc":"2.0","id":2,"method":"ping"}');
  add(1, 'in', '{"jsonrpc":"2.0","id":2,"result":{"pong":true}}');
  // A new connection starts a fresh linter: id 1 is not a reuse there.
  add(2, 'out', '{"jsonrpc":"2.0","id":1,"method":"ping"}');
  store.getState().flush();
  return store.getState().entries;
}

describe('LintRunner', () => {
  it('lints the log in order and keys findings by seq and rule', () => {
    const runner = new LintRunner(() => '2025-11-25', { schedule: (work) => work() });
    const all = entries();
    runner.observe(all.slice(0, 5));
    runner.observe(all.slice(0, 6));
    const s = runner.store.getState();
    expect(s.findings.map((f) => [f.rule, f.seq])).toEqual([
      ['STDIO-NONMSG', 4],
      ['PING-RESULT', 6],
    ]);
    expect(s.byRule.get('PING-RESULT')).toEqual({ rule: 'PING-RESULT', count: 1, severity: 'error' });
    expect(worst(s.bySeq.get(6) ?? [])).toBe('error');
    // Connection 2 starts: Problems are about it alone, and its ping reuses no id of connection 1's.
    runner.observe(all);
    expect(runner.store.getState().findings).toEqual([]);
  });

  it('starts over when the log is replaced by a shorter one', () => {
    const runner = new LintRunner(() => undefined, { schedule: (work) => work() });
    runner.observe(entries());
    runner.observe([]);
    expect(runner.store.getState().findings).toEqual([]);
  });
});

describe('LintRunner slices', () => {
  it('lints a flood in slices within its budget, finishing later', () => {
    const queue: Array<() => void> = [];
    let clock = 0;
    const runner = new LintRunner(() => '2025-11-25', { schedule: (w) => queue.push(w), budgetMs: 4, now: () => (clock += 1) });
    const store = createLogStore(() => {});
    for (let i = 0; i < 1000; i++) store.getState().append({ t: 0, connection: 1, direction: 'noise', kind: 'noise', raw: `line ${i}` });
    store.getState().flush();
    runner.observe(store.getState().entries);
    expect(runner.store.getState().findings).toHaveLength(0);
    queue.shift()!();
    const afterOne = runner.store.getState().findings.length;
    expect(afterOne).toBeGreaterThan(0);
    expect(afterOne).toBeLessThan(1000);
    while (queue.length) queue.shift()!();
    expect(runner.store.getState().findings).toHaveLength(1000);
  });
});

describe('LintRunner: a linter that throws', () => {
  it('records a LINT-INTERNAL finding for that frame and goes on with the later ones, slice after slice', () => {
    const queue: Array<() => void> = [];
    const runner = new LintRunner(() => '2025-11-25', { schedule: (w) => queue.push(w) });
    const real = Linter.prototype.frame;
    const frame = vi.spyOn(Linter.prototype, 'frame').mockImplementation(function (this: Linter, ...args: Parameters<Linter['frame']>) {
      if (args[1].includes('"method":"ping"')) throw new TypeError('injected failure');
      return real.apply(this, args);
    });
    try {
      runner.observe(entries().slice(0, 6));
      while (queue.length) queue.shift()!();
    } finally {
      frame.mockRestore();
    }
    const found = runner.store.getState().findings.map((f) => [f.rule, f.seq]);
    // Frame 5 (ping id 2) failed; the frames before and after it were still linted (its answer is then an orphan).
    expect(found).toEqual([
      ['STDIO-NONMSG', 4],
      ['LINT-INTERNAL', 5],
      ['JR-RESP-ORPHAN', 6],
    ]);
    expect(runner.store.getState().findings[1]).toMatchObject({ severity: 'warning', subject: 'client' });
    expect(runner.store.getState().findings[1]?.message).toContain('The check the linter failed on frame #5 (TypeError: injected failure)');
  });
});
