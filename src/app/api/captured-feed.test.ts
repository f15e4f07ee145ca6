import { describe, expect, it } from 'vitest';
import { CAPTURED_SUBPROTOCOL, type CapturedMessage } from '../../protocol/index.js';
import { fakeSockets } from '../connection/test-doubles.js';
import { capturedFeedUrl, openCapturedFeed } from './captured-feed.js';

const header = { mcpscope: 'log', version: 1, exportedAt: '2026-01-01T00:00:00.000Z', server: { command: 'node server.js' } };
const session = { id: 'w1', pid: 42, transport: 'stdio', header, state: 'live', received: 0, lost: 0, seenAt: '2026-01-01T00:00:00.000Z' };
const record = (seq: number) => ({ seq, time: '2026-01-01T00:00:00.000Z', t: seq, connection: 1, direction: 'out', kind: 'request', raw: '{}' });

function feed() {
  const { sockets, socketFactory } = fakeSockets();
  const messages: Array<{ message: CapturedMessage; dropped: readonly string[] }> = [];
  const problems: string[] = [];
  let lost = 0;
  const timers: Array<{ run: () => void; ms: number; cleared?: true }> = [];
  const handle = openCapturedFeed({
    url: 'ws://127.0.0.1:9/captured',
    token: 'tok',
    socketFactory,
    message: (message, dropped) => messages.push({ message, dropped }),
    problem: (sentence) => problems.push(sentence),
    lost: () => lost++,
    retryMs: 100,
    maxRetryMs: 400,
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (t) => {
      (t as { cleared?: true }).cleared = true;
    },
  });
  const text = (data: unknown) => sockets.at(-1)!.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  return { sockets, messages, problems, timers, handle, text, lost: () => lost };
}

describe('the captured feed', () => {
  it("is the page's own origin at /captured, offering the feed's subprotocol and the token", () => {
    expect(capturedFeedUrl({ protocol: 'http:', host: '127.0.0.1:6290' })).toBe('ws://127.0.0.1:6290/captured');
    expect(capturedFeedUrl({ protocol: 'https:', host: 'x' })).toBe('wss://x/captured');
    const { sockets } = feed();
    expect(sockets[0]!.protocols).toEqual([CAPTURED_SUBPROTOCOL, 'mcpscope.token.tok']);
  });

  it('hands on each message it can read, and a record it cannot is dropped and named, not the message', () => {
    const { sockets, messages, text } = feed();
    sockets[0]!.acceptHandshake();
    text({ type: 'sessions', sessions: [session] });
    text({ type: 'records', id: 'w1', records: [record(1), { ...record(2), direction: 'sideways' }, record(3)] });
    expect(messages[0]!.message).toEqual({ type: 'sessions', sessions: [session] });
    const records = messages[1]!;
    expect(records.message.type === 'records' && records.message.records.map((r) => r.seq)).toEqual([1, 3]);
    expect(records.dropped).toEqual([expect.stringContaining('"direction"')]);
  });

  it('says in a sentence what it could not read, and never throws', () => {
    const { sockets, messages, problems, text } = feed();
    sockets[0]!.acceptHandshake();
    expect(() => {
      text('{not json');
      text({ type: 'session', session: { ...session, state: 'asleep' } });
      text({ type: 'upgrade' });
      text({ type: 'sessions', sessions: [session, { id: 'w2' }] });
    }).not.toThrow();
    expect(problems).toEqual([
      'A message of the proxy about wrapped sessions could not be read (a message that is not JSON); it was left out.',
      'A message of the proxy about wrapped sessions could not be read (session w1 has no state: live, ended or disconnected); it was left out.',
      'A message of the proxy about wrapped sessions could not be read (a message of an unknown type ("upgrade")); it was left out.',
    ]);
    expect(messages).toEqual([{ message: { type: 'sessions', sessions: [session] }, dropped: ['session w2 has no capture header'] }]);
  });

  it('stays quiet while it cannot open (no feed there), retrying less and less often', () => {
    const { sockets, problems, timers } = feed();
    sockets[0]!.drop(1006);
    timers.at(-1)!.run();
    sockets[1]!.drop(1006);
    timers.at(-1)!.run();
    sockets[2]!.drop(1006);
    timers.at(-1)!.run();
    sockets[3]!.drop(1006);
    expect(problems).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([100, 200, 400, 400]);
  });

  it('after it worked, a close (1013: the page was too slow) is said once and it reconnects at once', () => {
    const { sockets, problems, timers, lost } = feed();
    sockets[0]!.drop(1006);
    expect(lost()).toBe(0);
    timers[0]!.run();
    sockets[1]!.acceptHandshake();
    sockets[1]!.drop(1013);
    expect(problems).toEqual([expect.stringContaining('this page fell behind')]);
    expect(lost()).toBe(1);
    expect(timers[1]!.ms).toBe(100);
    timers[1]!.run();
    expect(sockets).toHaveLength(3);
  });

  it('close() ends the socket and any retry', () => {
    const { sockets, timers, handle } = feed();
    sockets[0]!.drop(1006);
    handle.close();
    expect(timers[0]!.cleared).toBe(true);
    const { sockets: open, handle: other } = feed();
    open[0]!.acceptHandshake();
    other.close();
    expect(open[0]!.closedWith?.code).toBe(1000);
  });
});
