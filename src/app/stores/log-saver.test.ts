import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LintFinding } from '../lint/lint-runner.js';
import type { ConnectionLabel } from './connection-labels.js';
import type { LogDatabase, SavedBatch, SavedLog } from './log-database.js';
import { BATCH, LogSaver, repairPairs } from './log-saver.js';
import { createLogStore, type LogEntry } from './log-store.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A LogDatabase in memory, with the same keys as the IndexedDB one. */
function memoryDatabase(fail?: () => Error | undefined) {
  const entries = new Map<number, LogEntry>();
  const findings = new Map<string, { key: [number, number]; findings: LintFinding[] }>();
  const labels = new Map<number, ConnectionLabel>();
  const writes: SavedBatch[] = [];
  const removals: number[] = [];
  const db: LogDatabase = {
    async read(): Promise<SavedLog> {
      const chunks = [...findings.values()].sort((a, b) => a.key[1] - b.key[1]);
      const nextFindingChunk = chunks.reduce((max, c) => Math.max(max, c.key[1] + 1), 0);
      return {
        entries: [...entries.values()].sort((a, b) => a.seq - b.seq),
        findings: chunks.flatMap((c) => c.findings),
        labels: [...labels.values()],
        nextFindingChunk,
      };
    },
    async write(batch) {
      const error = fail?.();
      if (error) throw error;
      writes.push(batch);
      for (const e of batch.entries) entries.set(e.seq, e);
      for (const f of batch.findings) findings.set(JSON.stringify(f.key), { key: f.key, findings: [...f.findings] });
      for (const l of batch.labels) labels.set(l.connection, l);
    },
    async dropBefore(seq, connection) {
      for (const k of [...entries.keys()]) if (k < seq) entries.delete(k);
      for (const [k, f] of [...findings]) if (f.key[0] <= connection) findings.delete(k);
      for (const k of [...labels.keys()]) if (k <= connection) labels.delete(k);
    },
    async remove() {
      removals.push(entries.size);
      entries.clear();
      findings.clear();
      labels.clear();
    },
  };
  return { db, entries, findings, writes, removals };
}

const finding = (seq: number, connection: number): LintFinding => ({
  rule: 'PING-RESULT',
  severity: 'error',
  message: 'm',
  specUrl: 'u',
  subject: 'server',
  seq,
  connection,
});

function pageLog(frames: number, connection = 1) {
  const store = createLogStore(() => {});
  for (let i = 0; i < frames; i++) store.getState().append({ t: i, connection, direction: 'stderr', raw: `line ${i}` });
  store.getState().flush();
  return store;
}

describe('LogSaver', () => {
  it('writes new entries and findings in batches, after a delay, and nothing twice', async () => {
    vi.useFakeTimers();
    const mem = memoryDatabase();
    const log = pageLog(BATCH + 10);
    let findings: LintFinding[] = [finding(1, 1)];
    const saver = new LogSaver(Promise.resolve(mem.db), {
      entries: () => log.getState().entries,
      findings: () => findings,
      lintedSeq: () => Infinity,
      labels: () => new Map([[1, { connection: 1, server: 's 1' }]]),
    });
    saver.changed();
    saver.changed();
    expect(mem.writes).toHaveLength(0);
    // One batch per idle moment (a timer here, where there is no requestIdleCallback).
    await vi.advanceTimersByTimeAsync(300);
    expect(mem.writes.map((w) => w.entries.length)).toEqual([BATCH]);
    await vi.advanceTimersByTimeAsync(300);
    expect(mem.writes.map((w) => w.entries.length)).toEqual([BATCH, 10]);
    expect(mem.entries.size).toBe(BATCH + 10);
    expect(mem.findings.size).toBe(1);
    findings = [...findings, finding(2, 1), finding(3, 2)];
    log.getState().append({ t: 0, connection: 1, direction: 'stderr', raw: 'more' });
    log.getState().flush();
    await saver.save();
    expect(mem.writes.at(-1)?.entries.map((e) => e.raw)).toEqual(['more']);
    // One chunk per connection, keyed by the position of its first finding.
    expect(mem.writes.at(-1)?.findings.map((f) => [f.key, f.findings.map((x) => x.seq)])).toEqual([
      [[1, 1], [2]],
      [[2, 2], [3]],
    ]);
    expect(mem.writes.at(-1)?.labels).toEqual([]);
  });

  it("saves a frame's text, never the classification the page keeps in memory for the linter", async () => {
    const mem = memoryDatabase();
    const log = createLogStore(() => {});
    log.getState().append({ t: 0, connection: 1, direction: 'out', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    log.getState().append({ t: 1, connection: 1, direction: 'in', raw: '{"jsonrpc":"2.0","id":1,"result":{}}' });
    log.getState().flush();
    expect(log.getState().entries.map((e) => e.frame?.kind)).toEqual(['request', 'response']);
    const saver = new LogSaver(Promise.resolve(mem.db), {
      entries: () => log.getState().entries,
      findings: () => [],
      lintedSeq: () => Infinity,
      labels: () => new Map(),
    });
    await saver.save();
    expect(mem.writes.flatMap((w) => w.entries.map((e) => Object.keys(e).includes('frame')))).toEqual([false, false]);
    expect(mem.writes.flatMap((w) => w.entries.map((e) => [e.seq, e.kind, e.pairSeq]))).toEqual([
      [1, 'request', 2],
      [2, 'response', 1],
    ]);
  });

  it('says in a sentence that the log is no longer saved when storage is full, and stops writing', async () => {
    const quota = new Error('The quota has been exceeded.');
    quota.name = 'QuotaExceededError';
    const mem = memoryDatabase(() => quota);
    const log = pageLog(3);
    const saver = new LogSaver(Promise.resolve(mem.db), {
      entries: () => log.getState().entries,
      findings: () => [],
      lintedSeq: () => Infinity,
      labels: () => new Map(),
    });
    await saver.save();
    expect(saver.store.getState().error).toMatch(/no longer saved for a reload: the browser's storage for this page is full\. .*Export log/);
    saver.changed();
    await saver.save();
    expect(mem.writes).toHaveLength(0);
  });

  it('loads what an earlier page saved, pairs requests with their answers again, and clears it on request', async () => {
    const mem = memoryDatabase();
    const before = createLogStore(() => {});
    before.getState().append({ t: 0, connection: 1, direction: 'out', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    before.getState().flush(); // saved before its answer came
    const first = new LogSaver(Promise.resolve(mem.db), {
      entries: () => before.getState().entries,
      findings: () => [finding(2, 1)],
      lintedSeq: () => Infinity,
      labels: () => new Map(),
    });
    await first.save();
    before.getState().append({ t: 1, connection: 1, direction: 'in', raw: '{"jsonrpc":"2.0","id":1,"result":{"pong":true}}' });
    before.getState().flush();
    await first.save();

    const after = createLogStore(() => {});
    const second = new LogSaver(Promise.resolve(mem.db), {
      entries: () => after.getState().entries,
      findings: () => [],
      lintedSeq: () => Infinity,
      labels: () => new Map(),
    });
    const saved = await second.load();
    expect(saved?.entries.map((e) => [e.seq, e.pairSeq])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(saved?.findings).toEqual([finding(2, 1)]);
    expect(second.store.getState().restored).toEqual({ fromSeq: 1, upToSeq: 2, lastConnection: 1, frames: 2 });
    await second.clearRestored();
    expect(second.store.getState().restored).toBeUndefined();
    expect(mem.entries.size).toBe(0);
    expect(mem.findings.size).toBe(0);
  });

  it('a saved log that cannot be read stops saving (so nothing is written over it) and says so', async () => {
    const db: LogDatabase = {
      read: () => Promise.reject(new Error('disk on fire')),
      write: () => Promise.reject(new Error('must not be called')),
      dropBefore: () => Promise.resolve(),
      remove: () => Promise.resolve(),
    };
    const saver = new LogSaver(Promise.resolve(db), {
      entries: () => pageLog(1).getState().entries,
      findings: () => [],
      lintedSeq: () => Infinity,
      labels: () => new Map(),
    });
    expect(await saver.load()).toBeUndefined();
    expect(saver.store.getState().error).toMatch(/could not be read \(disk on fire\)/);
    await saver.save();
    expect(saver.store.getState().error).not.toMatch(/must not be called/);
  });

  it('saves entries only as far as the linter has reached, and findings only with their frames', async () => {
    const mem = memoryDatabase();
    const log = pageLog(10);
    let linted = 4;
    // The finding on #7 exists before #7 is saved (an answer found on its request, say).
    const findings = [finding(3, 1), finding(7, 1)];
    const saver = new LogSaver(Promise.resolve(mem.db), {
      entries: () => log.getState().entries,
      findings: () => findings,
      lintedSeq: () => linted,
      labels: () => new Map(),
    });
    await saver.save();
    expect([...mem.entries.keys()]).toEqual([1, 2, 3, 4]);
    expect((await mem.db.read()).findings.map((f) => f.seq)).toEqual([3]);
    linted = 10;
    await saver.save();
    expect(mem.entries.size).toBe(10);
    expect((await mem.db.read()).findings.map((f) => f.seq)).toEqual([3, 7]);
  });

  it('numbers finding chunks so that none is written over after the restored log is cleared', async () => {
    const mem = memoryDatabase();
    const before = pageLog(2, 1);
    const first = new LogSaver(Promise.resolve(mem.db), {
      entries: () => before.getState().entries,
      findings: () => [finding(1, 1), finding(2, 1)],
      lintedSeq: () => Infinity,
      labels: () => new Map(),
    });
    await first.save();

    // After the reload: the two restored findings first, then this page's connection 2.
    const after = createLogStore(() => {});
    let findings: LintFinding[] = [];
    const second = new LogSaver(Promise.resolve(mem.db), {
      entries: () => after.getState().entries,
      findings: () => findings,
      lintedSeq: () => Infinity,
      labels: () => new Map(),
    });
    const saved = await second.load();
    after.getState().restore(saved!.entries);
    findings = [...saved!.findings];
    const append = (seq: number) => {
      after.getState().append({ t: seq, connection: 2, direction: 'stderr', raw: `#${seq}` });
      after.getState().flush();
      findings = [...findings, finding(seq, 2)];
    };
    append(3);
    await second.save();
    append(4);
    await second.save();
    // Clear the restored log: its findings leave the page's list, so positions shift down by two.
    await second.clearRestored();
    findings = findings.filter((f) => f.connection === 2);
    append(5);
    await second.save();
    expect((await mem.db.read()).findings.map((f) => f.seq)).toEqual([3, 4, 5]);
  });

  it('clearing the restored log deletes the whole database when this page saved nothing yet, and only the old part otherwise', async () => {
    const mem = memoryDatabase();
    const before = pageLog(3, 1);
    await new LogSaver(Promise.resolve(mem.db), {
      entries: () => before.getState().entries,
      findings: () => [finding(1, 1)],
      lintedSeq: () => Infinity,
      labels: () => new Map([[1, { connection: 1, server: 's 1' }]]),
    }).save();

    const idle = createLogStore(() => {});
    const quiet = new LogSaver(Promise.resolve(mem.db), {
      entries: () => idle.getState().entries,
      findings: () => [],
      lintedSeq: () => Infinity,
      labels: () => new Map(),
    });
    idle.getState().restore((await quiet.load())!.entries);
    await quiet.save();
    await quiet.clearRestored();
    expect(mem.removals).toEqual([3]); // the database itself went, with the 3 old frames
    // Saving goes on afterwards (the real database is made again on the next write).
    idle.getState().append({ t: 9, connection: 2, direction: 'stderr', raw: 'new' });
    idle.getState().flush();
    await quiet.save();
    expect([...mem.entries.keys()]).toEqual([4]);

    const busy = createLogStore(() => {});
    const active = new LogSaver(Promise.resolve(mem.db), {
      entries: () => busy.getState().entries,
      findings: () => [],
      lintedSeq: () => Infinity,
      labels: () => new Map(),
    });
    busy.getState().restore((await active.load())!.entries);
    busy.getState().append({ t: 10, connection: 3, direction: 'stderr', raw: 'mine' });
    busy.getState().flush();
    await active.save();
    await active.clearRestored();
    expect(mem.removals).toEqual([3]); // not again: this page's frame #5 stays saved
    expect([...mem.entries.keys()]).toEqual([5]);
  });

  it('repairPairs leaves entries alone when the request already has its answer', () => {
    const entries = pageLog(2)
      .getState()
      .entries.map((e) => ({ ...e }));
    expect(repairPairs(entries)).toEqual(entries);
  });
});
