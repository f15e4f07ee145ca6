// Name / value rows with add and remove: the server's environment, or the
// request headers of an HTTP server (whose values, often secrets, stay hidden
// until shown).

import { useState } from 'react';
import { newEnvRow, type EnvRow } from './form-model.js';

interface Props {
  legend: string;
  /** What one row is called in labels: "Variable", "Header". */
  noun: string;
  rows: EnvRow[];
  onChange: (rows: EnvRow[]) => void;
  disabled: boolean;
  emptyHint: string;
  placeholders: [string, string];
  /** Hide values until shown. */
  secret?: boolean;
  className?: string;
}

export function KeyValueRows({ legend, noun, rows, onChange, disabled, emptyHint, placeholders, secret = false, className = '' }: Props) {
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const edit = (key: number, patch: Partial<EnvRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const toggle = (key: number) =>
    setShown((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const lower = noun.toLowerCase();
  return (
    <fieldset className={`env ${className}`} disabled={disabled}>
      <legend>{legend}</legend>
      {rows.length === 0 && <p className="hint">{emptyHint}</p>}
      {rows.map((row, i) => {
        const visible = !secret || shown.has(row.key);
        return (
          <div className={`env-row${secret ? ' header-row' : ''}`} key={row.key}>
            {(['name', 'value'] as const).map((field, j) => (
              <input
                key={field}
                className="mono"
                type={field === 'value' && !visible ? 'password' : 'text'}
                aria-label={`${noun} ${i + 1} ${field}`}
                placeholder={placeholders[j]}
                value={row[field]}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => edit(row.key, { [field]: e.target.value })}
              />
            ))}
            {secret && (
              <button
                type="button"
                className="secondary small"
                aria-label={`${visible ? 'Hide' : 'Show'} the value of ${lower} ${i + 1}`}
                aria-pressed={visible}
                onClick={() => toggle(row.key)}
              >
                {visible ? 'Hide' : 'Show'}
              </button>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${lower} ${i + 1}`}
              title="Remove"
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            >
              ×
            </button>
          </div>
        );
      })}
      <button type="button" className="secondary small" onClick={() => onChange([...rows, newEnvRow()])}>
        Add {lower}
      </button>
    </fieldset>
  );
}
