import { describe, expect, it } from 'vitest';
import type { ClientSession, RequestOutcome } from '../../../protocol/index.js';
import { dataDetail, dataPreview } from './format.js';
import { createLoggingStore, shownIndices } from './logging-store.js';

const sessionAnswering = (outcome: RequestOutcome, sent: unknown[] = []) =>
  ({
    request: (method: string, params: unknown) => {
      sent.push({ method, params });
      return Promise.resolve(outcome);
    },
  }) as unknown as ClientSession;

/** Publishes at once: each message is seen by the view as it comes. */
const now = (publish: () => void) => publish();

const request = { id: 2, method: 'logging/setLevel', raw: '', sentAt: 0 };
const response = { raw: '', frame: { kind: 'invalid' as const, code: 'empty' as const, reason: '' }, receivedAt: 1 };

describe('server log store', () => {
  it('keeps each message with its problems, connection and time', () => {
    const store = createLoggingStore({ session: () => undefined, schedule: now });
    store.getState().receive({ level: 'error', logger: 'db', data: { a: 1 } }, 1, 1000);
    store.getState().receive({ level: 'loud' }, 1, 2000);
    const [a, b] = store.getState().messages;
    expect(a).toMatchObject({ n: 1, connection: 1, receivedAt: 1000, level: 'error', known: 'error', logger: 'db', problems: [] });
    expect(b?.problems).toHaveLength(2);
    expect(store.getState().version).toBe(2);
    expect([...store.getState().loggers]).toEqual([
      ['db', 1],
      ['', 1],
    ]);
  });

  it('a burst of messages is one update of the view', () => {
    const later: Array<() => void> = [];
    const store = createLoggingStore({ session: () => undefined, schedule: (publish) => later.push(publish) });
    let updates = 0;
    store.subscribe(() => updates++);
    for (let i = 0; i < 50; i++) store.getState().receive({ level: 'info', logger: 'burst', data: i }, 1, i);
    expect(later).toHaveLength(1);
    expect(updates).toBe(0);
    later[0]!();
    expect(updates).toBe(1);
    expect(store.getState()).toMatchObject({ version: 1 });
    expect(store.getState().messages).toHaveLength(50);
    expect(store.getState().loggers.get('burst')).toBe(50);
    store.getState().receive({ level: 'info', data: 'next' }, 1, 99);
    expect(later).toHaveLength(2);
  });

  it('lets go of the oldest beyond the cap, and counts them', () => {
    const store = createLoggingStore({ session: () => undefined, maxKept: 100, schedule: now });
    for (let i = 0; i < 105; i++) store.getState().receive({ level: 'info', logger: i < 10 ? 'early' : 'late', data: i }, 1, i);
    const s = store.getState();
    expect(s.messages.length + s.removed).toBe(105);
    expect(s.messages.length).toBeLessThanOrEqual(100);
    expect(s.messages[0]?.data).toBe(s.removed);
    expect(s.loggers.get('early')).toBeUndefined();
    expect(s.loggers.get('late')).toBe(s.messages.length);
    s.clear();
    expect(store.getState()).toMatchObject({ messages: [], removed: 0 });
    expect(store.getState().loggers.size).toBe(0);
  });

  it('filters by least severe level and by logger; an unknown level always shows', () => {
    const store = createLoggingStore({ session: () => undefined, schedule: now });
    const r = store.getState().receive;
    r({ level: 'debug', logger: 'a', data: 0 }, 1, 0);
    r({ level: 'error', logger: 'a', data: 1 }, 1, 0);
    r({ level: 'emergency', data: 2 }, 1, 0);
    r({ level: 'weird', logger: 'a', data: 3 }, 1, 0);
    const m = store.getState().messages;
    expect(shownIndices(m, '', undefined)).toEqual([0, 1, 2, 3]);
    expect(shownIndices(m, 'error', undefined)).toEqual([1, 2, 3]);
    expect(shownIndices(m, 'error', 'a')).toEqual([1, 3]);
    expect(shownIndices(m, '', '')).toEqual([2]);
  });

  it('sends logging/setLevel and keeps the answer, or the error', async () => {
    const sent: unknown[] = [];
    let outcome: RequestOutcome = { status: 'result', request, response, result: {}, rttMs: 1 };
    const store = createLoggingStore({ session: () => sessionAnswering(outcome, sent) });
    store.getState().forConnection(1);
    await store.getState().setLevel('error');
    expect(sent).toEqual([{ method: 'logging/setLevel', params: { level: 'error' } }]);
    expect(store.getState().request).toEqual({ state: 'set', level: 'error', answer: '{}' });
    outcome = { status: 'error', request, response, error: { code: -32602, message: 'Invalid level' }, rttMs: 1 };
    await store.getState().setLevel('debug');
    expect(store.getState().request).toEqual({ state: 'failed', level: 'debug', message: 'The server answered with error -32602: Invalid level' });
    store.getState().forConnection(2);
    expect(store.getState().request).toBeUndefined();
  });

  it('on a modern connection puts the level in the _meta of later requests instead of sending logging/setLevel', async () => {
    const sent: unknown[] = [];
    const levels: unknown[] = [];
    const modern = Object.assign(sessionAnswering({ status: 'result', request, response, result: {}, rttMs: 1 }, sent), {
      era: 'modern',
      setLogLevel: (level: unknown) => levels.push(level),
    });
    const store = createLoggingStore({ session: () => modern });
    store.getState().forConnection(1);
    await store.getState().setLevel('warning');
    expect(sent).toEqual([]);
    expect(levels).toEqual(['warning']);
    expect(store.getState().request).toEqual({ state: 'in-meta', level: 'warning' });
    await store.getState().setLevel(undefined);
    expect(levels).toEqual(['warning', undefined]);
    expect(store.getState().request).toEqual({ state: 'in-meta', level: undefined });
  });

  it('says so when not connected', async () => {
    const store = createLoggingStore({ session: () => undefined, schedule: now });
    await store.getState().setLevel('info');
    expect(store.getState().request).toMatchObject({ state: 'failed', message: expect.stringMatching(/^Not connected/) });
  });

  it('drops the answer of a connection that is gone', async () => {
    let resolve: (o: RequestOutcome) => void = () => {};
    const session = { request: () => new Promise<RequestOutcome>((r) => (resolve = r)) } as unknown as ClientSession;
    const store = createLoggingStore({ session: () => session });
    store.getState().forConnection(1);
    const pending = store.getState().setLevel('info');
    store.getState().forConnection(2);
    resolve({ status: 'result', request, response, result: {}, rttMs: 1 });
    await pending;
    expect(store.getState().request).toBeUndefined();
  });
});

describe('data as text', () => {
  const message = (data: unknown, hasData = true) => ({ n: 1, connection: 1, receivedAt: 0, level: 'info', hasData, data, problems: [] });
  it('a string as it is, JSON on one line, and a note when there is none', () => {
    expect(dataPreview(message('Error-level message'))).toBe('Error-level message');
    expect(dataPreview(message({ a: [1, 2] }))).toBe('{"a":[1,2]}');
    expect(dataPreview(message(undefined, false))).toBe('(no data)');
    expect(dataPreview(message('x'.repeat(1000)))).toHaveLength(301);
  });
  it('pretty in the detail, cut with the count of what was left out', () => {
    expect(dataDetail(message({ a: 1 })).text).toBe('{\n  "a": 1\n}');
    const big = dataDetail(message('y'.repeat(50)), 20);
    expect(big).toEqual({ text: 'y'.repeat(20), cut: 30 });
  });
  it('data nested beyond the stack is said, not thrown', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(dataPreview(message(deep))).toBe('(nested too deeply to show)');
  });
});
