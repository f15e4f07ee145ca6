// The sidebar's server settings: the form, prefilled from the proxy's launch config (loaded into
// the Connect form store once, by ConnectFormProvider), and what the server established.

import { LaunchConfigError, useLaunchConfig } from '../../api/launch-config.js';
import { ServerList } from '../servers/ServerList.js';
import { ConnectionForm } from './ConnectionForm.js';
import { useConnectForm } from './connect-form-context.js';
import { ServerDetails } from './StatusArea.js';

export function ConnectionPanel({ token, onConnect }: { token: string; onConnect: () => void }) {
  const config = useLaunchConfig(token);
  const form = useConnectForm((s) => s.form);
  return (
    <section className="connection-panel" aria-labelledby="connection-heading">
      <h2 id="connection-heading">Server</h2>
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
