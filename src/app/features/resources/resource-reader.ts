// The Resources tab's requests: resources/read, resources/subscribe and
// resources/unsubscribe, and what notifications/resources/updated does.

import type { ClientSession, RequestOutcome, SessionEvent } from '../../../protocol/index.js';
import type { ResourcesStore } from './resources-store.js';
import { updatedUri } from './updated-marks.js';

export interface ReaderDeps {
  store: ResourcesStore;
  /** The current session, if any. */
  session: () => Pick<ClientSession, 'request'> | undefined;
  now?: () => number;
}

const NOT_CONNECTED: RequestOutcome = { status: 'refused', message: 'Not connected: connect to a server first.' };

export async function readResource(deps: ReaderDeps, uri: string): Promise<void> {
  const now = deps.now ?? Date.now;
  const { store } = deps;
  const seq = store.getState().startRead(uri);
  const startedAt = now();
  const session = deps.session();
  const outcome = session ? await session.request('resources/read', { uri }) : NOT_CONNECTED;
  const queued = store.getState().finishRead(seq, { uri, startedAt, finishedAt: now(), outcome });
  if (queued) await readResource(deps, uri);
}

/** Subscribe to (or unsubscribe from) updates of `uri`. */
export async function setSubscribed(deps: ReaderDeps, uri: string, subscribe: boolean): Promise<void> {
  const { store } = deps;
  const before = store.getState().subscriptions[uri];
  store.getState().setSubscriptionProblem(uri, undefined);
  store.getState().setSubscription(uri, subscribe ? 'subscribing' : 'unsubscribing');
  const session = deps.session();
  const method = subscribe ? 'resources/subscribe' : 'resources/unsubscribe';
  const outcome = session ? await session.request(method, { uri }) : NOT_CONNECTED;
  if (outcome.status === 'result') {
    store.getState().setSubscription(uri, subscribe ? 'subscribed' : undefined);
    return;
  }
  // The server refused or did not answer: the subscription is as it was.
  store.getState().setSubscription(uri, before === 'subscribed' ? 'subscribed' : undefined);
  store.getState().setSubscriptionProblem(uri, { action: subscribe ? 'subscribe' : 'unsubscribe', outcome });
}

/** Follow the session: updates mark resources (and re-read the one shown when subscribed); closing ends subscriptions. */
export function handleSessionEvent(deps: ReaderDeps, e: SessionEvent, connection: number): void {
  const { store } = deps;
  store.getState().forConnection(connection);
  if (e.type === 'closed') {
    store.getState().sessionClosed();
    return;
  }
  if (e.type !== 'notification' || e.method !== 'notifications/resources/updated') return;
  const uri = updatedUri(e.params);
  if (uri === undefined) return;
  store.getState().noteUpdate(uri, (deps.now ?? Date.now)());
  const { view, subscriptions } = store.getState();
  if (view?.uri !== uri || subscriptions[uri] !== 'subscribed') return;
  if (view.loading) store.getState().queueReread();
  else void readResource(deps, uri);
}
