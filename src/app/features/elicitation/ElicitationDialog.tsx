// A server asks for input (elicitation/create): a modal form the person can
// accept, decline or cancel. Nothing is sent until they choose.

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatProblems, validateAgainstSchema } from '../../../protocol/index.js';
import { contentOf, initialValues, type ElicitationField, type PendingElicitation } from './elicitation.js';
import './elicitation.css';

/** Input types by string format (a Map: the format is server-chosen, and "constructor" is no input type). */
const INPUT_TYPE = new Map([
  ['email', 'email'],
  ['uri', 'url'],
  ['date', 'date'],
  ['date-time', 'datetime-local'],
]);

function Field({ field, value, onChange }: { field: ElicitationField; value: string | boolean | undefined; onChange: (v: string | boolean) => void }) {
  const id = useId();
  const label = (
    <label htmlFor={id}>
      {field.title}
      {field.required && <span aria-hidden="true"> *</span>}
    </label>
  );
  let control;
  if (field.kind === 'boolean') {
    control = <input id={id} type="checkbox" aria-required={field.required} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
  } else if (field.kind === 'enum') {
    control = (
      <select id={id} aria-required={field.required} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{field.required ? 'Choose…' : '(none)'}</option>
        {field.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else {
    const type = field.kind === 'string' ? (INPUT_TYPE.get(field.format ?? '') ?? 'text') : 'number';
    control = (
      <input
        id={id}
        type={type}
        aria-required={field.required}
        step={field.kind === 'integer' ? 1 : 'any'}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className="elicitation-field">
      {label}
      {control}
      {field.description && <span className="hint">{field.description}</span>}
    </div>
  );
}

/** Keep Tab inside the dialog: it is modal. */
function trapFocus(e: KeyboardEvent<HTMLDivElement>, root: HTMLDivElement | null): void {
  const focusable = root ? [...root.querySelectorAll<HTMLElement>('input, select, button, textarea, [tabindex]:not([tabindex="-1"])')] : [];
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

function Dialog({ item }: { item: PendingElicitation }) {
  const [values, setValues] = useState(() => initialValues(item.fields));
  const [problems, setProblems] = useState<string[]>([]);
  const titleId = useId();
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.querySelector<HTMLElement>('input, select, button')?.focus(), []);

  const accept = () => {
    const content = contentOf(item.fields, values);
    const verdict = validateAgainstSchema(item.schema, content);
    if (!verdict.valid) {
      setProblems('schemaError' in verdict ? [verdict.schemaError] : formatProblems(verdict.problems));
      return;
    }
    item.answer({ result: { action: 'accept', content } });
  };

  return (
    <div className="elicitation-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="elicitation-dialog"
        ref={first}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            item.answer({ result: { action: 'cancel' } });
          } else if (e.key === 'Tab') trapFocus(e, first.current);
        }}
      >
        <h3 id={titleId}>The server asks for input</h3>
        <p className="elicitation-message">{item.message}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            accept();
          }}
        >
          {item.fields.map((f) => (
            <Field key={f.name} field={f} value={values.get(f.name)} onChange={(v) => setValues((s) => new Map(s).set(f.name, v))} />
          ))}
          {item.multiSelect.length > 0 && (
            <p className="hint">
              Not shown yet: {item.multiSelect.join(', ')}. These are multi-select choices, which the 2025-11-25 specification defines but mcpscope cannot show
              yet; Accept leaves them out of the answer.
            </p>
          )}
          {item.unsupported.length > 0 && (
            <p className="hint">
              Not shown: {item.unsupported.join(', ')}. requestedSchema may hold only text, number, boolean and choice fields, and these are none of them;
              Accept leaves them out of the answer.
            </p>
          )}
          {problems.length > 0 && (
            <ul role="alert" className="field-error">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          <div className="toolbar">
            <button type="submit" className="primary">
              Accept
            </button>
            <button type="button" onClick={() => item.answer({ result: { action: 'decline' } })}>
              Decline
            </button>
            <button type="button" onClick={() => item.answer({ result: { action: 'cancel' } })}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** The dialog of one question (a chunk of its own: ElicitationHost loads it when a server asks). */
export function ElicitationDialog({ item }: { item: PendingElicitation }) {
  return <Dialog item={item} />;
}
