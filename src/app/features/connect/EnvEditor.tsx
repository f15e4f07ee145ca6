// Environment variables for the server, one KEY / VALUE row each.

import { newEnvRow, type EnvRow } from './form-model.js';

interface Props {
  rows: EnvRow[];
  onChange: (rows: EnvRow[]) => void;
  disabled: boolean;
}

export function EnvEditor({ rows, onChange, disabled }: Props) {
  const edit = (key: number, patch: Partial<EnvRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className="env" disabled={disabled}>
      <legend>Environment</legend>
      {rows.length === 0 && <p className="hint">None besides the proxy's safe defaults (PATH, HOME, …).</p>}
      {rows.map((row, i) => (
        <div className="env-row" key={row.key}>
          <input
            className="mono"
            aria-label={`Variable ${i + 1} name`}
            placeholder="KEY"
            value={row.name}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => edit(row.key, { name: e.target.value })}
          />
          <input
            className="mono"
            aria-label={`Variable ${i + 1} value`}
            placeholder="VALUE"
            value={row.value}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => edit(row.key, { value: e.target.value })}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove variable ${i + 1}`}
            title="Remove"
            onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="secondary small" onClick={() => onChange([...rows, newEnvRow()])}>
        Add variable
      </button>
    </fieldset>
  );
}
