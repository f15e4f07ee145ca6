// What the page knows of a modern server beyond the connection's first
// server/discover: the answer to the person's Refresh (a new server/discover),
// and the serverInfo that results' _meta reported since. Per connection.

import { createStore } from 'zustand/vanilla';
import type { ClientSession, DiscoverInfo, Implementation } from '../../../protocol/index.js';

export type DiscoverRefresh =
  { state: 'sending' } | { state: 'answered'; info: DiscoverInfo; at: number } | { state: 'failed'; message: string; supported?: string[] };

export interface DiscoverState {
  connection: number;
  refresh: DiscoverRefresh | undefined;
  /** The newest serverInfo from a result's `_meta` (io.modelcontextprotocol/serverInfo). */
  resultServerInfo: Implementation | undefined;
  forConnection(connection: number): void;
  noteServerInfo(serverInfo: Implementation): void;
  /** Send server/discover again; the answer replaces what the status shows. */
  refreshNow(): Promise<void>;
}

export interface DiscoverDeps {
  session: () => ClientSession | undefined;
  now?: () => number;
}

export function createDiscoverStore(deps: DiscoverDeps) {
  const now = deps.now ?? Date.now;
  return createStore<DiscoverState>()((set, get) => ({
    connection: 0,
    refresh: undefined,
    resultServerInfo: undefined,
    forConnection: (connection) => {
      if (connection !== get().connection) set({ connection, refresh: undefined, resultServerInfo: undefined });
    },
    noteServerInfo: (resultServerInfo) => set({ resultServerInfo }),
    refreshNow: async () => {
      const session = deps.session();
      if (!session) {
        set({ refresh: { state: 'failed', message: 'Not connected: connect to a server first.' } });
        return;
      }
      if (get().refresh?.state === 'sending') return;
      const connection = get().connection;
      set({ refresh: { state: 'sending' } });
      const answer = await session.discover();
      // A reconnect meanwhile: the answer is about a connection that is gone.
      if (get().connection !== connection) return;
      if (answer.ok) set({ refresh: { state: 'answered', info: answer.info, at: now() } });
      else set({ refresh: { state: 'failed', message: answer.message, ...(answer.supported ? { supported: answer.supported } : {}) } });
    },
  }));
}

export type DiscoverStore = ReturnType<typeof createDiscoverStore>;
