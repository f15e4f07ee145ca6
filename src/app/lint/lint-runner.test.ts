import { describe, expect, it, vi } from 'vitest';
import { Linter, PassiveLinter, classifyFrame, type HttpExchangeFacts } from '../../protocol/index.js';
import { createLogStore, savedEntry, type LogEntry } from '../stores/log-store.js';
import { LintRunner, worst } from './lint-runner.js';

function entries(): readonly LogEntry[] {
  const store = createLogStore(() => {});
  const add = (connection: number, direction: 'out' | 'in' | 'noise', raw: string) =>
    store.getState().append({ t: 0, connection, direction, raw, ...(direction === 'noise' ? { kind: 'noise' as const } : {}) });
  add(
    1,
    'out',
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
  );
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
  it("gives an app's bridge messages to that app instance's bridge linter, never to the MCP linter", () => {
    const seen: Array<[string, string, number, number]> = [];
    const runner = new LintRunner(() => '2025-11-25', {
      loadLinter: () => PassiveLinter,
      schedule: (work) => work(),
      bridgeLinter: (_connection, channel) => ({
        message: (direction, raw, seq) => {
          seen.push([direction, JSON.parse(raw).method ?? 'answer', seq, channel.app]);
          return seq === 9 ? [{ rule: 'LINT-INTERNAL', severity: 'error', message: 'stand-in finding', specUrl: '', subject: 'server', seq }] : [];
        },
        diagnostic: (d, seq) => {
          seen.push(['sandbox', d.kind, seq ?? 0, channel.app]);
          return [];
        },
      }),
    });
    const store = createLogStore(() => {});
    const base = entries();
    for (const e of base)
      store
        .getState()
        .append({ t: 0, connection: e.connection, direction: e.direction, raw: e.raw, ...(e.kind === 'noise' ? { kind: 'noise' as const } : {}) });
    const app = (n: number, direction: 'in' | 'out', raw: string) =>
      store.getState().append({ t: 0, connection: 1, direction, raw, channel: { app: n, tool: 'map' } });
    // The app reuses id 1 and sends a method no MCP server knows: the MCP linter must not see either.
    app(1, 'in', '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}');
    app(2, 'in', '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}');
    app(1, 'out', '{"jsonrpc":"2.0","id":1,"result":{}}');
    store.getState().flush();
    runner.observe(store.getState().entries);
    expect(seen).toEqual([
      ['app-to-host', 'ui/initialize', 8, 1],
      ['app-to-host', 'ui/initialize', 9, 2],
      ['host-to-app', 'answer', 10, 1],
    ]);
    // The sandbox's report goes to the same instance's linter.
    runner.bridgeDiagnostic(1, { app: 2, tool: 'map' }, { kind: 'flood', dropped: 3 }, 11);
    expect(seen[3]).toEqual(['sandbox', 'flood', 11, 2]);
    const found = runner.store.getState().findings.map((f) => [f.rule, f.seq, f.connection]);
    expect(found).toEqual([
      ['STDIO-NONMSG', 4, 1],
      ['PING-RESULT', 6, 1],
      ['LINT-INTERNAL', 9, 1],
    ]);
  });

  it('lints the log in order and keys findings by seq and rule', () => {
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
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
    // Connection 2 starts with a fresh linter (its ping reuses no id of connection 1's) and
    // connection 1's findings stay with their frames: a reconnect must not take them away.
    runner.observe(all);
    const after = runner.store.getState();
    expect(after.findings.map((f) => [f.rule, f.seq, f.connection])).toEqual([
      ['STDIO-NONMSG', 4, 1],
      ['PING-RESULT', 6, 1],
    ]);
    expect(after.bySeq.get(6)?.map((f) => f.rule)).toEqual(['PING-RESULT']);
    expect([...after.byConnection.keys()]).toEqual([1]);
    expect(after.byConnection.get(1)?.get('PING-RESULT')?.count).toBe(1);
  });

  it('lints connections that run at once each on its own, their frames interleaved in the log', () => {
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    const store = createLogStore(() => {});
    const add = (connection: number, direction: 'out' | 'in', raw: string) => store.getState().append({ t: 0, connection, direction, raw });
    const initialize =
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}';
    const answer = '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}';
    add(1, 'out', initialize);
    add(2, 'out', initialize);
    add(1, 'in', answer);
    add(2, 'in', answer);
    for (const c of [1, 2]) add(c, 'out', '{"jsonrpc":"2.0","method":"notifications/initialized"}');
    for (const c of [1, 2]) add(c, 'out', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}');
    store.getState().flush();
    runner.observe(store.getState().entries);
    expect(runner.store.getState().findings.map((f) => [f.rule, f.connection])).toEqual([]);
  });

  it('keeps findings through a reconnect and lints the new connection on its own', () => {
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    const store = createLogStore(() => {});
    const handshake = (connection: number) => {
      store.getState().append({
        t: 0,
        connection,
        direction: 'out',
        raw: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
      });
      store.getState().append({
        t: 0,
        connection,
        direction: 'in',
        raw: '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}',
      });
      store.getState().append({ t: 0, connection, direction: 'out', raw: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
      store.getState().append({ t: 0, connection, direction: 'out', raw: '{"jsonrpc":"2.0","id":2,"method":"ping"}' });
      store.getState().append({ t: 0, connection, direction: 'in', raw: '{"jsonrpc":"2.0","id":2,"result":{"pong":true}}' });
      store.getState().flush();
      runner.observe(store.getState().entries);
    };
    handshake(1);
    handshake(2);
    const s = runner.store.getState();
    expect(s.findings.map((f) => [f.rule, f.seq, f.connection])).toEqual([
      ['PING-RESULT', 5, 1],
      ['PING-RESULT', 10, 2],
    ]);
    expect(s.byRule.get('PING-RESULT')?.count).toBe(2);
    expect(s.byConnection.get(2)?.get('PING-RESULT')?.count).toBe(1);
  });

  it('takes restored findings as they are, lints only what follows, and forgets connections the log let go of', () => {
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    const all = entries();
    const saved = { rule: 'PING-RESULT' as const, severity: 'error' as const, message: 'm', specUrl: 'u', subject: 'server' as const, seq: 6, connection: 1 };
    runner.restore([saved], 6);
    runner.observe(all);
    // Entries 1–6 are not linted again (STDIO-NONMSG on #4 would otherwise appear); #7 is.
    expect(runner.store.getState().findings).toEqual([saved]);
    runner.forgetConnections(1);
    expect(runner.store.getState().findings).toEqual([]);
    expect(runner.store.getState().bySeq.size).toBe(0);
    // The log dropped its first six entries: nothing is linted twice.
    runner.observe(all.slice(6));
    expect(runner.store.getState().findings).toEqual([]);
  });

  it("withdraws a connection's findings on the given entries, and only those, with the counts made again", () => {
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    const on = (seq: number | undefined) => ({
      rule: 'MODEL-TOOLS-CONFUSED' as const,
      severity: 'warning' as const,
      message: `m${seq ?? ''}`,
      specUrl: '',
      subject: 'server' as const,
      ...(seq === undefined ? {} : { seq }),
    });
    runner.add(1, [on(10), on(11), on(undefined)]);
    runner.add(2, [on(12)]);
    runner.withdraw(1, new Set([10, 12]));
    const s = runner.store.getState();
    expect(s.findings.map((f) => [f.connection, f.seq])).toEqual([
      [1, 11],
      [1, undefined],
      [2, 12],
    ]);
    expect([...s.bySeq.keys()]).toEqual([11, 12]);
    expect(s.byRule.get('MODEL-TOOLS-CONFUSED')?.count).toBe(3);
    expect(s.byConnection.get(1)?.get('MODEL-TOOLS-CONFUSED')?.count).toBe(2);
    expect(s.byConnection.get(2)?.get('MODEL-TOOLS-CONFUSED')?.count).toBe(1);
    runner.withdraw(1, new Set([11]));
    expect(runner.store.getState().byConnection.get(1)?.get('MODEL-TOOLS-CONFUSED')?.count).toBe(1);
  });

  it('drops restored findings on frames after the saved log ends (their seqs now belong to other frames)', () => {
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    const on = (seq: number | undefined, connection: number) => ({
      rule: 'PING-RESULT' as const,
      severity: 'error' as const,
      message: 'm',
      specUrl: 'u',
      subject: 'server' as const,
      connection,
      ...(seq === undefined ? {} : { seq }),
    });
    runner.restore([on(5, 1), on(undefined, 1), on(7, 1)], 6);
    expect(runner.store.getState().findings.map((f) => f.seq)).toEqual([5, undefined]);
    expect(runner.store.getState().bySeq.has(7)).toBe(false);
    expect(runner.linted()).toBe(6);
  });

  it('restores 100,000 findings in linear time', () => {
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      rule: 'PING-RESULT' as const,
      severity: 'error' as const,
      message: 'm',
      specUrl: 'u',
      subject: 'server' as const,
      seq: i + 1,
      connection: 1 + (i % 3),
    }));
    const started = performance.now();
    runner.restore(many, 100_000);
    // Copying each connection's list per finding took minutes here.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(runner.store.getState().findings).toHaveLength(100_000);
    expect(runner.store.getState().byConnection.get(2)?.get('PING-RESULT')?.count).toBe(33_333);
  });

  it('starts over when the log is replaced by a shorter one', () => {
    const runner = new LintRunner(() => undefined, { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    runner.observe(entries());
    runner.observe([]);
    expect(runner.store.getState().findings).toEqual([]);
  });
});

describe('LintRunner slices', () => {
  it('lints a flood in slices within its budget, finishing later', () => {
    const queue: Array<() => void> = [];
    let clock = 0;
    const runner = new LintRunner(() => '2025-11-25', {
      loadLinter: () => PassiveLinter,
      schedule: (w) => queue.push(w),
      budgetMs: 4,
      now: () => (clock += 1),
    });
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
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (w) => queue.push(w) });
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

describe('LintRunner: the lint engine loaded on demand', () => {
  const deferred = () => {
    let settle!: { resolve: (l: typeof PassiveLinter) => void; reject: (e: Error) => void };
    const promise = new Promise<typeof PassiveLinter>((resolve, reject) => (settle = { resolve, reject }));
    return { promise, ...settle };
  };
  /** Lets the loader's promise and the work it schedules run. */
  const settled = () => new Promise((r) => setTimeout(r, 0));
  // A POST without the Accept header Streamable HTTP requires: HTTP-ACCEPT.
  const post: HttpExchangeFacts = { method: 'POST', status: 200, requestHeaders: {}, responseHeaders: {}, mode: 'streamable-http' };
  const found = (runner: LintRunner) => runner.store.getState().findings.map((f) => [f.rule, f.seq, f.connection]);

  it('is not asked for until there is something to lint, then lints every frame that waited, in order', async () => {
    const engine = deferred();
    const loadLinter = vi.fn(() => engine.promise);
    const runner = new LintRunner(() => '2025-11-25', { loadLinter, schedule: (work) => work() });
    runner.observe([]);
    expect(loadLinter).not.toHaveBeenCalled();

    const all = entries();
    runner.observe(all.slice(0, 4));
    runner.observe(all);
    expect(loadLinter).toHaveBeenCalledTimes(1);
    expect(runner.store.getState().findings).toEqual([]);

    engine.resolve(PassiveLinter);
    await settled();
    // The same findings as with the engine at hand from the start (first test above): nothing lost.
    expect(found(runner)).toEqual([
      ['STDIO-NONMSG', 4, 1],
      ['PING-RESULT', 6, 1],
    ]);
  });

  it('judges an HTTP exchange that ended before the engine came in its place: after the frames before it, before those after', async () => {
    const all = entries();
    const feed = (runner: LintRunner) => {
      runner.observe(all.slice(0, 5));
      runner.exchange(1, post);
      runner.observe(all);
    };
    const atHand = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    feed(atHand);
    const engine = deferred();
    const lazy = new LintRunner(() => '2025-11-25', { loadLinter: () => engine.promise, schedule: (work) => work() });
    feed(lazy);
    expect(lazy.store.getState().findings).toEqual([]);
    engine.resolve(PassiveLinter);
    await settled();
    expect(found(atHand)).toContainEqual(['HTTP-ACCEPT', undefined, 1]);
    const rules = found(atHand).map(([rule]) => rule);
    expect(rules.indexOf('STDIO-NONMSG')).toBeLessThan(rules.indexOf('HTTP-ACCEPT'));
    expect(rules.indexOf('HTTP-ACCEPT')).toBeLessThan(rules.indexOf('PING-RESULT'));
    expect(found(lazy)).toEqual(found(atHand));
  });

  it('says when the engine could not be loaded, keeps the frames waiting, and lints them all after a retry', async () => {
    const first = deferred();
    const second = deferred();
    const loadLinter = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const runner = new LintRunner(() => '2025-11-25', { loadLinter, schedule: (work) => work() });
    const all = entries();
    runner.observe(all.slice(0, 5));
    runner.exchange(1, post);
    first.reject(new Error('Failed to fetch dynamically imported module'));
    await settled();
    expect(runner.store.getState().loadError).toBe('Failed to fetch dynamically imported module');
    // More frames come: no new attempt on its own (a flood would hammer the proxy), nothing dropped.
    runner.observe(all);
    expect(loadLinter).toHaveBeenCalledTimes(1);

    runner.retryLoad();
    expect(runner.store.getState().loadError).toBeUndefined();
    second.resolve(PassiveLinter);
    await settled();
    expect(loadLinter).toHaveBeenCalledTimes(2);
    // What an engine at hand would have found, fed the same way.
    const atHand = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    atHand.observe(all.slice(0, 5));
    atHand.exchange(1, post);
    atHand.observe(all);
    expect(found(runner)).toEqual(found(atHand));
    expect(found(runner).map(([rule]) => rule)).toEqual(expect.arrayContaining(['STDIO-NONMSG', 'HTTP-ACCEPT', 'PING-RESULT']));
  });
});

describe('LintRunner: one parse per frame', () => {
  const found = (runner: LintRunner) => runner.store.getState().findings.map((f) => [f.rule, f.seq]);
  const frames: Array<['out' | 'in', string]> = [
    [
      'out',
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    ],
    ['in', '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}'],
    ['out', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
    ['out', '{"jsonrpc":"2.0","id":2,"method":"ping"}'],
    ['in', '{"jsonrpc":"2.0","id":2,"result":{"pong":true}}'],
    ['in', '[{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}]'],
  ];

  it('parses a live frame once, from the wire to its findings: the linter reads the classification the log keeps', () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const store = createLogStore(() => {});
      const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
      for (const [direction, raw] of frames) {
        // As the connection does: classified once, then handed to the log.
        store.getState().append({ t: 0, connection: 1, direction, raw, frame: classifyFrame(raw) });
      }
      store.getState().flush();
      runner.observe(store.getState().entries);
      runner.drain();
      expect(parse).toHaveBeenCalledTimes(frames.length);
      expect(found(runner)).toEqual([
        ['PING-RESULT', 5],
        ['BATCH-FORBIDDEN', 6],
        ['CAP-UNDECLARED', 6],
      ]);
      // Linted: the log keeps the text, not the parsed tree.
      expect(store.getState().entries.filter((e) => e.frame !== undefined)).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });

  it('parses again only the frames that fell out of the log’s frame window before it read them, with the same findings', () => {
    const lint = (window: number) => {
      const store = createLogStore(() => {}, Date.now, window);
      for (const [direction, raw] of frames) store.getState().append({ t: 0, connection: 1, direction, raw, frame: classifyFrame(raw) });
      store.getState().flush();
      const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
      const parse = vi.spyOn(JSON, 'parse');
      try {
        runner.observe(store.getState().entries);
        runner.drain();
        return { findings: found(runner), parsed: parse.mock.calls.length };
      } finally {
        parse.mockRestore();
      }
    };
    const whole = lint(frames.length);
    expect(whole.parsed).toBe(0);
    expect(lint(2)).toEqual({ findings: whole.findings, parsed: frames.length - 2 });
  });

  it('classifies entries that have no frame (restored or imported) when it lints them, with the same findings', () => {
    const live = createLogStore(() => {});
    for (const [direction, raw] of frames) live.getState().append({ t: 0, connection: 1, direction, raw });
    live.getState().flush();
    const restored = createLogStore(() => {});
    restored.getState().restore(live.getState().entries.map(savedEntry));
    const lint = (entries: readonly LogEntry[]) => {
      const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
      runner.observe(entries);
      runner.drain();
      return found(runner);
    };
    expect(restored.getState().entries.some((e) => e.frame !== undefined)).toBe(false);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(lint(restored.getState().entries)).toEqual(lint(live.getState().entries));
      // The restored entries were parsed by the linter; the live ones not again.
      expect(parse).toHaveBeenCalledTimes(frames.length);
    } finally {
      parse.mockRestore();
    }
  });
});

describe('LintRunner on a 2026-07-28 connection', () => {
  it('lints the modern frames by the MODERN rules, and hands the 2026-07-28 schema to the linter', () => {
    const runner = new LintRunner(() => '2026-07-28', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    const checked: string[] = [];
    runner.setSchema({
      check: () => ['legacy schema used'],
      version: '2025-11-25',
      modern: {
        check: (subject) => {
          checked.push(`${subject.kind} ${subject.method}`);
          return [];
        },
        version: '2026-07-28',
      },
    });
    const store = createLogStore(() => {});
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
    };
    store.getState().append({
      t: 0,
      connection: 1,
      direction: 'out',
      raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'e', _meta: meta } }),
    });
    store.getState().append({ t: 0, connection: 1, direction: 'in', raw: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [] } }) });
    store.getState().flush();
    runner.observe(store.getState().entries);
    const s = runner.store.getState();
    expect(s.findings.map((f) => [f.rule, f.seq])).toEqual([
      ['MODERN-RESULT-TYPE', 2],
      ['MODERN-SERVER-INFO', 2],
    ]);
    expect(s.findings[0]?.specUrl).toBe('https://modelcontextprotocol.io/specification/2026-07-28/basic#resulttype');
    expect(checked).toEqual(['request tools/call', 'result tools/call']);
  });
});

describe('LintRunner: HTTP entries', () => {
  const note = [
    'HTTP exchange #1 (message): POST http://127.0.0.1:9/mcp',
    'Carried: ping (id 1)',
    '→ Accept: application/json',
    '← 200 OK',
    '← Content-Type: application/json',
  ].join('\n');
  function httpLog(connection: number): readonly LogEntry[] {
    const store = createLogStore(() => {});
    store.getState().append({ t: 0, connection, direction: 'system', kind: 'http', raw: 'POST /mcp → 200', note });
    store.getState().flush();
    return store.getState().entries;
  }
  const facts: HttpExchangeFacts = {
    method: 'POST',
    status: 200,
    requestHeaders: { accept: 'application/json' },
    responseHeaders: { 'content-type': 'application/json' },
    carried: 'request',
  };

  it('reads the exchange of a connection it does not see live (captured, imported) from its entry', () => {
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    runner.observe(httpLog(3));
    expect(runner.store.getState().findings.map((f) => [f.rule, f.seq, f.connection])).toEqual([['HTTP-ACCEPT', 1, 3]]);
  });

  it("judges a driven connection's exchange once, from its facts, not again from its entry", () => {
    const driven = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work(), judgesExchanges: () => true });
    driven.observe(httpLog(1));
    driven.exchange(1, facts);
    expect(driven.store.getState().findings.map((f) => [f.rule, f.seq])).toEqual([['HTTP-ACCEPT', undefined]]);
    // Without being told, an exchange that came live marks its connection as judged all the same.
    const told = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (w) => w() });
    told.exchange(1, facts);
    told.observe(httpLog(1));
    expect(told.store.getState().findings.map((f) => f.rule)).toEqual(['HTTP-ACCEPT']);
  });
});
