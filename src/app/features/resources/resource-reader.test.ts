import { describe, expect, it } from 'vitest';
import { handleSessionEvent, readResource, setSubscribed } from './resource-reader.js';
import { createResourcesStore } from './resources-store.js';
import { errorOutcome, resultOutcome, scriptedSession } from './test-outcomes.js';

const text = (uri: string, t: string) => resultOutcome('resources/read', { contents: [{ uri, mimeType: 'text/plain', text: t }] });
const updated = (uri: string) => ({ type: 'notification' as const, method: 'notifications/resources/updated', params: { uri }, raw: '' });
const tick = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const store = createResourcesStore();
  store.getState().forConnection(1);
  const session = scriptedSession();
  let clock = 1000;
  const deps = { store, session: () => session, now: () => clock++ };
  return { store, session, deps };
}

describe('readResource', () => {
  it('sends resources/read and keeps the outcome for the URI shown', async () => {
    const { store, session, deps } = setup();
    const done = readResource(deps, 'demo://readme');
    expect(store.getState().view).toMatchObject({ uri: 'demo://readme', loading: true });
    expect(session.sent[0]).toMatchObject({ method: 'resources/read', params: { uri: 'demo://readme' } });
    session.sent[0]!.answer(text('demo://readme', 'hi'));
    await done;
    expect(store.getState().view).toMatchObject({ uri: 'demo://readme', loading: false, last: { outcome: { status: 'result' } } });
  });

  it('ignores the answer to an older read once another URI is being read', async () => {
    const { store, session, deps } = setup();
    const first = readResource(deps, 'demo://a');
    const second = readResource(deps, 'demo://b');
    session.sent[1]!.answer(text('demo://b', 'b'));
    session.sent[0]!.answer(text('demo://a', 'a'));
    await Promise.all([first, second]);
    expect(store.getState().view?.uri).toBe('demo://b');
    expect(store.getState().view?.last?.uri).toBe('demo://b');
  });

  it('says "not connected" without a session', async () => {
    const store = createResourcesStore();
    await readResource({ store, session: () => undefined }, 'demo://a');
    expect(store.getState().view?.last?.outcome).toEqual({ status: 'refused', message: 'Not connected: connect to a server first.' });
  });
});

describe('subscriptions and updates', () => {
  it('subscribes, re-reads the shown resource on each update, and unsubscribes', async () => {
    const { store, session, deps } = setup();
    const read = readResource(deps, 'demo://counter');
    session.sent[0]!.answer(text('demo://counter', 'count: 0'));
    await read;

    const sub = setSubscribed(deps, 'demo://counter', true);
    expect(store.getState().subscriptions['demo://counter']).toBe('subscribing');
    expect(session.sent[1]).toMatchObject({ method: 'resources/subscribe', params: { uri: 'demo://counter' } });
    session.sent[1]!.answer(resultOutcome('resources/subscribe', {}));
    await sub;
    expect(store.getState().subscriptions['demo://counter']).toBe('subscribed');

    handleSessionEvent(deps, updated('demo://counter'), 1);
    expect(store.getState().updates['demo://counter']).toMatchObject({ count: 1, unsolicited: false });
    expect(session.sent[2]).toMatchObject({ method: 'resources/read', params: { uri: 'demo://counter' } });
    session.sent[2]!.answer(text('demo://counter', 'count: 1'));
    await tick();
    expect(store.getState().view?.last?.outcome).toMatchObject({ result: { contents: [{ text: 'count: 1' }] } });

    const unsub = setSubscribed(deps, 'demo://counter', false);
    expect(session.sent[3]?.method).toBe('resources/unsubscribe');
    session.sent[3]!.answer(resultOutcome('resources/unsubscribe', {}));
    await unsub;
    expect(store.getState().subscriptions['demo://counter']).toBeUndefined();

    // Not subscribed any more: an update marks the resource but reads nothing.
    handleSessionEvent(deps, updated('demo://counter'), 1);
    expect(session.sent).toHaveLength(4);
    expect(store.getState().updates['demo://counter']).toMatchObject({ count: 2, unsolicited: true });
  });

  it('coalesces updates that arrive during a read into one more read', async () => {
    const { store, session, deps } = setup();
    store.getState().setSubscription('demo://counter', 'subscribed');
    const read = readResource(deps, 'demo://counter');
    handleSessionEvent(deps, updated('demo://counter'), 1);
    handleSessionEvent(deps, updated('demo://counter'), 1);
    expect(session.sent).toHaveLength(1);
    session.sent[0]!.answer(text('demo://counter', 'count: 1'));
    await tick();
    expect(session.sent).toHaveLength(2);
    session.sent[1]!.answer(text('demo://counter', 'count: 3'));
    await read;
    expect(session.sent).toHaveLength(2);
    expect(store.getState().view?.loading).toBe(false);
  });

  it('keeps the previous state and the problem when the server refuses', async () => {
    const { store, session, deps } = setup();
    const sub = setSubscribed(deps, 'demo://readme', true);
    session.sent[0]!.answer(errorOutcome('resources/subscribe', -32601, 'Method not found'));
    await sub;
    expect(store.getState().subscriptions['demo://readme']).toBeUndefined();
    expect(store.getState().subscriptionProblems['demo://readme']).toMatchObject({ action: 'subscribe', outcome: { status: 'error' } });
  });

  it('forgets subscriptions when the session closes, and everything on a new connection', async () => {
    const { store, deps } = setup();
    store.getState().setSubscription('demo://counter', 'subscribed');
    store.getState().noteUpdate('demo://counter', 5);
    handleSessionEvent(deps, { type: 'closed', message: 'bye' }, 1);
    expect(store.getState().subscriptions).toEqual({});
    expect(store.getState().updates['demo://counter']).toBeDefined();
    handleSessionEvent(deps, { type: 'state', state: 'ready' }, 2);
    expect(store.getState().updates).toEqual({});
    expect(store.getState().connection).toBe(2);
  });
});
