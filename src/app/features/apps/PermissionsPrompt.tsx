// The browser permissions an app's resource declares, asked for before the
// app loads: each is granted only if the person ticks it.

import { useState } from 'react';
import type { UiPermissions } from '../../../protocol/index.js';

const WORDS: Record<keyof UiPermissions, string> = {
  camera: 'Camera',
  microphone: 'Microphone',
  geolocation: 'Location',
  clipboardWrite: 'Writing to the clipboard',
};

export const declaredPermissions = (declared: UiPermissions): Array<keyof UiPermissions> =>
  (Object.keys(WORDS) as Array<keyof UiPermissions>).filter((p) => declared[p] === true);

export function PermissionsPrompt({ declared, onDecide }: { declared: UiPermissions; onDecide: (granted: UiPermissions) => void }) {
  const asked = declaredPermissions(declared);
  const [ticked, setTicked] = useState<ReadonlySet<keyof UiPermissions>>(new Set());
  return (
    <fieldset className="app-permissions">
      <legend>This app asks for browser permissions</legend>
      <p className="hint">Its resource declares them in _meta.ui.permissions. Only those you tick are granted to its frame; the app loads either way.</p>
      {asked.map((p) => (
        <label key={p}>
          <input
            type="checkbox"
            checked={ticked.has(p)}
            onChange={(e) => {
              const next = new Set(ticked);
              if (e.target.checked) next.add(p);
              else next.delete(p);
              setTicked(next);
            }}
          />
          {WORDS[p]}
        </label>
      ))}
      <div className="toolbar">
        <button type="button" onClick={() => onDecide(Object.fromEntries([...ticked].map((p) => [p, true])) as UiPermissions)}>
          Load the app
        </button>
      </div>
    </fieldset>
  );
}
