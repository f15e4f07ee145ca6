// The log store's restore (a log saved before a reload) and dropBefore (clearing it).
import { describe, expect, it } from 'vitest';
import { createLogStore, type LogInput } from './log-store.js';

const at = (direction: LogInput['direction'], raw: string, connection = 1): LogInput => ({ t: 0, connection, direction, raw });

function savedLog() {
  const before = createLogStore(() => {});
  before.getState().append(at('out', '{"jsonrpc":"2.0","id":1,"method":"ping"}'));
  before.getState().append(at('in', '{"jsonrpc":"2.0","id":1,"result":{}}'));
  before.getState().append(at('stderr', 'hello', 2));
  before.getState().flush();
  return before.getState().entries;
}

describe('log store restore and dropBefore', () => {
  it('puts a saved log back and numbers what follows after it', () => {
    const store = createLogStore(() => {});
    expect(store.getState().restore(savedLog())).toBe(true);
    expect(store.getState().counts).toMatchObject({ out: 1, in: 1, stderr: 1 });
    const next = store.getState().append(at('out', '{"jsonrpc":"2.0","id":1,"method":"ping"}', 3));
    expect(next.seq).toBe(4);
    store.getState().flush();
    expect(store.getState().entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('refuses to restore into a log that has entries already', () => {
    const store = createLogStore(() => {});
    store.getState().append(at('system', 'x'));
    expect(store.getState().restore(savedLog())).toBe(false);
  });

  it('drops the oldest entries and still pairs answers of the entries kept', () => {
    const store = createLogStore(() => {});
    store.getState().restore(savedLog());
    store.getState().append(at('out', '{"jsonrpc":"2.0","id":7,"method":"ping"}', 3));
    store.getState().flush();
    store.getState().dropBefore(4);
    expect(store.getState().entries.map((e) => e.seq)).toEqual([4]);
    expect(store.getState().counts).toMatchObject({ out: 1, in: 0, stderr: 0 });
    store.getState().append(at('in', '{"jsonrpc":"2.0","id":7,"result":{}}', 3));
    store.getState().flush();
    const [request, answer] = store.getState().entries;
    expect(request).toMatchObject({ seq: 4, pairSeq: 5 });
    expect(answer).toMatchObject({ seq: 5, pairSeq: 4, method: 'ping' });
  });

  it('an answer to a request that was dropped pairs with nothing', () => {
    const store = createLogStore(() => {});
    store.getState().append(at('out', '{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    store.getState().flush();
    store.getState().dropBefore(2);
    const answer = store.getState().append(at('in', '{"jsonrpc":"2.0","id":1,"result":{}}'));
    expect(answer.pairSeq).toBeUndefined();
    expect(answer.note).toBe('No request with this id was seen.');
  });
});
