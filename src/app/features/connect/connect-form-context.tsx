// The page's one Connect form store, with the proxy's launch configuration loaded into it:
// mounted around the whole shell, so the top bar's Connect works while the sidebar is closed.

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useLaunchConfig } from '../../api/launch-config.js';
import { useApp, useConnectionScope } from '../../hooks.js';
import { authSettingsFrom } from './auth-settings.js';
import { connectFromForm, createConnectFormStore, type ConnectFormState, type ConnectFormStore } from './connect-form-store.js';

const ConnectFormContext = createContext<ConnectFormStore | null>(null);

export function ConnectFormProvider({ token, children }: { token: string; children: ReactNode }) {
  const { formDrafts, connectionPrefs, authSettings } = useApp();
  const [store] = useState(() => createConnectFormStore(formDrafts));
  const config = useLaunchConfig(token);
  const suggested = config.data?.protocolChoice;
  const prefill = config.data?.prefill;
  const launchAuth = prefill?.kind === 'http' ? prefill.auth : undefined;
  // A launch with OAuth settings (npm start -- --demo oauth, --auth …) sets them once, like the version.
  useEffect(() => {
    if (launchAuth !== undefined) authSettings.getState().set(authSettingsFrom(launchAuth));
  }, [launchAuth, authSettings]);
  // A launch that knows its server's generation (npm start -- --demo modern) sets the choice once.
  useEffect(() => {
    if (suggested !== undefined) connectionPrefs.getState().setChoice(suggested);
  }, [suggested, connectionPrefs]);
  // Once the configuration is read (or could not be): the form starts from it.
  const settled = !config.isPending;
  const savedServer = config.data?.savedServer;
  useEffect(() => {
    if (!settled) return;
    store.getState().load(prefill);
    // A --config server's prefill has its secrets kept by the proxy: Connect opens it by reference.
    if (savedServer !== undefined && prefill !== undefined) store.getState().setSavedServer({ id: savedServer, base: prefill });
  }, [settled, prefill, savedServer, store]);
  return <ConnectFormContext.Provider value={store}>{children}</ConnectFormContext.Provider>;
}

export function useConnectFormStore(): ConnectFormStore {
  const store = useContext(ConnectFormContext);
  if (store === null) throw new Error('The Connect form was used outside <ConnectFormProvider>.');
  return store;
}

export const useConnectForm = <T,>(selector: (s: ConnectFormState) => T): T => useStore(useConnectFormStore(), selector);

/** Connect with the form's values, from wherever the person pressed Connect; false when the form's errors say why not. */
export function useConnectFromForm(): () => boolean {
  const form = useConnectFormStore();
  const { controller } = useConnectionScope();
  const { connectionPrefs, authSettings } = useApp();
  return useCallback(
    () =>
      connectFromForm({
        form,
        version: () => connectionPrefs.getState(),
        authSettings: () => authSettings.getState(),
        connect: (request) => controller.connect(request),
      }),
    [form, controller, connectionPrefs, authSettings],
  );
}
