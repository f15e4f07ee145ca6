// The left-hand panel: the form, prefilled from the proxy's launch config, and the status.

import { useEffect, useId } from 'react';
import { LaunchConfigError, useLaunchConfig } from '../../api/launch-config.js';
import { useApp } from '../../app-context.js';
import { useConnectionScope } from '../../hooks.js';
import { ConnectionForm } from './ConnectionForm.js';
import { StatusArea } from './StatusArea.js';
import { formFromPrefill } from './form-model.js';
import { authSettingsFrom } from './auth-settings.js';

export function ConnectionPanel({ token }: { token: string }) {
  const config = useLaunchConfig(token);
  const { connectionPrefs, authSettings, formDrafts } = useApp();
  // A connection opened later ("+ New connection") starts from the launch prefill.
  const { restoresDraft } = useConnectionScope();
  // Kept once per open connection: an id of its own each time.
  const headingId = useId();
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
  return (
    <section className="panel connection-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Server</h2>
      {config.isPending && <p className="hint">Reading the proxy's configuration…</p>}
      {config.isError && (
        <div className="failure" role="alert">
          <p className="failure-title">Could not read the proxy's configuration</p>
          <p>{config.error instanceof LaunchConfigError ? config.error.message : String(config.error)}</p>
        </div>
      )}
      {!config.isPending && (
        // Remount when the config arrives so the form starts from it: the edits made against this prefill, else the prefill.
        <ConnectionForm
          key={config.data ? 'prefilled' : 'blank'}
          prefill={prefill}
          draft={restoresDraft ? formDrafts.read(prefill) : undefined}
          initial={formFromPrefill(prefill)}
        />
      )}
      <StatusArea />
    </section>
  );
}
