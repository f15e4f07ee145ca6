// Request headers for an HTTP server (Authorization, API keys …), one NAME /
// VALUE row each. Values are often secrets: hidden until shown, and the proxy
// masks them in the log and the Network view.

import { useState } from 'react';
import { newHeaderRow, type HeaderRow } from './form-model.js';

interface Props {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  disabled: boolean;
}

export function HeaderEditor({ rows, onChange, disabled }: Props) {
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const edit = (key: number, patch: Partial<HeaderRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const toggle = (key: number) =>
    setShown((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <fieldset className="env headers" disabled={disabled}>
      <legend>Headers</legend>
      {rows.length === 0 && <p className="hint">None. Add one for a token, e.g. Authorization: Bearer …</p>}
      {rows.map((row, i) => {
        const visible = shown.has(row.key);
        return (
          <div className="env-row header-row" key={row.key}>
            <input
              className="mono"
              aria-label={`Header ${i + 1} name`}
              placeholder="Authorization"
              value={row.name}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => edit(row.key, { name: e.target.value })}
            />
            <input
              className="mono"
              type={visible ? 'text' : 'password'}
              aria-label={`Header ${i + 1} value`}
              placeholder="Bearer …"
              value={row.value}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => edit(row.key, { value: e.target.value })}
            />
            <button
              type="button"
              className="secondary small"
              aria-label={`${visible ? 'Hide' : 'Show'} the value of header ${i + 1}`}
              aria-pressed={visible}
              onClick={() => toggle(row.key)}
            >
              {visible ? 'Hide' : 'Show'}
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove header ${i + 1}`}
              title="Remove"
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            >
              ×
            </button>
          </div>
        );
      })}
      <button type="button" className="secondary small" onClick={() => onChange([...rows, newHeaderRow()])}>
        Add header
      </button>
    </fieldset>
  );
}
