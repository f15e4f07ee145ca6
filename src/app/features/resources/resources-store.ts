// Resources tab state: which resource is shown, update marks, and
// subscriptions — all for one connection; a new connection starts afresh,
// since subscriptions live in the server's session. What was read lives in
// the query cache (server-data/reads.ts), not here.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { ownValue, type ClientSession, type RequestOutcome } from '../../../protocol/index.js';
import type { ResourceReads } from '../../server-data/reads.js';
import { markUpdated, type UpdateMarks } from './updated-marks.js';

export type SubscriptionStatus = 'subscribing' | 'subscribed' | 'unsubscribing';

export interface SubscriptionProblem {
  action: 'subscribe' | 'unsubscribe';
  outcome: RequestOutcome;
}

export interface ResourcesState {
  connection: number;
  /** The URI whose latest read is shown. */
  shown?: string;
  updates: UpdateMarks;
  subscriptions: Readonly<Record<string, SubscriptionStatus>>;
  subscriptionProblems: Readonly<Record<string, SubscriptionProblem>>;
  /** 2026-07-28: URIs the open subscriptions/listen stream covers (their updates re-read them). */
  listened: readonly string[];
  filter: string;
  /** The "Read by URI" field. */
  uriInput: string;

  forConnection(connection: number): void;
  setFilter(filter: string): void;
  setUriInput(uri: string): void;
  /** Show `uri` and read it (again): `anyway` even while the server's ttlMs says the last read is fresh. */
  read(uri: string, options?: { anyway?: boolean }): Promise<void>;
  /** Subscribe to (or unsubscribe from) updates of `uri`. */
  setSubscribed(uri: string, subscribe: boolean): Promise<void>;
  /** notifications/resources/updated: mark the URI, and re-read it where shown if subscribed. */
  resourceUpdated(uri: string): void;
  /** The URIs the listen stream now covers (none once it ended). */
  setListened(uris: readonly string[]): void;
  sessionClosed(): void;
}

export type ResourcesStore = StoreApi<ResourcesState>;

export interface ResourcesDeps {
  session: () => Pick<ClientSession, 'request'> | undefined;
  reads: Pick<ResourceReads, 'read' | 'updated'>;
  now?: () => number;
}

const NOT_CONNECTED: RequestOutcome = { status: 'refused', message: 'Not connected: connect to a server first.' };

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

export function createResourcesStore(deps: ResourcesDeps): ResourcesStore {
  const now = deps.now ?? Date.now;
  return createStore<ResourcesState>()((set, get) => {
    const setSubscription = (uri: string, status: SubscriptionStatus | undefined) => {
      const { subscriptions } = get();
      set({ subscriptions: status === undefined ? without(subscriptions, uri) : { ...subscriptions, [uri]: status } });
    };
    const setProblem = (uri: string, problem: SubscriptionProblem | undefined) => {
      const { subscriptionProblems: p } = get();
      set({ subscriptionProblems: problem === undefined ? without(p, uri) : { ...p, [uri]: problem } });
    };
    return {
      connection: 0,
      updates: {},
      subscriptions: {},
      subscriptionProblems: {},
      listened: [],
      filter: '',
      uriInput: '',

      forConnection: (connection) => {
        if (connection === get().connection) return;
        set({ connection, shown: undefined, updates: {}, subscriptions: {}, subscriptionProblems: {}, listened: [] });
      },
      setFilter: (filter) => set({ filter }),
      setUriInput: (uriInput) => set({ uriInput }),
      read: (uri, options) => {
        set({ shown: uri });
        return deps.reads.read(get().connection, uri, options?.anyway);
      },
      setSubscribed: async (uri, subscribe) => {
        const before = ownValue(get().subscriptions, uri);
        setProblem(uri, undefined);
        setSubscription(uri, subscribe ? 'subscribing' : 'unsubscribing');
        const session = deps.session();
        const method = subscribe ? 'resources/subscribe' : 'resources/unsubscribe';
        const outcome = session ? await session.request(method, { uri }) : NOT_CONNECTED;
        if (outcome.status === 'result') return setSubscription(uri, subscribe ? 'subscribed' : undefined);
        // The server refused or did not answer: the subscription is as it was.
        setSubscription(uri, before === 'subscribed' ? 'subscribed' : undefined);
        setProblem(uri, { action: subscribe ? 'subscribe' : 'unsubscribe', outcome });
      },
      resourceUpdated: (uri) => {
        const { updates, subscriptions, connection, listened } = get();
        const subscription = ownValue(subscriptions, uri);
        const subscribed = subscription === 'subscribed' || listened.includes(uri);
        set({ updates: markUpdated(updates, uri, now(), subscribed || subscription !== undefined) });
        if (subscribed) deps.reads.updated(connection, uri);
      },
      setListened: (listened) => set({ listened }),
      sessionClosed: () => set({ subscriptions: {}, listened: [] }),
    };
  });
}
