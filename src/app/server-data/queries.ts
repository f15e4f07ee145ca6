// Server data through TanStack Query: each */list is a query keyed by the
// connection number, so a new connection never shows the previous server's
// lists, and list_changed notifications invalidate exactly what changed.

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePanelShown } from '../components/Tabs.js';
import type { ListAllResult, ListKey } from '../../protocol/index.js';
import { useConnectionScope, useConnection } from '../hooks.js';
import { useStore } from 'zustand';
import { listUnavailable, serverListQuery } from './list-query.js';
import { listView, type ListView } from './list-view.js';
import { serverReadQuery } from './reads.js';

export interface ServerList<T> extends ListView<T> {
  /** Why the list is not loaded (not connected, capability not declared), if so; then it shows no items. */
  unavailable?: string;
  query: ReturnType<typeof useQuery<ListAllResult<T>>>;
}

/**
 * All pages of one list method (tools/list, …) for the current connection, fetched when it became ready. The query
 * rejects with ListFailed when a page fails; `items` and `failure` show both what arrived and what went wrong.
 */
export function useServerList<T>(key: ListKey): ServerList<T> {
  const { readDeps } = useConnectionScope();
  const snapshot = useConnection((s) => s.snapshot);
  const unavailable = listUnavailable(snapshot, key);
  const query = useQuery({ ...serverListQuery<T>(readDeps, key, snapshot?.connection ?? 0), enabled: unavailable === undefined });
  useRefetchStaleWhenShown(query, unavailable === undefined);
  return unavailable === undefined ? { query, ...listView(query) } : { query, unavailable, items: [] };
}

/** The reads of `uri` on the Resources tab's connection: `latestRead(query)` is what to show. */
export function useResourceRead(uri: string) {
  const { resourceReads, resourcesStore } = useConnectionScope();
  const connection = useStore(resourcesStore, (s) => s.connection);
  const query = useQuery(resourceReads.query(connection, uri));
  useRefetchStaleWhenShown(query, true);
  return query;
}

/**
 * Tab panels stay mounted when hidden, so showing one again is the "next access" of what it shows: a list or read
 * whose ttlMs ran out (2026-07-28 caching) is asked for again then, and only then (a ttl is no polling interval).
 * Without hints nothing is ever stale by time, so nothing changes for 2025 servers.
 */
function useRefetchStaleWhenShown(
  query: { isSuccess: boolean; isStale: boolean; isFetching: boolean; refetch: (o: { cancelRefetch: boolean }) => Promise<unknown> },
  enabled: boolean,
): void {
  const shown = usePanelShown();
  const wasShown = useRef(shown);
  useEffect(() => {
    const becameShown = shown && !wasShown.current;
    wasShown.current = shown;
    // Several views of one list may ask at once: they join one listing (no cancel and restart).
    if (becameShown && enabled && query.isSuccess && query.isStale && !query.isFetching) void query.refetch({ cancelRefetch: false });
  });
}

/** The prompts/get asked for last on the Prompts tab (idle until one is asked for). */
export function usePromptGet() {
  const { readDeps, promptsStore } = useConnectionScope();
  const connection = useStore(promptsStore, (s) => s.connection);
  const requested = useStore(promptsStore, (s) => s.requested);
  const query = useQuery({ ...serverReadQuery(readDeps, connection, 'prompts/get', requested?.params ?? {}), enabled: requested !== undefined });
  return { requested, query };
}
