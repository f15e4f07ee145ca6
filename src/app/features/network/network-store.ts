// The Network view's data: every HTTP exchange of the current connection,
// updated in place as the proxy reports it again (same id), and the transport
// Auto chose. Updates reach React at most once per frame.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HttpExchange, ResolvedHttpMode } from '../../../protocol/index.js';
import type { HttpEvent } from '../../connection/http-connection.js';

/** Older exchanges are dropped from the view past this (the log keeps all of them). */
export const MAX_EXCHANGES = 5000;

export interface NetworkState {
  /** The connection the exchanges belong to (0: none yet). */
  connection: number;
  exchanges: readonly HttpExchange[];
  /** Exchanges dropped from the view because of MAX_EXCHANGES. */
  dropped: number;
  mode?: { mode: ResolvedHttpMode; reason: string };
  selected?: number;
  select(id: number | undefined): void;
  /** Take one event of a connection (a new connection number starts afresh). */
  receive(event: HttpEvent, connection: number): void;
  flush(): void;
}

export type Scheduler = (run: () => void) => void;

const nextFrame: Scheduler = (run) => {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, 50);
};

export type NetworkStore = StoreApi<NetworkState>;

export function createNetworkStore(schedule: Scheduler = nextFrame, max = MAX_EXCHANGES): NetworkStore {
  let pending: Array<{ event: HttpEvent; connection: number }> = [];
  let scheduled = false;

  return createStore<NetworkState>()((set, get) => ({
    connection: 0,
    exchanges: [],
    dropped: 0,
    select: (id) => set({ selected: id }),
    receive(event, connection) {
      pending.push({ event, connection });
      if (!scheduled) {
        scheduled = true;
        schedule(() => get().flush());
      }
    },
    flush() {
      scheduled = false;
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      let { connection, dropped, mode, selected } = get();
      let exchanges = get().exchanges.slice();
      for (const { event, connection: from } of batch) {
        if (from < connection) continue; // a late report of an earlier connection
        if (from > connection) {
          connection = from;
          exchanges = [];
          dropped = 0;
          mode = undefined;
          selected = undefined;
        }
        if (event.type === 'mode') {
          mode = { mode: event.mode, reason: event.reason };
          continue;
        }
        const x = event.exchange;
        const at = exchanges.findIndex((e) => e.id === x.id);
        if (at >= 0) exchanges[at] = x;
        else {
          // Quick exchanges are first reported when they end: keep the list in the order they started.
          let i = exchanges.length;
          while (i > 0 && exchanges[i - 1]!.id > x.id) i--;
          exchanges.splice(i, 0, x);
        }
      }
      if (exchanges.length > max) {
        dropped += exchanges.length - max;
        exchanges = exchanges.slice(-max);
      }
      set({ connection, exchanges, dropped, mode, selected });
    },
  }));
}
