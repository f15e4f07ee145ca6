import { describe, expect, it } from 'vitest';
import { createLogStore } from '../../stores/log-store.js';
import { LatencyOfLog, sortRows } from './latency-of-log.js';

function log() {
  const store = createLogStore(() => {});
  const add = (connection: number, direction: 'out' | 'in', raw: string, t: number) => store.getState().append({ t, connection, direction, raw });
  return {
    store,
    add,
    entries: () => {
      store.getState().flush();
      return store.getState().entries;
    },
  };
}

describe('LatencyOfLog', () => {
  it('reads the log as it grows, for the connection shown, pairing answers by the log', () => {
    const l = log();
    l.add(1, 'out', '{"jsonrpc":"2.0","id":1,"method":"ping"}', 0);
    l.add(2, 'out', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}', 0);
    l.add(1, 'in', '{"jsonrpc":"2.0","id":1,"result":{}}', 4);
    const of = new LatencyOfLog();
    of.read(l.entries(), 1, l.store);
    expect(of.rows()).toMatchObject([{ method: 'ping', side: 'client', count: 1, unanswered: 0, max: 4 }]);
    // The server asks the client; the client answers with an error.
    l.add(1, 'in', '{"jsonrpc":"2.0","id":"s1","method":"roots/list"}', 5);
    l.add(1, 'out', '{"jsonrpc":"2.0","id":"s1","error":{"code":-32601,"message":"no"}}', 7);
    of.read(l.entries(), 1, l.store);
    expect(of.rows().map((r) => [r.side, r.method, r.count, r.errors, r.max])).toEqual([
      ['client', 'ping', 1, 0, 4],
      ['server', 'roots/list', 1, 1, 2],
    ]);
    // All connections: read afresh.
    of.read(l.entries(), undefined, l.store);
    expect(of.rows().map((r) => [r.method, r.unanswered])).toEqual([
      ['ping', 0],
      ['tools/call', 1],
      ['roots/list', 0],
    ]);
    // Another log (an imported one) starts over.
    of.read([], undefined, {});
    expect(of.rows()).toEqual([]);
  });

  it('sorts by p95 (slowest first, none last), by count, or by method', () => {
    const rows = [
      { method: 'b', side: 'client' as const, count: 1, errors: 0, unanswered: 1 },
      { method: 'a', side: 'client' as const, count: 3, errors: 0, unanswered: 0, p50: 1, p95: 2, max: 2 },
      { method: 'c', side: 'client' as const, count: 2, errors: 0, unanswered: 0, p50: 5, p95: 9, max: 9 },
    ];
    expect(sortRows(rows, 'p95').map((r) => r.method)).toEqual(['c', 'a', 'b']);
    expect(sortRows(rows, 'count').map((r) => r.method)).toEqual(['a', 'c', 'b']);
    expect(sortRows(rows, 'method').map((r) => r.method)).toEqual(['a', 'b', 'c']);
  });
});
