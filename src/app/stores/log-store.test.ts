import { describe, expect, it } from 'vitest';
import { classifyFrame } from '../../protocol/index.js';
import { PAIRING_CASES, type PairingVerdict } from '../../protocol/index.js';
import { createLogStore, savedEntry, type LogEntry, type LogInput } from './log-store.js';

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

  it("pairs an app's bridge messages within that app instance only, apart from the server's ids", () => {
    const { store } = manualStore();
    const s = store.getState();
    const app1 = { app: 1, tool: 'show-map' };
    const app2 = { app: 2, tool: 'show-map' };
    s.append(at('out', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
    s.append({ ...at('in', '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}'), channel: app1 });
    s.append({ ...at('in', '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}'), channel: app2 });
    s.append({ ...at('out', '{"jsonrpc":"2.0","id":1,"result":{}}'), t: 5, channel: app2 });
    s.append({ ...at('in', '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}'), t: 7 });
    s.append({ ...at('out', '{"jsonrpc":"2.0","id":1,"result":{}}'), t: 9, channel: app1 });
    s.flush();
    const rows = store.getState().entries.map((e) => [e.seq, e.method, e.pairSeq, e.rtt, e.channel?.app]);
    expect(rows).toEqual([
      [1, 'tools/list', 5, undefined, undefined],
      [2, 'ui/initialize', 6, undefined, 1],
      [3, 'ui/initialize', 4, undefined, 2],
      [4, 'ui/initialize', 3, 5, 2],
      [5, 'tools/list', 1, 7, undefined],
      [6, 'ui/initialize', 2, 9, 1],
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

  it('does not pair "7" with 7 (ids keep their JSON type, as in the session), nor in the wrong direction', () => {
    const { store } = manualStore();
    const s = store.getState();
    s.append(at('out', '{"jsonrpc":"2.0","id":7,"method":"ping"}'));
    s.append(at('in', '{"jsonrpc":"2.0","id":"7","result":{}}'));
    s.append(at('out', '{"jsonrpc":"2.0","id":9,"method":"ping"}'));
    s.append(at('out', '{"jsonrpc":"2.0","id":9,"result":{}}'));
    s.flush();
    const [, mismatch, , wrongWay] = store.getState().entries;
    expect(mismatch?.method).toBeUndefined();
    expect(mismatch?.note).toMatch(/Request #1 has the id 7; this answer's id "7" is of another JSON type/);
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

describe('log store: one parse per frame', () => {
  it('uses the classification the caller already made instead of parsing the text again', () => {
    const store = createLogStore((run) => run());
    const frame = classifyFrame('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    const entry = store.getState().append({ t: 0, connection: 1, direction: 'out', raw: '(stands for the frame)', frame });
    expect(entry).toMatchObject({ kind: 'request', method: 'ping', id: 1 });
  });
});

describe('log store: the frame window', () => {
  const ping = (id: number) => at('out', `{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
  const held = (entries: readonly LogEntry[]) => entries.filter((e) => e.frame !== undefined).map((e) => e.seq);

  it('keeps the classified frame only on the newest entries, buffered or published, whatever the linter does', () => {
    const queued: Array<() => void> = [];
    const store = createLogStore((run) => queued.push(run), Date.now, 3);
    for (let id = 1; id <= 4; id++) store.getState().append(ping(id));
    queued.splice(0).forEach((run) => run());
    expect(held(store.getState().entries)).toEqual([2, 3, 4]);
    // Published entries let theirs go as newer ones come, a stderr line taking its place in the window too.
    store.getState().append(ping(5));
    store.getState().append({ t: 0, connection: 1, direction: 'stderr', kind: 'stderr', raw: 'log line' });
    queued.splice(0).forEach((run) => run());
    expect(held(store.getState().entries)).toEqual([4, 5]);
    // The rest of each entry stays as it was.
    expect(store.getState().entries[0]).toMatchObject({ seq: 1, kind: 'request', method: 'ping', id: 1 });
  });

  it('holds at most its window of parsed frames however long the unlinted backlog grows', () => {
    const store = createLogStore((run) => run(), Date.now, 100);
    for (let id = 1; id <= 10_000; id++) store.getState().append(ping(id));
    expect(held(store.getState().entries)).toHaveLength(100);
  });

  it('lets a frame go as a key set to undefined, so no entry changes shape (saved entries have no such key)', () => {
    const store = createLogStore((run) => run(), Date.now, 1);
    store.getState().append(ping(1));
    store.getState().append(ping(2));
    const [first] = store.getState().entries;
    expect(first!.frame).toBeUndefined();
    expect('frame' in savedEntry(first!)).toBe(false);
  });
});

describe('log store: the id table (same answers as the ledger)', () => {
  /** What the log makes of an answer, in the ledger's words. */
  const verdictOf = (e: LogEntry): PairingVerdict => {
    if (e.note?.includes('already answered')) return 'duplicate';
    if (e.note?.includes('JSON type')) return 'type-mismatch';
    if (e.note?.includes('No request')) return 'orphan';
    return e.pairSeq === undefined ? 'unidentified' : 'paired';
  };

  it.each(PAIRING_CASES)('$name', (c) => {
    const store = createLogStore((run) => run());
    const s = store.getState();
    let t = 0;
    if (!c.answersFirst) s.append({ t: t++, connection: 1, direction: 'out', raw: c.request });
    const answers = c.answers.map((raw) => s.append({ t: t++, connection: 1, direction: 'in', raw }).seq);
    expect(answers.map((seq) => verdictOf(store.getState().entries[seq - 1]!))).toEqual(c.expect);
    if (c.answersFirst) {
      const request = s.append({ t: t++, connection: 1, direction: 'out', raw: c.request });
      const [answer, logged] = [store.getState().entries[answers[0]! - 1]!, store.getState().entries[request.seq - 1]!];
      expect(logged.pairSeq === answer.seq && answer.pairSeq === logged.seq).toBe(c.answeredEarly === true);
      expect(answer.note).toMatch(/logged after it/);
    }
  });
});
