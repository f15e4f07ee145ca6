// What each connection of the page (1, 2, …) talked to, for headings that group
// things by connection (Problems) — including connections from before a reload.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionSnapshot } from '../connection/proxy-connection.js';

export interface ConnectionLabel {
  connection: number;
  /** The server's name and version once initialized, else its command or URL. */
  server: string;
  /** The connection was made before the page was reloaded (its frames were saved). */
  restored?: boolean;
}

export interface ConnectionLabelsState {
  labels: ReadonlyMap<number, ConnectionLabel>;
}

export type ConnectionLabelsStore = StoreApi<ConnectionLabelsState>;

export function createConnectionLabels(): ConnectionLabelsStore {
  return createStore<ConnectionLabelsState>()(() => ({ labels: new Map() }));
}

export function serverLabel(snapshot: ConnectionSnapshot): string {
  const info = snapshot.info?.serverInfo;
  if (info) return `${info.title ?? info.name} ${info.version}`;
  const t = snapshot.transport;
  return t.kind === 'http' ? t.url : [t.command, ...t.args].join(' ');
}

/** Record (or update) the label of the connection a snapshot is about. */
export function noteConnection(store: ConnectionLabelsStore, snapshot: ConnectionSnapshot): void {
  const server = serverLabel(snapshot);
  const known = store.getState().labels.get(snapshot.connection);
  if (known?.server === server) return;
  store.setState((s) => ({ labels: new Map(s.labels).set(snapshot.connection, { connection: snapshot.connection, server }) }));
}

/** Labels saved with a log from before a reload. */
export function restoreLabels(store: ConnectionLabelsStore, labels: readonly ConnectionLabel[]): void {
  store.setState((s) => {
    const next = new Map(s.labels);
    for (const l of labels) next.set(l.connection, { ...l, restored: true });
    return { labels: next };
  });
}

export function connectionHeading(connection: number, label: ConnectionLabel | undefined, current: number | undefined): string {
  const when = connection === current ? 'current' : label?.restored ? 'before the reload' : 'earlier';
  return `Connection ${connection}${label ? ` · ${label.server}` : ''} (${when})`;
}
