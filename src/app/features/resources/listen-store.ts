// "Listen for changes" on a 2026-07-28 connection: one subscriptions/listen
// stream with the person's opt-in filter, and what it delivered (each entry
// with its subscription id). List refreshes and re-reads are not done here:
// the stream's notifications reach the session like any other, and wire-app
// already acts on list_changed and resources/updated.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { Subscription, type JsonRpcId, type ListenFilter, type ListenSession, type SubscriptionEvent } from '../../../protocol/index.js';

export interface ListenEntry {
  at: number;
  method: string;
  subscriptionId: JsonRpcId;
  /** The notification's params without `_meta`, as one line. */
  detail: string;
}

export type ListenStatus = 'idle' | 'open' | 'stopping';

/** Opt-ins as the form holds them: URIs one per line. */
export interface ListenChoice {
  toolsListChanged: boolean;
  promptsListChanged: boolean;
  resourcesListChanged: boolean;
  uris: string;
}

export interface ListenState {
  connection: number;
  choice: ListenChoice;
  status: ListenStatus;
  subscriptionId?: JsonRpcId;
  /** The acknowledgement, once it came: what the server declined of the request. */
  declined?: string[];
  acknowledged: boolean;
  entries: ListenEntry[];
  /** Why the last subscription ended. */
  ended?: string;
  setChoice(choice: Partial<ListenChoice>): void;
  start(): void;
  stop(): Promise<void>;
  forConnection(connection: number): void;
}

export interface ListenDeps {
  session: () => ListenSession | undefined;
  /** URIs whose updates re-read them while the stream is open (the acknowledged resourceSubscriptions). */
  listened(uris: readonly string[]): void;
  now?: () => number;
}

const MAX_ENTRIES = 200;

/** The form's choice as the listen request's filter. */
export function listenFilter(choice: ListenChoice): ListenFilter {
  const filter: ListenFilter = {};
  if (choice.toolsListChanged) filter.toolsListChanged = true;
  if (choice.promptsListChanged) filter.promptsListChanged = true;
  if (choice.resourcesListChanged) filter.resourcesListChanged = true;
  const uris = choice.uris
    .split('\n')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (uris.length > 0) filter.resourceSubscriptions = uris;
  return filter;
}

function detailOf(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const rest: Record<string, unknown> = { ...(params as Record<string, unknown>) };
  delete rest._meta;
  return Object.keys(rest).length === 0 ? '' : JSON.stringify(rest);
}

export type ListenStore = StoreApi<ListenState>;

export function createListenStore(deps: ListenDeps): ListenStore {
  const now = deps.now ?? Date.now;
  let current: Subscription | undefined;
  return createStore<ListenState>()((set, get) => {
    const onEvent = (sub: Subscription, e: SubscriptionEvent): void => {
      if (sub !== current) return; // a stream of an earlier connection
      if (e.type === 'acknowledged') {
        set({ acknowledged: true, declined: e.declined });
        deps.listened(e.accepted.resourceSubscriptions ?? []);
      } else if (e.type === 'notification') {
        const entry: ListenEntry = { at: now(), method: e.method, subscriptionId: e.subscriptionId, detail: detailOf(e.params) };
        set({ entries: [entry, ...get().entries].slice(0, MAX_ENTRIES) });
      } else {
        current = undefined;
        deps.listened([]);
        set({ status: 'idle', ended: e.message });
      }
    };
    return {
      connection: 0,
      choice: { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true, uris: '' },
      status: 'idle',
      acknowledged: false,
      entries: [],
      setChoice: (choice) => set({ choice: { ...get().choice, ...choice } }),
      start: () => {
        const session = deps.session();
        if (session === undefined || current !== undefined) return;
        set({ status: 'open', acknowledged: false, declined: undefined, ended: undefined, entries: [] });
        const sub: Subscription = new Subscription(session, listenFilter(get().choice), (e) => onEvent(sub, e));
        current = sub;
        if (sub.isOpen && sub.id !== undefined) set({ subscriptionId: sub.id });
      },
      stop: async () => {
        if (current === undefined) return;
        set({ status: 'stopping' });
        await current.cancel();
      },
      forConnection: (connection) => {
        if (connection === get().connection) return;
        void current?.cancel();
        current = undefined;
        set({ connection, status: 'idle', acknowledged: false, declined: undefined, ended: undefined, entries: [], subscriptionId: undefined });
      },
    };
  });
}
