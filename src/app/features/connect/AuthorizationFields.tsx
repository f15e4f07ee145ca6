// The "Authorization" section of the HTTP connection form: how the
// proxy answers a 401 (Quick, Guided or Off) and, folded away, a client
// registration to use instead of dynamic registration.

import { useId } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../../app-context.js';
import { KEPT_SECRET } from '../../../protocol/index.js';
import { typedOverMask } from '../servers/KeptSecretValue.js';
import { AUTH_MODES, TOKEN_ENDPOINT_AUTH_METHODS, hasAuthorizationHeader, type AuthMode } from './auth-settings.js';
import type { HeaderRow } from './form-model.js';

const MODE_LABEL: Record<AuthMode, string> = { quick: 'Quick', guided: 'Guided', off: 'Off' };

const MODE_HINT: Record<AuthMode, string> = {
  quick: 'On a 401, mcpscope runs the whole OAuth flow and opens the authorization page in a new tab; every step is in the Authorization tab.',
  guided: 'On a 401, the OAuth flow stops before each step: Next step (or Run all) in the Authorization tab, with each HTTP exchange and finding.',
  off: 'A 401 stays a 401: the status shows the server’s WWW-Authenticate, and you add an Authorization header yourself.',
};

interface Props {
  headers: readonly HeaderRow[];
  disabled: boolean;
}

export function AuthorizationFields({ headers, disabled }: Props) {
  const { authSettings } = useApp();
  const s = useStore(authSettings);
  const id = useId();
  const handWritten = hasAuthorizationHeader(headers.filter((h) => h.value.trim() !== '').map((h) => h.name));
  return (
    <fieldset className="field auth-fields" disabled={disabled}>
      <legend>Authorization</legend>
      <div className="segmented" role="radiogroup" aria-label="OAuth" aria-describedby={`${id}-mode-hint`}>
        {AUTH_MODES.map((mode) => (
          <label key={mode} className={s.mode === mode ? 'selected' : undefined}>
            <input type="radio" name={`${id}-mode`} value={mode} checked={s.mode === mode} onChange={() => s.set({ mode })} />
            {MODE_LABEL[mode]}
          </label>
        ))}
      </div>
      <p className="hint" id={`${id}-mode-hint`}>
        {MODE_HINT[s.mode]}
      </p>
      {handWritten && s.mode !== 'off' && (
        <p className="note" role="note">
          An Authorization header is set above: mcpscope’s OAuth is off while it is there, and the header is sent as typed.
        </p>
      )}
      {s.mode !== 'off' && (
        <details className="client-registration">
          <summary>Client registration</summary>
          <p className="hint">Leave empty to use a Client ID Metadata Document or dynamic registration, as the authorization server offers.</p>
          <label htmlFor={`${id}-client-id`}>Client id</label>
          <input
            id={`${id}-client-id`}
            className="mono"
            value={s.clientId}
            onChange={(e) => s.set({ clientId: e.target.value })}
            spellCheck={false}
            autoComplete="off"
          />
          <label htmlFor={`${id}-secret`}>Client secret</label>
          <input
            id={`${id}-secret`}
            type="password"
            className="mono"
            value={s.clientSecret}
            onChange={(e) => s.set({ clientSecret: s.clientSecret === KEPT_SECRET ? typedOverMask(e.target.value) : e.target.value })}
            aria-describedby={`${id}-secret-hint`}
            autoComplete="off"
          />
          <p className="hint" id={`${id}-secret-hint`}>
            {s.clientSecret === KEPT_SECRET
              ? 'Kept by the proxy for this saved server (the page never gets it); typing replaces it.'
              : 'Kept only in this page’s memory and sent to the proxy on Connect; never saved in the browser. Enter it again after a reload.'}
          </p>
          <label htmlFor={`${id}-method`}>Token endpoint authentication</label>
          <select
            id={`${id}-method`}
            value={s.tokenEndpointAuthMethod}
            onChange={(e) => {
              const value = TOKEN_ENDPOINT_AUTH_METHODS.find((m) => m === e.target.value) ?? '';
              s.set({ tokenEndpointAuthMethod: value });
            }}
          >
            <option value="">As the authorization server advertises</option>
            {TOKEN_ENDPOINT_AUTH_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-cimd`}>Client ID Metadata Document</label>
          <input
            id={`${id}-cimd`}
            className="mono"
            inputMode="url"
            placeholder="https://example.com/mcpscope/client.json"
            value={s.clientMetadataUrl}
            onChange={(e) => s.set({ clientMetadataUrl: e.target.value })}
            spellCheck={false}
            autoComplete="off"
          />
          <label htmlFor={`${id}-scope`}>Scope</label>
          <input
            id={`${id}-scope`}
            className="mono"
            placeholder="chosen from the server’s challenge or metadata"
            value={s.scope}
            onChange={(e) => s.set({ scope: e.target.value })}
            spellCheck={false}
            autoComplete="off"
          />
        </details>
      )}
    </fieldset>
  );
}
