// The protocol choice on the connection form: a version or Auto, its one-line
// hint, and under Auto the switch for the server/discover probe.

import { useId } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../../app-context.js';
import { NEWEST_LEGACY_VERSION, isVersionChoice } from '../../../protocol/index.js';
import { VERSION_CHOICES, VERSION_HINTS, versionLabel } from './version-choice.js';

export function VersionField({ disabled }: { disabled: boolean }) {
  const { connectionPrefs } = useApp();
  const choice = useStore(connectionPrefs, (s) => s.choice);
  const probe = useStore(connectionPrefs, (s) => s.probe);
  const id = useId();
  return (
    <div className="field version-field">
      <label htmlFor={`${id}-version`}>Protocol version</label>
      <select
        id={`${id}-version`}
        value={choice}
        aria-describedby={`${id}-version-hint`}
        onChange={(e) => {
          if (isVersionChoice(e.target.value)) connectionPrefs.getState().setChoice(e.target.value);
        }}
        disabled={disabled}
      >
        {VERSION_CHOICES.map((v) => (
          <option key={v} value={v}>
            {versionLabel(v)}
          </option>
        ))}
      </select>
      <p className="hint" id={`${id}-version-hint`}>
        {VERSION_HINTS[choice]}
      </p>
      {choice === 'auto' && (
        <div className="capability-switch">
          <input
            type="checkbox"
            id={`${id}-probe`}
            checked={probe}
            disabled={disabled}
            aria-describedby={`${id}-probe-hint`}
            onChange={(e) => connectionPrefs.getState().setProbe(e.target.checked)}
          />
          <label htmlFor={`${id}-probe`}>Send the server/discover probe</label>
          <p className="hint" id={`${id}-probe-hint`}>
            {probe
              ? 'First frame: server/discover with 2026-07-28 in its _meta. A result or a modern error means modern; any other error or no answer means legacy (initialize).'
              : 'No probe: Auto goes straight to initialize with ' +
                NEWEST_LEGACY_VERSION +
                ', as for a legacy server; pick 2026-07-28 by hand for a modern one.'}
          </p>
        </div>
      )}
    </div>
  );
}
