// What an import would save: each entry with a checkbox (name, transport, command or URL), the
// inputs the chosen ones need, and every problem sentence — skipped entries say why.

import { useId } from 'react';
import { HOST_NAME, type ConfigImport, type ConfigInput } from '../../../protocol/index.js';
import { entryTarget } from './import-model.js';
import { transportWord } from './transport-word.js';

interface Props {
  read: ConfigImport;
  chosen: ReadonlySet<string>;
  onChoose: (name: string, on: boolean) => void;
  inputs: ConfigInput[];
  answer: (id: string) => string;
  onAnswer: (id: string, value: string) => void;
}

export function ImportPreview({ read, chosen, onChoose, inputs, answer, onAnswer }: Props) {
  const id = useId();
  return (
    <div className="import-preview">
      {read.host !== undefined && (
        <p className="import-read-as">
          Read as {HOST_NAME[read.host]}'s config: {read.entries.length} server{read.entries.length === 1 ? '' : 's'} can be imported.
        </p>
      )}
      {read.entries.length > 0 && (
        <fieldset className="import-entries">
          <legend>Servers to import</legend>
          {read.entries.map((entry) => (
            <label key={entry.name} className="import-entry">
              <input type="checkbox" checked={chosen.has(entry.name)} onChange={(e) => onChoose(entry.name, e.target.checked)} />
              <span className="server-name">{entry.name}</span>
              <span className="server-transport">{transportWord(entry.transport)}</span>
              <code className="import-target">{entryTarget(entry)}</code>
            </label>
          ))}
        </fieldset>
      )}
      {inputs.length > 0 && (
        <fieldset className="import-inputs">
          <legend>Values the file asks for</legend>
          {inputs.map((input, n) => (
            <div className="field" key={input.id}>
              <label htmlFor={`${id}-input-${n}`}>
                {input.description ?? input.id}{' '}
                <span className="hint">
                  ({`\${input:${input.id}}`}, for {input.servers.join(', ')})
                </span>
              </label>
              <input
                id={`${id}-input-${n}`}
                type={input.password ? 'password' : 'text'}
                className="mono"
                autoComplete="off"
                spellCheck={false}
                value={answer(input.id)}
                onChange={(e) => onAnswer(input.id, e.target.value)}
              />
            </div>
          ))}
        </fieldset>
      )}
      {read.problems.length > 0 && (
        <ul className="import-problems" aria-label="Problems in the file">
          {read.problems.map((p, i) => (
            <li key={i} className={p.skipped ? 'import-skipped' : ''}>
              {p.skipped && p.server !== undefined ? <strong>Skipped: </strong> : null}
              {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
