// The server list's hooks: the selection, the API for this page's token, and one kept secret.

import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { ownValue } from '../../../protocol/index.js';
import { useApp, useConnectionScope } from '../../hooks.js';
import { serversApi, type ServersApi } from '../../api/servers-api.js';
import type { ServerSelectionState } from './server-selection.js';
import type { SettingsStores } from './server-settings.js';

export const useServerSelection = <T>(selector: (s: ServerSelectionState) => T): T => useStore(useConnectionScope().servers, selector);

/** The stores a chosen server's settings go into: the page's, and this scope's selection. */
export function useSettingsStores(): SettingsStores {
  const app = useApp();
  const { servers } = useConnectionScope();
  return useMemo(() => ({ ...app, servers }), [app, servers]);
}

export function useServersApi(): ServersApi {
  const { token } = useApp();
  return useMemo(() => serversApi(token ?? ''), [token]);
}

/** A secret the proxy keeps for the selected server: its revealed value (until the selection changes), and how to reveal it. */
export function useKeptSecret(name: string) {
  const { servers } = useConnectionScope();
  const api = useServersApi();
  const selected = useServerSelection((s) => s.selected);
  const revealed = useServerSelection((s) => ownValue(s.revealed, name));
  const [error, setError] = useState<string>();
  const reveal = async (): Promise<void> => {
    if (selected === undefined) return;
    try {
      const value = await api.reveal(selected, name);
      setError(undefined);
      // The answer may come after another server was chosen: it belongs to the one asked about.
      if (servers.getState().selected === selected) servers.getState().setRevealed(name, value);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return { revealed, reveal, hide: () => servers.getState().setRevealed(name, undefined), error, canReveal: selected !== undefined };
}
