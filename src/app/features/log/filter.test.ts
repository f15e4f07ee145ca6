import { describe, expect, it } from 'vitest';
import { createLogStore, type LogEntry, type LogInput } from '../../stores/log-store.js';
import { NO_FILTER, filterLog, isFiltering, type LogFilter } from './filter.js';

/** A realistic mix: ping pairs, tools/call pairs, notifications, stderr lines and a batch now and then. */
function traffic(n: number): LogEntry[] {
  // Flushed once at the end: publishing after every append would copy the log each time.
  const store = createLogStore(() => {});
  let count = 0;
  const add = (input: Omit<LogInput, 'connection'>) => {
    count++;
    store.getState().append({ ...input, connection: 1 });
  };
  for (let i = 0; count < n; i++) {
    const t = i;
    switch (i % 5) {
      case 0:
        add({ t, direction: 'out', raw: `{"jsonrpc":"2.0","id":${i},"method":"ping"}` });
        add({ t: t + 1, direction: 'in', raw: `{"jsonrpc":"2.0","id":${i},"result":{}}` });
        break;
      case 1:
        add({ t, direction: 'out', raw: `{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"echo","arguments":{"text":"Needle ${i}"}}}` });
        add({ t: t + 2, direction: 'in', raw: `{"jsonrpc":"2.0","id":${i},"result":{"content":[{"type":"text","text":"needle ${i}"}]}}` });
        break;
      case 2:
        add({ t, direction: 'in', raw: '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"tick"}}' });
        break;
      case 3:
        add({ t, direction: 'stderr', kind: 'stderr', raw: `server log line ${i}` });
        break;
      default:
        add({ t, direction: 'out', raw: `[{"jsonrpc":"2.0","id":"b${i}","method":"ping"},{"jsonrpc":"2.0","method":"notifications/progress","params":{}}]` });
    }
  }
  store.getState().flush();
  return store.getState().entries.slice(0, n);
}

/** The plain definition the optimised filter must agree with. */
function naive(entries: readonly LogEntry[], f: LogFilter): number[] {
  return entries.flatMap((e, i) => {
    const methods = e.method === undefined ? [] : e.kind === 'batch' ? e.method.split(', ') : [e.method];
    const ok =
      (f.directions.length === 0 || f.directions.includes(e.direction)) &&
      (f.kinds.length === 0 || f.kinds.includes(e.kind)) &&
      (f.method === '' || methods.includes(f.method)) &&
      (f.text === '' || e.raw.toLowerCase().includes(f.text.toLowerCase()));
    return ok ? [i] : [];
  });
}

const entries = traffic(100_000);

describe('log filter', () => {
  const cases: Array<[string, LogFilter]> = [
    ['no filter', NO_FILTER],
    ['method ping (batches included)', { ...NO_FILTER, method: 'ping' }],
    ['direction in', { ...NO_FILTER, directions: ['in'] }],
    ['kinds response + error', { ...NO_FILTER, kinds: ['response', 'error'] }],
    ['text, any case', { ...NO_FILTER, text: 'NEEDLE 4' }],
    ['text with regex characters', { ...NO_FILTER, text: '"id":1,' }],
    ['everything at once', { directions: ['out', 'stderr'], kinds: ['request'], method: 'tools/call', text: 'needle' }],
  ];

  it.each(cases)('over 100,000 entries agrees with the plain definition: %s', (_name, f) => {
    const result = filterLog(entries, f, 'live');
    expect(result.indices).toEqual(naive(entries, f));
  });

  it('counts each chip as if it alone were chosen, with the other filters applied', () => {
    const f: LogFilter = { ...NO_FILTER, directions: ['in'], method: 'ping' };
    const r = filterLog(entries, f, 'live');
    for (const kind of ['request', 'response', 'batch'] as const) {
      expect(r.kindCounts[kind]).toBe(naive(entries, { ...f, kinds: [kind] }).length);
    }
    for (const direction of ['in', 'out', 'stderr'] as const) {
      expect(r.directionCounts[direction]).toBe(naive(entries, { ...f, directions: [direction] }).length);
    }
    expect(r.kindCounts.response).toBeGreaterThan(0);
    expect(r.kindCounts.request).toBe(0);
    expect(r.directionCounts.out).toBeGreaterThan(0);
  });

  it('lists every method seen with its count, whatever the filter', () => {
    const r = filterLog(entries, { ...NO_FILTER, directions: ['stderr'] }, 'live');
    const pings = entries.filter((e) => e.method === 'ping' || (e.kind === 'batch' && e.method?.includes('ping'))).length;
    expect(r.methods.get('ping')).toBe(pings);
    expect([...r.methods.keys()].sort()).toEqual(['notifications/message', 'notifications/progress', 'ping', 'tools/call']);
  });

  it('extends a result with only the appended entries and gets what a full scan gets', () => {
    const f: LogFilter = { ...NO_FILTER, kinds: ['response'], text: 'needle' };
    let result = filterLog(entries.slice(0, 10), f, 'live');
    for (const end of [10, 11, 5000, 5000, 77_777, 100_000]) result = filterLog(entries.slice(0, end), f, 'live', result);
    const full = filterLog(entries, f, 'live');
    expect(result.indices).toEqual(full.indices);
    expect(result.kindCounts).toEqual(full.kindCounts);
    expect(result.directionCounts).toEqual(full.directionCounts);
    expect(result.methods).toEqual(full.methods);
  });

  it('scans again for another filter, another source or a log that is not the same one grown', () => {
    const small = filterLog(entries.slice(0, 100), { ...NO_FILTER, method: 'ping' }, 'live');
    expect(filterLog(entries.slice(0, 100), NO_FILTER, 'live', small).indices).toHaveLength(100);
    expect(filterLog(entries.slice(0, 100), { ...NO_FILTER, method: 'ping' }, 'imported', small).indices).toEqual(small.indices);
    const other = entries.slice(50, 200);
    expect(filterLog(other, { ...NO_FILTER, method: 'ping' }, 'live', small).indices).toEqual(naive(other, { ...NO_FILTER, method: 'ping' }));
  });

  it('says whether any filter is on', () => {
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(isFiltering({ ...NO_FILTER, text: 'x' })).toBe(true);
    expect(isFiltering({ ...NO_FILTER, kinds: ['batch'] })).toBe(true);
  });
});

describe('the conversation filter', () => {
  it('shows only the rounds of one multi-round request, and counts as filtering', () => {
    const store = createLogStore((run) => run());
    const s = store.getState();
    const call = (id: number) => s.append({ t: 0, connection: 1, direction: 'out', raw: `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{}}` });
    const answer = (id: number) => s.append({ t: 0, connection: 1, direction: 'in', raw: `{"jsonrpc":"2.0","id":${id},"result":{}}` });
    call(1);
    s.tagRound(1, 1, 1, 1, 'tools/call');
    call(2);
    answer(1);
    call(3);
    s.tagRound(1, 3, 1, 2, 'tools/call');
    answer(3);
    answer(2);
    const entries = store.getState().entries;
    const filter = { ...NO_FILTER, conversation: 1 };
    expect(isFiltering(filter)).toBe(true);
    expect(filterLog(entries, filter, store).indices.map((i) => entries[i]!.seq)).toEqual([1, 3, 4, 5]);
  });
});

describe('the connection filter', () => {
  /** Two servers one after the other, with the page's own note (connection 0) before either. */
  function twoConnections(): LogEntry[] {
    const store = createLogStore((run) => run());
    const s = store.getState();
    s.append({ t: 0, connection: 0, direction: 'system', kind: 'system', raw: 'page note' });
    for (const connection of [1, 2]) {
      s.append({ t: 0, connection, direction: 'system', kind: 'system', raw: `connecting ${connection}` });
      s.append({ t: 1, connection, direction: 'out', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
      s.append({ t: 2, connection, direction: 'in', raw: '{"jsonrpc":"2.0","id":1,"result":{}}' });
    }
    s.append({ t: 3, connection: 2, direction: 'stderr', kind: 'stderr', raw: 'second server says hi' });
    return store.getState().entries.slice();
  }
  const log = twoConnections();
  const seqs = (r: { indices: readonly number[] }) => r.indices.map((i) => log[i]!.seq);

  it('shows one connection with its system lines and the page’s own, or all', () => {
    expect(seqs(filterLog(log, { ...NO_FILTER, connection: 1 }, 'live'))).toEqual([1, 2, 3, 4]);
    expect(seqs(filterLog(log, { ...NO_FILTER, connection: 2 }, 'live'))).toEqual([1, 5, 6, 7, 8]);
    expect(seqs(filterLog(log, NO_FILTER, 'live'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('counts every connection’s frames whatever the filter, and the chips within the connection chosen', () => {
    const r = filterLog(log, { ...NO_FILTER, connection: 1, directions: ['in', 'stderr'] }, 'live');
    expect([...r.connectionCounts]).toEqual([
      [0, 1],
      [1, 3],
      [2, 4],
    ]);
    expect(r.directionCounts.stderr).toBe(0);
    expect(r.directionCounts.in).toBe(1);
    expect(r.directionCounts.system).toBe(2);
  });

  it('extends a result of one connection like a full scan', () => {
    const f: LogFilter = { ...NO_FILTER, connection: 2 };
    const partial = filterLog(log.slice(0, 5), f, 'live');
    const extended = filterLog(log, f, 'live', partial);
    const full = filterLog(log, f, 'live');
    expect(seqs(extended)).toEqual([1, 5, 6, 7, 8]);
    expect(extended.indices).toEqual(full.indices);
    expect(extended.connectionCounts).toEqual(full.connectionCounts);
  });
});

describe('the channel filter', () => {
  it("shows the MCP wire's entries or the apps' bridge messages apart", () => {
    const store = createLogStore(() => {});
    const s = store.getState();
    s.append({ t: 0, connection: 1, direction: 'out', raw: '{"jsonrpc":"2.0","id":1,"method":"tools/call"}' });
    s.append({ t: 1, connection: 1, direction: 'in', raw: '{"jsonrpc":"2.0","id":1,"method":"ui/initialize"}', channel: { app: 1, tool: 't' } });
    s.append({ t: 2, connection: 1, direction: 'out', raw: '{"jsonrpc":"2.0","id":1,"result":{}}', channel: { app: 1, tool: 't' } });
    s.flush();
    const entries = store.getState().entries;
    const seqs = (filter: LogFilter) => filterLog(entries, filter, entries).indices.map((i) => entries[i]!.seq);
    expect(seqs(NO_FILTER)).toEqual([1, 2, 3]);
    expect(seqs({ ...NO_FILTER, channel: 'mcp' })).toEqual([1]);
    expect(seqs({ ...NO_FILTER, channel: 'app' })).toEqual([2, 3]);
    expect(isFiltering({ ...NO_FILTER, channel: 'app' })).toBe(true);
  });
});
