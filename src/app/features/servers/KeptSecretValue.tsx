// The value of a row whose secret the proxy keeps: masked (the page never got it), revealed on
// request until another server is chosen; typing replaces it with a new value.

import { KEPT_SECRET } from '../../../protocol/index.js';
import { useKeptSecret } from './use-servers.js';

interface Props {
  name: string;
  /** The accessible name of the value field. */
  label: string;
  onChange: (value: string) => void;
}

/** What typing into the masked value means: the text typed, never the mask with it. */
export function typedOverMask(next: string): string {
  if (next.startsWith(KEPT_SECRET)) return next.slice(KEPT_SECRET.length);
  if (next.length < KEPT_SECRET.length && KEPT_SECRET.startsWith(next)) return '';
  return next;
}

export function KeptSecretValue({ name, label, onChange }: Props) {
  const secret = useKeptSecret(name);
  const shown = secret.revealed !== undefined;
  return (
    <>
      <input
        className="mono"
        type={shown ? 'text' : 'password'}
        aria-label={label}
        title={shown ? undefined : 'Kept by the proxy: Reveal shows it, typing replaces it.'}
        value={secret.revealed ?? KEPT_SECRET}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange(shown ? e.target.value : typedOverMask(e.target.value))}
      />
      <button
        type="button"
        className="secondary small"
        aria-label={`${shown ? 'Hide' : 'Reveal'} the value of ${name}`}
        disabled={!secret.canReveal}
        onClick={() => (shown ? secret.hide() : void secret.reveal())}
      >
        {shown ? 'Hide' : 'Reveal'}
      </button>
      {secret.error !== undefined && (
        <p className="field-error env-row-note" role="alert">
          {secret.error}
        </p>
      )}
    </>
  );
}
