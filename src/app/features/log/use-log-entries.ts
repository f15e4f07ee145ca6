// The log's entries for a view, re-rendered at most every `intervalMs`. The
// store publishes once per animation frame; a table re-rendered 60 times a
// second while frames pour in spends every frame on rows nobody can read, so a
// view takes a fresh copy right away when things are quiet, and at most every
// interval while they are not. Every entry still shows up.

import { useEffect, useState } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { LogEntry, LogState } from '../../stores/log-store.js';

export const VIEW_INTERVAL_MS = 100;

/**
 * Call `publish` after store changes: at once when the last call was at least
 * `intervalMs` ago, otherwise once at the end of the interval. Returns the unsubscribe.
 */
export function subscribeThrottled(
  store: Pick<StoreApi<LogState>, 'subscribe'>,
  intervalMs: number,
  publish: () => void,
  now: () => number = () => performance.now(),
): () => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = now();
    publish();
  };
  const unsubscribe = store.subscribe(() => {
    if (timer !== undefined) return;
    const wait = last + intervalMs - now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}

export function useLogEntries(store: StoreApi<LogState>, intervalMs = VIEW_INTERVAL_MS): readonly LogEntry[] {
  const [entries, setEntries] = useState(() => store.getState().entries);
  useEffect(() => {
    const publish = () => setEntries(store.getState().entries);
    const unsubscribe = subscribeThrottled(store, intervalMs, publish);
    publish(); // anything appended before this subscription
    return unsubscribe;
  }, [store, intervalMs]);
  return entries;
}
