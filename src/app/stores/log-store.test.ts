import { describe, expect, it } from 'vitest';
import { createLogStore, type LogInput } from './log-store.js';

/** A store whose flushes run only when the test says so. */
function manualStore() {
  const queued: Array<() => void> = [];
  const store = createLogStore((run) => queued.push(run));
  const runScheduled = () => queued.splice(0).forEach((run) => run());
  return { store, runScheduled, queued };
}

const at = (direction: LogInput['direction'], raw: string, connection = 1): LogInput => ({ t: 0, connection, direction, raw });

describe('log store', () => {
  it('pairs a response with the method of the request it answers', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(at('out', '{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    s.append(at('in', '{"jsonrpc":"2.0","id":1,"result":{}}'));
    s.append(at('out', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'));
    s.append(at('in', '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"nope"}}'));
    s.flush();
    const rows = store.getState().entries.map((e) => [e.direction, e.kind, e.method, e.id]);
    expect(rows).toEqual([
      ['out', 'request', 'ping', 1],
      ['in', 'response', 'ping', 1],
      ['out', 'request', 'tools/list', 2],
      ['in', 'error', 'tools/list', 2],
    ]);
  });

  it('pairs our answers with requests the server sent', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(at('in', '{"jsonrpc":"2.0","id":"srv-1","method":"ping"}'));
    s.append(at('out', '{"jsonrpc":"2.0","id":"srv-1","result":{}}'));
    s.flush();
    expect(store.getState().entries[1]).toMatchObject({ direction: 'out', kind: 'response', method: 'ping', id: 'srv-1' });
  });

  it('pairs "7" with 7, as the session does, and does not pair in the wrong direction', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(at('out', '{"jsonrpc":"2.0","id":7,"method":"ping"}'));
    s.append(at('in', '{"jsonrpc":"2.0","id":"7","result":{}}'));
    s.append(at('out', '{"jsonrpc":"2.0","id":9,"method":"ping"}'));
    s.append(at('out', '{"jsonrpc":"2.0","id":9,"result":{}}'));
    s.flush();
    const [, mismatch, , wrongWay] = store.getState().entries;
    expect(mismatch?.method).toBe('ping');
    expect(wrongWay?.method).toBeUndefined();
    expect(wrongWay?.note).toMatch(/No request/);
  });

  it('keeps pairing separate per connection', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(at('out', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}', 1));
    s.append(at('out', '{"jsonrpc":"2.0","id":1,"method":"ping"}', 2));
    s.append(at('in', '{"jsonrpc":"2.0","id":1,"result":{}}', 1));
    s.append(at('in', '{"jsonrpc":"2.0","id":1,"result":{}}', 2));
    s.flush();
    expect(store.getState().entries.map((e) => e.method)).toEqual(['initialize', 'ping', 'initialize', 'ping']);
  });

  it('classifies invalid frames and batches, and keeps stderr and noise as given', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(at('out', '{"jsonrpc":"2.0","id":3,"method":"ping"}'));
    s.append(at('in', 'not json'));
    s.append(at('in', '{"jsonrpc":"1.0","id":1,"result":{}}'));
    s.append(at('in', '[{"jsonrpc":"2.0","id":3,"result":{}},{"jsonrpc":"2.0","method":"notifications/message","params":{}}]'));
    s.append({ t: 1, connection: 1, direction: 'stderr', kind: 'stderr', raw: 'warming up' });
    s.append({ t: 2, connection: 1, direction: 'noise', kind: 'noise', raw: 'hello from console.log' });
    s.flush();
    const e = store.getState().entries;
    expect(e[1]).toMatchObject({ kind: 'invalid' });
    expect(e[1]?.note).toMatch(/not JSON/);
    expect(e[2]?.note).toMatch(/"2.0"/);
    expect(e[3]).toMatchObject({ kind: 'batch', method: 'ping, notifications/message' });
    expect(e[4]).toMatchObject({ direction: 'stderr', kind: 'stderr', raw: 'warming up' });
    expect(e[5]).toMatchObject({ direction: 'noise', kind: 'noise' });
  });

  it('publishes appends in one batch per scheduled flush', () => {
    const { store, runScheduled, queued } = manualStore();
    let notifications = 0;
    store.subscribe(() => notifications++);
    for (let i = 0; i < 500; i++) store.getState().append(at('stderr', `line ${i}`));
    expect(store.getState().entries).toHaveLength(0);
    expect(queued).toHaveLength(1);
    runScheduled();
    expect(notifications).toBe(1);
    expect(store.getState().entries).toHaveLength(500);
    expect(store.getState().counts.stderr).toBe(500);
  });

  it('never drops an entry and keeps them in order across many flushes', () => {
    const { store, runScheduled } = manualStore();
    const returned: number[] = [];
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 400; i++) {
        const id = round * 400 + i;
        returned.push(store.getState().append(at('out', `{"jsonrpc":"2.0","id":${id},"method":"ping"}`)).seq);
      }
      runScheduled();
    }
    const entries = store.getState().entries;
    expect(entries).toHaveLength(20_000);
    expect(entries.map((e) => e.seq)).toEqual(returned);
    expect(entries.every((e, i) => e.id === i && (i === 0 || e.seq > entries[i - 1]!.seq))).toBe(true);
    expect(store.getState().counts.out).toBe(20_000);
  });

  it('flushes through the default scheduler without a browser', async () => {
    const store = createLogStore();
    store.getState().append(at('system', 'hello'));
    await new Promise((r) => setTimeout(r, 80));
    expect(store.getState().entries).toHaveLength(1);
  });
});
