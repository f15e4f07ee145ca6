// The stdio part of the connection form: the command to start, its arguments,
// environment and working directory.

import { useId } from 'react';
import { ArgsField } from './ArgsField.js';
import { argsAfterSplit, commandLineSplit, splitOfferText } from './command-line.js';
import { EnvEditor } from './EnvEditor.js';
import type { ConnectForm } from './form-model.js';

interface Props {
  form: ConnectForm;
  set: (patch: Partial<ConnectForm>) => void;
  disabled: boolean;
}

export function StdioFields({ form, set, disabled }: Props) {
  const id = useId();
  const split = commandLineSplit(form.command);
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-command`}>Command</label>
        <input
          id={`${id}-command`}
          className="mono"
          value={form.command}
          onChange={(e) => set({ command: e.target.value })}
          disabled={disabled}
          spellCheck={false}
          autoComplete="off"
          required
          aria-describedby={split ? `${id}-split` : undefined}
        />
        {split && (
          <div id={`${id}-split`} className="hint">
            <span>{splitOfferText(split)}</span>{' '}
            <button type="button" onClick={() => set({ command: split.command, argsText: argsAfterSplit(split, form.argsText) })} disabled={disabled}>
              Split
            </button>
          </div>
        )}
      </div>
      <ArgsField value={form.argsText} onChange={(argsText) => set({ argsText })} disabled={disabled} />
      <EnvEditor rows={form.env} onChange={(env) => set({ env })} disabled={disabled} />
      <div className="field">
        <label htmlFor={`${id}-cwd`}>Working directory</label>
        <input
          id={`${id}-cwd`}
          className="mono"
          value={form.cwd}
          placeholder="(the proxy's working directory)"
          onChange={(e) => set({ cwd: e.target.value })}
          disabled={disabled}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
    </>
  );
}
