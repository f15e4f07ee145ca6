// Resources tab state: the resource being shown (and its last read), update
// marks, and subscriptions — all for one connection; a new connection starts
// afresh, since subscriptions live in the server's session.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RequestOutcome } from '../../../protocol/index.js';
import { markUpdated, type UpdateMarks } from './updated-marks.js';

export type SubscriptionStatus = 'subscribing' | 'subscribed' | 'unsubscribing';

export interface ReadRecord {
  uri: string;
  /** Wall-clock ms when resources/read was sent and answered. */
  startedAt: number;
  finishedAt: number;
  outcome: RequestOutcome;
}

export interface ResourceView {
  uri: string;
  /** Sequence number of the latest read started; older answers are ignored. */
  seq: number;
  loading: boolean;
  /** The latest finished read of this URI. */
  last?: ReadRecord;
  /** An update arrived while reading: read once more when this read ends. */
  rereadQueued: boolean;
}

export interface SubscriptionProblem {
  action: 'subscribe' | 'unsubscribe';
  outcome: RequestOutcome;
}

export interface ResourcesState {
  connection: number;
  view?: ResourceView;
  updates: UpdateMarks;
  subscriptions: Readonly<Record<string, SubscriptionStatus>>;
  subscriptionProblems: Readonly<Record<string, SubscriptionProblem>>;
  filter: string;
  /** The "Read by URI" field. */
  uriInput: string;

  forConnection(connection: number): void;
  setFilter(filter: string): void;
  setUriInput(uri: string): void;
  startRead(uri: string): number;
  /** Store a finished read; returns true when a re-read was queued meanwhile. */
  finishRead(seq: number, record: ReadRecord): boolean;
  queueReread(): void;
  noteUpdate(uri: string, at: number): void;
  setSubscription(uri: string, status: SubscriptionStatus | undefined): void;
  setSubscriptionProblem(uri: string, problem: SubscriptionProblem | undefined): void;
  sessionClosed(): void;
}

export type ResourcesStore = StoreApi<ResourcesState>;

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

export function createResourcesStore(): ResourcesStore {
  let seq = 0;
  return createStore<ResourcesState>()((set, get) => ({
    connection: 0,
    updates: {},
    subscriptions: {},
    subscriptionProblems: {},
    filter: '',
    uriInput: '',

    forConnection: (connection) => {
      if (connection === get().connection) return;
      set({ connection, view: undefined, updates: {}, subscriptions: {}, subscriptionProblems: {} });
    },
    setFilter: (filter) => set({ filter }),
    setUriInput: (uriInput) => set({ uriInput }),
    startRead: (uri) => {
      const view = get().view;
      const next: ResourceView = { uri, seq: ++seq, loading: true, rereadQueued: false };
      if (view?.uri === uri && view.last) next.last = view.last;
      set({ view: next });
      return next.seq;
    },
    finishRead: (readSeq, record) => {
      const view = get().view;
      if (!view || view.seq !== readSeq) return false;
      set({ view: { uri: view.uri, seq: view.seq, loading: false, last: record, rereadQueued: false } });
      return view.rereadQueued;
    },
    queueReread: () => {
      const view = get().view;
      if (view?.loading) set({ view: { ...view, rereadQueued: true } });
    },
    noteUpdate: (uri, at) => {
      const { updates, subscriptions } = get();
      set({ updates: markUpdated(updates, uri, at, subscriptions[uri] !== undefined) });
    },
    setSubscription: (uri, status) => {
      const { subscriptions } = get();
      set({ subscriptions: status === undefined ? without(subscriptions, uri) : { ...subscriptions, [uri]: status } });
    },
    setSubscriptionProblem: (uri, problem) => {
      const { subscriptionProblems: p } = get();
      set({ subscriptionProblems: problem === undefined ? without(p, uri) : { ...p, [uri]: problem } });
    },
    sessionClosed: () => set({ subscriptions: {} }),
  }));
}
