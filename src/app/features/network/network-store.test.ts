import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../../protocol/index.js';
import { createNetworkStore } from './network-store.js';
import { httpExchange } from '../../../../test/fixtures/http-exchange.js';

const exchange = (id: number, patch: Partial<HttpExchange> = {}) => httpExchange({ id, ...patch });

describe('network store', () => {
  it('updates an exchange in place when it is reported again, once per flush', () => {
    const runs: Array<() => void> = [];
    const store = createNetworkStore((run) => runs.push(run));
    store.getState().receive({ type: 'exchange', exchange: exchange(1) }, 1);
    store.getState().receive({ type: 'exchange', exchange: exchange(2) }, 1);
    store.getState().receive({ type: 'exchange', exchange: exchange(1, { state: 'done', status: 200 }) }, 1);
    expect(runs).toHaveLength(1);
    expect(store.getState().exchanges).toEqual([]);
    runs[0]!();
    expect(store.getState().exchanges.map((x) => [x.id, x.state])).toEqual([
      [1, 'done'],
      [2, 'sending'],
    ]);
  });

  it('lists exchanges in the order they started, whatever order they are reported in', () => {
    const store = createNetworkStore((run) => run());
    for (const id of [2, 1, 4, 3]) store.getState().receive({ type: 'exchange', exchange: exchange(id) }, 1);
    expect(store.getState().exchanges.map((x) => x.id)).toEqual([1, 2, 3, 4]);
  });

  it('starts afresh for a new connection and ignores late reports of the old one', () => {
    const store = createNetworkStore((run) => run());
    store.getState().receive({ type: 'mode', mode: 'sse', reason: 'fell back' }, 1);
    store.getState().receive({ type: 'exchange', exchange: exchange(1) }, 1);
    store.getState().select(1);
    store.getState().receive({ type: 'exchange', exchange: exchange(1, { url: 'http://other/mcp' }) }, 2);
    store.getState().receive({ type: 'exchange', exchange: exchange(9) }, 1);
    const s = store.getState();
    expect(s.connection).toBe(2);
    expect(s.exchanges.map((x) => x.url)).toEqual(['http://other/mcp']);
    expect(s.mode).toBeUndefined();
    expect(s.selected).toBeUndefined();
  });

  it('keeps the newest exchanges past its limit and counts the rest', () => {
    const store = createNetworkStore((run) => run(), 2);
    for (const id of [1, 2, 3]) store.getState().receive({ type: 'exchange', exchange: exchange(id) }, 1);
    expect(store.getState().exchanges.map((x) => x.id)).toEqual([2, 3]);
    expect(store.getState().dropped).toBe(1);
  });
});
