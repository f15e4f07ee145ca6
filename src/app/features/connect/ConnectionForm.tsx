// The connection form: what to start (stdio) or reach (HTTP), and which protocol version (or Auto) to speak.

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../../app-context.js';
import { useConnectionScope, useConnection } from '../../hooks.js';
import { isActive } from '../../stores/connection-store.js';
import { ClientCapabilities } from '../client-capabilities/ClientCapabilities.js';
import { HttpFields } from './HttpFields.js';
import { StdioFields } from './StdioFields.js';
import type { TransportConfig } from '../../../protocol/index.js';
import { buildConnectRequest, type ConnectForm } from './form-model.js';
import { typeAgainNote, type RestoredDraft } from './form-draft.js';
import { VersionField } from './VersionField.js';
import { previewVersion } from './version-choice.js';

interface Props {
  /** The launch prefill, when there is no draft made against it. */
  initial: ConnectForm;
  prefill: TransportConfig | undefined;
  draft: RestoredDraft | undefined;
}

export function ConnectionForm({ initial, prefill, draft }: Props) {
  const { connectionPrefs, authSettings, formDrafts } = useApp();
  const { controller } = useConnectionScope();
  const choice = useStore(connectionPrefs, (s) => s.choice);
  const [form, setForm] = useState(draft?.form ?? initial);
  const [errors, setErrors] = useState<string[]>([]);
  const active = useConnection((s) => isActive(s.snapshot));
  const id = useId();
  // Only the person's edits are kept: an untouched form follows the launch prefill.
  const edited = useRef(draft !== undefined);
  const set = (patch: Partial<ConnectForm>) => {
    edited.current = true;
    setForm((f) => ({ ...f, ...patch }));
  };
  useEffect(() => {
    if (edited.current) formDrafts.save(prefill, form);
  }, [form, prefill, formDrafts]);
  // The names lost with this page's reload (the draft read later holds the values typed since).
  const [typeAgain] = useState(draft?.typeAgain ?? []);
  const note = typeAgainNote(typeAgain, form);

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    const built = buildConnectRequest(form, connectionPrefs.getState(), authSettings.getState());
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
      {note !== undefined && <p className="field-error">{note}</p>}
      {form.transportKind === 'http' ? <HttpFields form={form} set={set} disabled={active} /> : <StdioFields form={form} set={set} disabled={active} />}
      <VersionField disabled={active} />
      <ClientCapabilities version={previewVersion(choice)} />
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
