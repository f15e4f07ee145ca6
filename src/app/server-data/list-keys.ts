// Query keys of the server's lists, and which notifications invalidate them.
// Pure: no page singletons, so it is unit-testable in Node.

import type { QueryClient } from '@tanstack/react-query';
import { ownValue, type ListKey, type SessionEvent } from '../../protocol/index.js';

export const listQueryKey = (key: ListKey, connection: number) => ['server', connection, key] as const;

const INVALIDATES: Record<string, ListKey[]> = {
  'notifications/tools/list_changed': ['tools'],
  'notifications/resources/list_changed': ['resources', 'resourceTemplates'],
  'notifications/prompts/list_changed': ['prompts'],
};

/** React to the session's list_changed notifications by refetching the lists they name. */
export function invalidateOnListChanged(queryClient: QueryClient, e: SessionEvent, connection: number): void {
  if (e.type !== 'notification') return;
  for (const key of ownValue(INVALIDATES, e.method) ?? []) {
    void queryClient.invalidateQueries({ queryKey: listQueryKey(key, connection) });
  }
}
