// The connection form: what to start (stdio) or reach (HTTP), and which protocol version to offer.

import { useId, useState, type FormEvent } from 'react';
import { PROTOCOL_VERSIONS, isKnownProtocolVersion } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import { useConnection } from '../../hooks.js';
import { isActive } from '../../stores/connection-store.js';
import { ClientCapabilities } from '../client-capabilities/ClientCapabilities.js';
import { HttpFields } from './HttpFields.js';
import { StdioFields } from './StdioFields.js';
import { buildConnectRequest, type ConnectForm } from './form-model.js';

export function ConnectionForm({ initial }: { initial: ConnectForm }) {
  const { controller } = useApp();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const active = useConnection((s) => isActive(s.snapshot));
  const id = useId();
  const set = (patch: Partial<ConnectForm>) => setForm((f) => ({ ...f, ...patch }));

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    const built = buildConnectRequest(form);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors([]);
    void controller.connect(built.request);
  }

  return (
    <form className="connect-form" onSubmit={onSubmit} aria-label="Connection">
      <div className="field">
        <label htmlFor={`${id}-transport`}>Transport</label>
        <select
          id={`${id}-transport`}
          value={form.transportKind}
          disabled={active}
          onChange={(e) => set({ transportKind: e.target.value === 'http' ? 'http' : 'stdio' })}
        >
          <option value="stdio">stdio (local process)</option>
          <option value="http">HTTP (remote server)</option>
        </select>
      </div>
      {form.transportKind === 'http' ? <HttpFields form={form} set={set} disabled={active} /> : <StdioFields form={form} set={set} disabled={active} />}
      <div className="field">
        <label htmlFor={`${id}-version`}>Protocol version</label>
        <select
          id={`${id}-version`}
          value={form.protocolVersion}
          onChange={(e) => {
            if (isKnownProtocolVersion(e.target.value)) set({ protocolVersion: e.target.value });
          }}
          disabled={active}
        >
          {[...PROTOCOL_VERSIONS].reverse().map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </div>
      <ClientCapabilities version={form.protocolVersion} />
      {errors.length > 0 && (
        <ul className="form-errors" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button type="submit" className="primary" disabled={active}>
          Connect
        </button>
        <button type="button" onClick={() => controller.disconnect()} disabled={!active}>
          Disconnect
        </button>
      </div>
    </form>
  );
}
