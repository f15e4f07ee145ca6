// What React shows about the current connection: a copy of the
// ProxyConnection's snapshot, replaced whenever it changes.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionSnapshot } from '../connection/proxy-connection.js';

export interface ConnectionState {
  /** Null until the first Connect. */
  snapshot: ConnectionSnapshot | null;
}

export type ConnectionStore = StoreApi<ConnectionState>;

export function createConnectionStore(): ConnectionStore {
  return createStore<ConnectionState>()(() => ({ snapshot: null }));
}

/** True while a connection is starting or up (Connect is then replaced by Disconnect). */
export function isActive(snapshot: ConnectionSnapshot | null): boolean {
  return snapshot !== null && snapshot.status !== 'closed';
}
