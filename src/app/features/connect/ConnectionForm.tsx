// The connection form: what to start (stdio) or reach (HTTP), and which protocol version (or Auto) to speak.
// Its values live in the Connect form store; Connect and Disconnect are in the top bar.

import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useApp, useConnection } from '../../hooks.js';
import { isActive } from '../../stores/connection-store.js';
import { ClientCapabilities } from '../client-capabilities/ClientCapabilities.js';
import { HttpFields } from './HttpFields.js';
import { StdioFields } from './StdioFields.js';
import { useConnectForm, useConnectFormStore } from './connect-form-context.js';
import type { ConnectForm } from './form-model.js';
import { typeAgainNote } from './form-draft.js';
import { VersionField } from './VersionField.js';
import { previewVersion } from './version-choice.js';

/** `onConnect`: what Connect does (the top bar's button and Enter in a field). */
export function ConnectionForm({ form, onConnect }: { form: ConnectForm; onConnect: () => void }) {
  const { connectionPrefs } = useApp();
  const store = useConnectFormStore();
  const choice = useStore(connectionPrefs, (s) => s.choice);
  const errors = useConnectForm((s) => s.errors);
  const typeAgain = useConnectForm((s) => s.typeAgain);
  const active = useConnection((s) => isActive(s.snapshot));
  const id = useId();
  const set = (patch: Partial<ConnectForm>) => store.getState().edit(patch);
  // Connect is pressed in the top bar, far from the foot of the form: bring its errors into view.
  const errorsRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (errors.length > 0) errorsRef.current?.scrollIntoView({ block: 'nearest' });
  }, [errors]);
  const note = typeAgainNote(typeAgain, form);

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    if (!active) onConnect();
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
        <ul className="form-errors" role="alert" ref={errorsRef}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {/* Enter in a field connects, as before; the visible Connect is the top bar's. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
    </form>
  );
}
