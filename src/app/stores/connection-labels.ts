// What each connection of the page (1, 2, …) talked to, for headings that group
// things by connection (Problems) and the Log's connection column — including
// connections from before a reload.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionSnapshot } from '../connection/proxy-connection.js';

export interface ConnectionLabel {
  connection: number;
  /** The server's name and version once initialized, else its command or URL. */
  server: string;
  /** How the page reached it: "stdio" or "HTTP" (absent in labels saved by older pages). */
  transport?: string;
  /** The connection was made before the page was reloaded (its frames were saved). */
  restored?: boolean;
  /** A captured connection: the wrapped session's id (after a reload, the same session goes on under its number). */
  captured?: string;
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

function transportLabel(snapshot: ConnectionSnapshot): string {
  return snapshot.transport.kind === 'http' ? 'HTTP' : 'stdio';
}

/** Record (or update) the label of the connection a snapshot is about. */
export function noteConnection(store: ConnectionLabelsStore, snapshot: ConnectionSnapshot): void {
  noteLabel(store, { connection: snapshot.connection, server: serverLabel(snapshot), transport: transportLabel(snapshot) });
}

/** Record (or update) a connection's label; unchanged, nothing is published. */
export function noteLabel(store: ConnectionLabelsStore, label: ConnectionLabel): void {
  const known = store.getState().labels.get(label.connection);
  if (known?.server === label.server && known.transport === label.transport && known.captured === label.captured && !known.restored) return;
  store.setState((s) => ({ labels: new Map(s.labels).set(label.connection, label) }));
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

/** Lines of the page's own that belong to no connection (logged before the first Connect). */
export const PAGE_CONNECTION = 0;

/** A connection named in a few characters, for a table cell or a menu: "#2 demo 1.0.0". */
export function connectionShortLabel(connection: number, label: ConnectionLabel | undefined): string {
  if (connection === PAGE_CONNECTION) return 'page';
  return label ? `#${connection} ${label.server}` : `#${connection}`;
}

/** A connection named in full, for a tooltip: "Connection 2 · demo 1.0.0 · stdio · before the reload". */
export function connectionFullLabel(connection: number, label: ConnectionLabel | undefined): string {
  if (connection === PAGE_CONNECTION) return 'The page itself, before any connection';
  const parts = [`Connection ${connection}`];
  if (label) parts.push(label.server);
  if (label?.transport) parts.push(label.transport);
  if (label?.restored) parts.push('before the reload');
  return parts.join(' · ');
}
