import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResourceReads, latestRead, RequestFailed } from '../../server-data/reads.js';
import { createResourcesStore } from './resources-store.js';
import { errorOutcome, resultOutcome, scriptedSession } from './test-outcomes.js';

const text = (uri: string, t: string) => resultOutcome('resources/read', { contents: [{ uri, mimeType: 'text/plain', text: t }] });
const tick = () => new Promise((r) => setTimeout(r, 0));

function setup(connected = true) {
  const queryClient = new QueryClient();
  const session = scriptedSession();
  let clock = 1000;
  const now = () => clock++;
  const reads = createResourceReads(queryClient, { session: () => (connected ? session : undefined), now });
  const store = createResourcesStore({ session: () => (connected ? session : undefined), reads, now });
  store.getState().forConnection(1);
  /** The viewer: an observer of the shown URI's query, as the Resources tab has. */
  const view = (uri: string) => {
    const observer = new QueryObserver(queryClient, reads.query(1, uri));
    observer.subscribe(() => {});
    return () => latestRead(observer.getCurrentResult());
  };
  const queryOf = (uri: string) => queryClient.getQueryState(reads.query(1, uri).queryKey);
  return { store, session, view, queryOf };
}

describe('reading resources', () => {
  it('sends resources/read and keeps the outcome in the URI’s query', async () => {
    const { store, session, queryOf } = setup();
    const done = store.getState().read('demo://readme');
    expect(store.getState().shown).toBe('demo://readme');
    expect(queryOf('demo://readme')?.fetchStatus).toBe('fetching');
    expect(session.sent[0]).toMatchObject({ method: 'resources/read', params: { uri: 'demo://readme' } });
    session.sent[0]!.answer(text('demo://readme', 'hi'));
    await done;
    expect(queryOf('demo://readme')).toMatchObject({ status: 'success', fetchStatus: 'idle', data: { outcome: { status: 'result' } } });
  });

  it('shows the URI read last; an older answer lands in its own URI’s query', async () => {
    const { store, session, queryOf } = setup();
    const first = store.getState().read('demo://a');
    const second = store.getState().read('demo://b');
    session.sent[1]!.answer(text('demo://b', 'b'));
    session.sent[0]!.answer(text('demo://a', 'a'));
    await Promise.all([first, second]);
    expect(store.getState().shown).toBe('demo://b');
    expect(queryOf('demo://b')?.data?.outcome).toMatchObject({ result: { contents: [{ text: 'b' }] } });
    expect(queryOf('demo://a')?.data?.outcome).toMatchObject({ result: { contents: [{ text: 'a' }] } });
  });

  it('says "not connected" without a session, as the query’s error', async () => {
    const { store, queryOf } = setup(false);
    await store.getState().read('demo://a');
    const error = queryOf('demo://a')?.error;
    expect(error).toBeInstanceOf(RequestFailed);
    expect((error as RequestFailed).read.outcome).toEqual({ status: 'refused', message: 'Not connected: connect to a server first.' });
  });
});

describe('subscriptions and updates', () => {
  it('subscribes, re-reads the shown resource on each update, and unsubscribes', async () => {
    const { store, session, view } = setup();
    const shown = view('demo://counter');
    await tick();
    session.sent[0]!.answer(text('demo://counter', 'count: 0'));
    await tick();

    const sub = store.getState().setSubscribed('demo://counter', true);
    expect(store.getState().subscriptions['demo://counter']).toBe('subscribing');
    expect(session.sent[1]).toMatchObject({ method: 'resources/subscribe', params: { uri: 'demo://counter' } });
    session.sent[1]!.answer(resultOutcome('resources/subscribe', {}));
    await sub;
    expect(store.getState().subscriptions['demo://counter']).toBe('subscribed');

    store.getState().resourceUpdated('demo://counter');
    expect(store.getState().updates['demo://counter']).toMatchObject({ count: 1, unsolicited: false });
    await tick();
    expect(session.sent[2]).toMatchObject({ method: 'resources/read', params: { uri: 'demo://counter' } });
    session.sent[2]!.answer(text('demo://counter', 'count: 1'));
    await tick();
    expect(shown()?.outcome).toMatchObject({ result: { contents: [{ text: 'count: 1' }] } });

    const unsub = store.getState().setSubscribed('demo://counter', false);
    expect(session.sent[3]?.method).toBe('resources/unsubscribe');
    session.sent[3]!.answer(resultOutcome('resources/unsubscribe', {}));
    await unsub;
    expect(store.getState().subscriptions['demo://counter']).toBeUndefined();

    // Not subscribed any more: an update marks the resource but reads nothing.
    store.getState().resourceUpdated('demo://counter');
    await tick();
    expect(session.sent).toHaveLength(4);
    expect(store.getState().updates['demo://counter']).toMatchObject({ count: 2, unsolicited: true });
  });

  it('coalesces updates that arrive during a read into one more read', async () => {
    const { store, session, view, queryOf } = setup();
    const sub = store.getState().setSubscribed('demo://counter', true);
    session.sent[0]!.answer(resultOutcome('resources/subscribe', {}));
    await sub;
    view('demo://counter');
    const read = store.getState().read('demo://counter');
    await tick();
    store.getState().resourceUpdated('demo://counter');
    store.getState().resourceUpdated('demo://counter');
    const reads = () => session.sent.filter((s) => s.method === 'resources/read');
    expect(reads()).toHaveLength(1);
    reads()[0]!.answer(text('demo://counter', 'count: 1'));
    await tick();
    expect(reads()).toHaveLength(2);
    reads()[1]!.answer(text('demo://counter', 'count: 3'));
    await read;
    await tick();
    expect(reads()).toHaveLength(2);
    expect(queryOf('demo://counter')).toMatchObject({ fetchStatus: 'idle', data: { outcome: { result: { contents: [{ text: 'count: 3' }] } } } });
  });

  it('keeps the previous state and the problem when the server refuses', async () => {
    const { store, session } = setup();
    const sub = store.getState().setSubscribed('demo://readme', true);
    session.sent[0]!.answer(errorOutcome('resources/subscribe', -32601, 'Method not found'));
    await sub;
    expect(store.getState().subscriptions['demo://readme']).toBeUndefined();
    expect(store.getState().subscriptionProblems['demo://readme']).toMatchObject({ action: 'subscribe', outcome: { status: 'error' } });
  });

  it('forgets subscriptions when the session closes, and everything on a new connection', async () => {
    const { store, session } = setup();
    const sub = store.getState().setSubscribed('demo://counter', true);
    session.sent[0]!.answer(resultOutcome('resources/subscribe', {}));
    await sub;
    store.getState().resourceUpdated('demo://counter');
    store.getState().sessionClosed();
    expect(store.getState().subscriptions).toEqual({});
    expect(store.getState().updates['demo://counter']).toBeDefined();
    store.getState().forConnection(2);
    expect(store.getState().updates).toEqual({});
    expect(store.getState().connection).toBe(2);
  });
});

describe('reads with caching hints (2026-07-28 ttlMs)', () => {
  afterEach(() => vi.useRealTimers());
  const cached = (uri: string, t: string, ttlMs: number) =>
    resultOutcome('resources/read', { contents: [{ uri, mimeType: 'text/plain', text: t }], resultType: 'complete', ttlMs, cacheScope: 'private' });

  it('reading a URI again while its ttlMs says fresh sends nothing; anyway, or once stale, it reads', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { store, session, view } = setup();
    const reads = () => session.sent.filter((s) => s.method === 'resources/read');
    const shown = view('demo://clock');
    const first = store.getState().read('demo://clock');
    reads()[0]!.answer(cached('demo://clock', 'one', 60_000));
    await first;
    await store.getState().read('demo://clock');
    expect(reads()).toHaveLength(1);

    const anyway = store.getState().read('demo://clock', { anyway: true });
    expect(reads()).toHaveLength(2);
    reads()[1]!.answer(cached('demo://clock', 'two', 60_000));
    await anyway;
    expect(shown()?.outcome).toMatchObject({ result: { contents: [{ text: 'two' }] } });

    vi.advanceTimersByTime(60_001);
    const later = store.getState().read('demo://clock');
    expect(reads()).toHaveLength(3);
    reads()[2]!.answer(cached('demo://clock', 'three', 60_000));
    await later;
  });

  it('a read without hints (2025) is sent every time, as before', async () => {
    const { store, session } = setup();
    const reads = () => session.sent.filter((s) => s.method === 'resources/read');
    const first = store.getState().read('demo://readme');
    reads()[0]!.answer(text('demo://readme', 'hi'));
    await first;
    const second = store.getState().read('demo://readme');
    expect(reads()).toHaveLength(2);
    reads()[1]!.answer(text('demo://readme', 'hi'));
    await second;
  });

  it('after a failed read, reading again sends even though an earlier read is fresh', async () => {
    const { store, session } = setup();
    const reads = () => session.sent.filter((s) => s.method === 'resources/read');
    const first = store.getState().read('demo://clock');
    reads()[0]!.answer(cached('demo://clock', 'one', 60_000));
    await first;
    const failing = store.getState().read('demo://clock', { anyway: true });
    reads()[1]!.answer(errorOutcome('resources/read', -32603, 'boom'));
    await failing;
    const again = store.getState().read('demo://clock');
    expect(reads()).toHaveLength(3);
    reads()[2]!.answer(cached('demo://clock', 'two', 60_000));
    await again;
  });
});
