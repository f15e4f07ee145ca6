// The Arguments field and the argument array it splits into.

import { useId } from 'react';
import { splitArgs } from '../../../protocol/index.js';

export function ArgsField({ value, onChange, disabled }: { value: string; onChange: (v: string) => void; disabled: boolean }) {
  const id = useId();
  const split = splitArgs(value);
  return (
    <div className="field">
      <label htmlFor={id}>Arguments</label>
      <input
        id={id}
        className="mono"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        aria-invalid={!split.ok}
      />
      <div id={`${id}-hint`} className="hint">
        {!split.ok && <p className="field-error">{split.error}</p>}
        {split.args.length === 0 ? (
          <span>No arguments. Quote like a shell does; no shell runs.</span>
        ) : (
          <ul className="chips" aria-label="Argument array">
            {split.args.map((arg, i) => (
              <li key={i} className="chip mono">
                {arg === '' ? '""' : arg}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
