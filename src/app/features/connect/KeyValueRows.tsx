// Name / value rows with add and remove: the server's environment, or the
// request headers of an HTTP server. A value is secret when its name says so
// (isSecretName) or the person marks it: then it stays hidden until shown. A
// secret the proxy keeps for a saved server is never in the page until revealed.

import { useState } from 'react';
import { isSecretName } from '../../../protocol/index.js';
import { KEPT_SECRET } from '../../../protocol/index.js';
import { KeptSecretValue } from '../servers/KeptSecretValue.js';
import { newEnvRow, type EnvRow } from './form-model.js';
import './key-value-rows.css';

interface Props {
  legend: string;
  /** What one row is called in labels: "Variable", "Header". */
  noun: string;
  rows: EnvRow[];
  onChange: (rows: EnvRow[]) => void;
  disabled: boolean;
  emptyHint: string;
  placeholders: [string, string];
  /** Hide every value until shown (headers: often credentials). */
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
        const byName = isSecretName(row.name.trim());
        const hidden = secret || byName || row.secret === true;
        const visible = !hidden || shown.has(row.key);
        return (
          <div className="env-row kv-row" key={row.key}>
            <input
              className="mono"
              aria-label={`${noun} ${i + 1} name`}
              placeholder={placeholders[0]}
              value={row.name}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => edit(row.key, { name: e.target.value })}
            />
            {row.value === KEPT_SECRET ? (
              <KeptSecretValue name={row.name} label={`${noun} ${i + 1} value`} onChange={(value) => edit(row.key, { value })} />
            ) : (
              <>
                <input
                  className="mono"
                  type={visible ? 'text' : 'password'}
                  aria-label={`${noun} ${i + 1} value`}
                  placeholder={placeholders[1]}
                  value={row.value}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(e) => edit(row.key, { value: e.target.value })}
                />
                {hidden ? (
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`${visible ? 'Hide' : 'Show'} the value of ${lower} ${i + 1}`}
                    aria-pressed={visible}
                    onClick={() => toggle(row.key)}
                  >
                    {visible ? 'Hide' : 'Show'}
                  </button>
                ) : (
                  <span />
                )}
              </>
            )}
            <label className="kv-secret" title={byName ? 'Secret by its name' : 'Kept out of the log, exports and the browser'}>
              <input
                type="checkbox"
                aria-label={`${noun} ${i + 1} is secret`}
                checked={byName || row.secret === true}
                disabled={byName}
                onChange={(e) => edit(row.key, { secret: e.target.checked })}
              />
              secret
            </label>
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
