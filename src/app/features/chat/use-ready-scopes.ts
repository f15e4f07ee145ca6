// The open connections whose tools can be listed now, re-read whenever one of them connects or ends.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useWorkspace } from '../../hooks.js';
import type { ConnectionScope } from '../../workspace/connection-scope.js';
import { readyScopes } from './chat-connections.js';

export function useReadyScopes(): ConnectionScope[] {
  const scopes = useWorkspace((s) => s.scopes);
  const subscribe = useCallback(
    (changed: () => void) => {
      const ends = scopes.map((s) => s.connectionStore.subscribe(changed));
      return () => ends.forEach((end) => end());
    },
    [scopes],
  );
  const ids = useSyncExternalStore(subscribe, () =>
    readyScopes(scopes)
      .map((s) => s.id)
      .join(),
  );
  return useMemo(() => scopes.filter((s) => ids.split(',').includes(String(s.id))), [scopes, ids]);
}
