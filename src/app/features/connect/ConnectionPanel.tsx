// The sidebar's server settings: the form, prefilled from the proxy's launch config (loaded into
// the Connect form store once, by ConnectFormProvider), and what the server established.

import { useId } from 'react';
import { LaunchConfigError, useLaunchConfig } from '../../api/launch-config.js';
import { ServerList } from '../servers/ServerList.js';
import { ConnectionForm } from './ConnectionForm.js';
import { useConnectForm } from './connect-form-context.js';
import { ServerDetails } from './StatusArea.js';

export function ConnectionPanel({ token, onConnect }: { token: string; onConnect: () => void }) {
  const config = useLaunchConfig(token);
  const form = useConnectForm((s) => s.form);
  // Kept once per open connection: an id of its own each time.
  const headingId = useId();
  return (
    <section className="connection-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Server</h2>
      <ServerList />
      {config.isPending && <p className="hint">Reading the proxy's configuration…</p>}
      {config.isError && (
        <div className="failure" role="alert">
          <p className="failure-title">Could not read the proxy's configuration</p>
          <p>{config.error instanceof LaunchConfigError ? config.error.message : String(config.error)}</p>
        </div>
      )}
      <ServerDetails />
      {form !== undefined && <ConnectionForm form={form} onConnect={onConnect} />}
    </section>
  );
}
