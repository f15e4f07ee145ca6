// The HTTP part of the connection form: the server's URL, extra headers and
// which transport to speak (Auto tries Streamable HTTP, then HTTP+SSE).

import { useId } from 'react';
import { HTTP_MODES, HTTP_MODE_LABEL, isHttpMode } from '../../../protocol/index.js';
import { AuthorizationFields } from './AuthorizationFields.js';
import { HeaderEditor } from './HeaderEditor.js';
import './http.css';
import type { ConnectForm } from './form-model.js';

const MODE_HINT = {
  auto: 'Tries Streamable HTTP, then HTTP+SSE if the first POST gets a 4xx.',
  'streamable-http': 'One endpoint; each message is a POST, replies are JSON or an SSE stream.',
  sse: 'The URL of the SSE stream; the server names where to POST.',
  plain: 'Each POST gets a JSON body; no session, no streams.',
} as const;

interface Props {
  form: ConnectForm;
  set: (patch: Partial<ConnectForm>) => void;
  disabled: boolean;
}

export function HttpFields({ form, set, disabled }: Props) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-url`}>URL</label>
        <input
          id={`${id}-url`}
          className="mono"
          inputMode="url"
          placeholder="http://127.0.0.1:3001/mcp"
          value={form.url}
          onChange={(e) => set({ url: e.target.value })}
          disabled={disabled}
          spellCheck={false}
          autoComplete="off"
        />
        <p className="hint">The proxy makes every request; the browser never talks to the server.</p>
      </div>
      <HeaderEditor rows={form.headers} onChange={(headers) => set({ headers })} disabled={disabled} />
      <AuthorizationFields headers={form.headers} disabled={disabled} />
      <div className="field">
        <label htmlFor={`${id}-mode`}>Mode</label>
        <select
          id={`${id}-mode`}
          value={form.httpMode}
          onChange={(e) => {
            if (isHttpMode(e.target.value)) set({ httpMode: e.target.value });
          }}
          disabled={disabled}
          aria-describedby={`${id}-mode-hint`}
        >
          {HTTP_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {HTTP_MODE_LABEL[mode]}
            </option>
          ))}
        </select>
        <p id={`${id}-mode-hint`} className="hint">
          {MODE_HINT[form.httpMode]}
        </p>
      </div>
    </>
  );
}
