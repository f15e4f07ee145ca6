// What React shows about the current connection: a copy of the
// ProxyConnection's snapshot, replaced whenever it changes, and its session
// (read by selectors: the snapshot changes whenever the session's state does).

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ClientSession } from '../../protocol/index.js';
import type { ConnectionSnapshot } from '../connection/proxy-connection.js';

export interface ConnectionState {
  /** Null until the first Connect. */
  snapshot: ConnectionSnapshot | null;
  /** The current connection's session; undefined until the first Connect. */
  session?: ClientSession;
}

export type ConnectionStore = StoreApi<ConnectionState>;

export function createConnectionStore(): ConnectionStore {
  return createStore<ConnectionState>()(() => ({ snapshot: null }));
}

/** True while a connection is starting or up (Connect is then replaced by Disconnect). */
export function isActive(snapshot: ConnectionSnapshot | null): boolean {
  return snapshot !== null && snapshot.status !== 'closed';
}
