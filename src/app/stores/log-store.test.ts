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

describe('log store pairing, round trips and sizes', () => {
  const timed = (t: number, direction: LogInput['direction'], raw: string, connection = 1): LogInput => ({ t, connection, direction, raw });

  it('links a request and its answer both ways and stores the round-trip time', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(timed(10, 'out', '{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    s.append(timed(12.5, 'in', '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}'));
    s.append(timed(14.25, 'in', '{"jsonrpc":"2.0","id":1,"result":{}}'));
    s.flush();
    const [request, notification, response] = store.getState().entries;
    expect(request).toMatchObject({ seq: 1, pairSeq: 3 });
    expect(request?.rtt).toBeUndefined();
    expect(notification?.pairSeq).toBeUndefined();
    expect(response).toMatchObject({ seq: 3, pairSeq: 1, rtt: 4.25, method: 'ping' });
  });

  it('gives an already published request its answer at the next flush, as a new object', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(timed(0, 'out', '{"jsonrpc":"2.0","id":"a","method":"tools/list"}'));
    s.flush();
    const before = store.getState().entries[0]!;
    expect(before.pairSeq).toBeUndefined();
    s.append(timed(30, 'in', '{"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"no"}}'));
    s.flush();
    const [request, error] = store.getState().entries;
    expect(request).not.toBe(before);
    expect(request?.pairSeq).toBe(2);
    expect(error).toMatchObject({ kind: 'error', pairSeq: 1, rtt: 30 });
  });

  it('pairs a second answer to the same request but keeps the first as the request’s pair, and says so', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(timed(0, 'out', '{"jsonrpc":"2.0","id":5,"method":"ping"}'));
    s.append(timed(1, 'in', '{"jsonrpc":"2.0","id":5,"result":{}}'));
    s.append(timed(2, 'in', '{"jsonrpc":"2.0","id":5,"result":{}}'));
    s.flush();
    const [request, first, second] = store.getState().entries;
    expect(request?.pairSeq).toBe(2);
    expect(first?.note).toBeUndefined();
    expect(second).toMatchObject({ pairSeq: 1, rtt: 2 });
    expect(second?.note).toMatch(/already answered by #2/);
  });

  it('pairs answers with the newest request that used the id', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(timed(0, 'out', '{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    s.append(timed(1, 'in', '{"jsonrpc":"2.0","id":1,"result":{}}'));
    s.append(timed(5, 'out', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
    s.append(timed(9, 'in', '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}'));
    s.flush();
    expect(store.getState().entries[3]).toMatchObject({ method: 'tools/list', pairSeq: 3, rtt: 4 });
  });

  it('pairs answers with requests sent in a batch, and the batch with its first answer', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(timed(0, 'out', '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]'));
    s.append(timed(3, 'in', '{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}'));
    s.append(timed(4, 'in', '[{"jsonrpc":"2.0","id":1,"result":{}}]'));
    s.flush();
    const [batch, single, answerBatch] = store.getState().entries;
    expect(batch?.pairSeq).toBe(2);
    expect(single).toMatchObject({ method: 'tools/list', pairSeq: 1, rtt: 3 });
    expect(answerBatch).toMatchObject({ kind: 'batch', method: 'ping', pairSeq: 1, rtt: 4 });
  });

  it('does not pair an answer without a request', () => {
    const { store } = manualStore();
    store.getState().append(timed(0, 'in', '{"jsonrpc":"2.0","id":44,"result":{}}'));
    store.getState().flush();
    const [orphan] = store.getState().entries;
    expect(orphan?.pairSeq).toBeUndefined();
    expect(orphan?.rtt).toBeUndefined();
  });

  it('records the size in UTF-8 bytes and the wall-clock time', () => {
    let clock = 1_700_000_000_000;
    const store = createLogStore(
      (run) => run(),
      () => clock++,
    );
    store.getState().append({ t: 0, connection: 1, direction: 'stderr', kind: 'stderr', raw: 'héllo 🌍' });
    store.getState().append({ t: 0, connection: 1, direction: 'stderr', kind: 'stderr', raw: '' });
    const [first, second] = store.getState().entries;
    expect(first?.size).toBe(new TextEncoder().encode('héllo 🌍').length);
    expect(first?.at).toBe(1_700_000_000_000);
    expect(second).toMatchObject({ size: 0, at: 1_700_000_000_001 });
  });

  it('keeps entries[seq - 1] the entry with that seq over many flushes with answers', () => {
    const { store, runScheduled } = manualStore();
    for (let i = 0; i < 3000; i++) {
      store.getState().append(timed(i, 'out', `{"jsonrpc":"2.0","id":${i},"method":"ping"}`));
      if (i % 7 === 0) runScheduled();
      store.getState().append(timed(i + 0.5, 'in', `{"jsonrpc":"2.0","id":${i},"result":{}}`));
    }
    runScheduled();
    const entries = store.getState().entries;
    expect(entries).toHaveLength(6000);
    expect(entries.every((e, i) => e.seq === i + 1)).toBe(true);
    expect(entries.every((e) => e.pairSeq !== undefined && entries[e.pairSeq - 1]!.pairSeq === e.seq)).toBe(true);
    expect(entries.filter((e) => e.kind === 'response').every((e) => e.rtt === 0.5)).toBe(true);
  });
});
