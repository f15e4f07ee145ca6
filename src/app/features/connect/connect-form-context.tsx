// The proxy's launch configuration, loaded into every open connection's Connect form store (each
// scope has its own: connection-scope.ts); mounted around the whole shell, so the top bar's Connect
// works while the sidebar is closed, on the form of the connection in view.

import { useCallback, useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useLaunchConfig } from '../../api/launch-config.js';
import { useApp, useConnectionScope } from '../../hooks.js';
import { authSettingsFrom } from './auth-settings.js';
import { connectFromForm, type ConnectFormState, type ConnectFormStore } from './connect-form-store.js';

export function ConnectFormProvider({ token, children }: { token: string; children: ReactNode }) {
  const { connectionPrefs, authSettings, workspace } = useApp();
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
  // Once the configuration is read (or could not be): each scope's form starts from it, now and when opened.
  const settled = !config.isPending;
  const savedServer = config.data?.savedServer;
  useEffect(() => {
    if (!settled) return;
    const start = (form: ConnectFormStore): void => {
      if (form.getState().form !== undefined) return;
      form.getState().load(prefill);
      // A --config server's prefill has its secrets kept by the proxy: Connect opens it by reference.
      if (savedServer !== undefined && prefill !== undefined) form.getState().setSavedServer({ id: savedServer, base: prefill });
    };
    for (const scope of workspace.getState().scopes) start(scope.connectForm);
    return workspace.subscribe((s) => {
      for (const scope of s.scopes) start(scope.connectForm);
    });
  }, [settled, prefill, savedServer, workspace]);
  return <>{children}</>;
}

/** The Connect form of the scope this is rendered in (else the one in view). */
export function useConnectFormStore(): ConnectFormStore {
  return useConnectionScope().connectForm;
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
