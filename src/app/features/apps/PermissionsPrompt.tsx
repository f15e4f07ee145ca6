// The browser permissions an app's resource declares, asked for before the
// app loads: Allow grants exactly those declared, Deny none of them; the app
// loads either way, and the choice is said in its panel and the Log.

import type { UiPermissions } from '../../../protocol/index.js';

const WORDS: Record<keyof UiPermissions, string> = {
  camera: 'Camera',
  microphone: 'Microphone',
  geolocation: 'Location',
  clipboardWrite: 'Writing to the clipboard',
};

export const declaredPermissions = (declared: UiPermissions): Array<keyof UiPermissions> =>
  (Object.keys(WORDS) as Array<keyof UiPermissions>).filter((p) => declared[p] === true);

/** What the person chose, for the app's panel and the Log. */
export function permissionsSentence(declared: UiPermissions, granted: UiPermissions): string {
  const words = (of: UiPermissions) =>
    declaredPermissions(of)
      .map((p) => WORDS[p].toLowerCase())
      .join(', ');
  if (declaredPermissions(granted).length === 0)
    return `You denied the permissions the app's resource declares (${words(declared)}): its frame is given none of them, and the browser refuses them to the app.`;
  return `You allowed the permissions the app's resource declares (${words(granted)}): its frame is given exactly those.`;
}

export function PermissionsPrompt({ declared, onDecide }: { declared: UiPermissions; onDecide: (granted: UiPermissions) => void }) {
  const asked = declaredPermissions(declared);
  return (
    <fieldset className="app-permissions">
      <legend>This app asks for browser permissions</legend>
      <p className="hint">
        Its resource declares them in _meta.ui.permissions. Allow gives its frame exactly these; Deny gives it none. The app loads either way.
      </p>
      <ul aria-label="Permissions the app asks for">
        {asked.map((p) => (
          <li key={p}>{WORDS[p]}</li>
        ))}
      </ul>
      <div className="toolbar">
        <button type="button" onClick={() => onDecide(Object.fromEntries(asked.map((p) => [p, true])) as UiPermissions)}>
          Allow
        </button>
        <button type="button" onClick={() => onDecide({})}>
          Deny
        </button>
      </div>
    </fieldset>
  );
}
