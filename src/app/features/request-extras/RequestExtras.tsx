// The request's own controls under a Tools or Prompts form: send
// `arguments: {}` when there are none, and a `_meta` object as JSON.

import { useId } from 'react';
import { readMeta, type RequestExtras as Extras } from './request-extras.js';
import '../tools/form/form.css';
import './request-extras.css';

interface Props {
  extras: Extras;
  onChange: (extras: Extras) => void;
  /** "tools/call" or "prompts/get": the request these controls shape. */
  method: string;
}

export function RequestExtras({ extras, onChange, method }: Props) {
  const id = useId();
  const meta = readMeta(extras.metaText);
  return (
    <fieldset className="request-extras">
      <legend>Request</legend>
      <label className="request-extras-empty">
        <input type="checkbox" checked={extras.sendEmptyArguments} onChange={(e) => onChange({ ...extras, sendEmptyArguments: e.target.checked })} />
        Send <code>arguments: {'{}'}</code> when there are none
      </label>
      <label htmlFor={`${id}-meta`} className="label">
        _meta (JSON object)
      </label>
      <textarea
        id={`${id}-meta`}
        className="json-text"
        rows={Math.min(8, Math.max(2, extras.metaText.split('\n').length))}
        spellCheck={false}
        placeholder='e.g. {"trace": "abc"}; empty sends none'
        value={extras.metaText}
        aria-invalid={meta.ok ? undefined : true}
        aria-describedby={`${id}-meta-note`}
        onChange={(e) => onChange({ ...extras, metaText: e.target.value })}
      />
      <p id={`${id}-meta-note`} className={meta.ok ? 'hint' : 'field-error'}>
        {meta.ok
          ? `Goes in the ${method} params._meta; mcpscope adds its own fields (progressToken, the 2026-07-28 protocol fields) beside these.`
          : meta.message}
      </p>
    </fieldset>
  );
}
