// A server asks for input (elicitation/create): a modal form the person can
// accept, decline or cancel (form mode), or a web page to open (URL mode).
// Nothing is sent until they choose.

import { useId, useState } from 'react';
import { formatProblems, validateAgainstSchema } from '../../../protocol/index.js';
import type { PendingElicitation, PendingFormElicitation } from './elicitation.js';
import { choiceBounds, contentOf, initialValues, type ElicitationField, type FieldValue } from './form-fields.js';
import { ProblemList } from '../../components/ProblemList.js';
import { DeclineAndCancel, ElicitationModal } from './ElicitationModal.js';
import { UrlElicitationDialog } from './UrlElicitationDialog.js';
import './elicitation.css';

/** Input types by string format (a Map: the format is server-chosen, and "constructor" is no input type). */
const INPUT_TYPE = new Map([
  ['email', 'email'],
  ['uri', 'url'],
  ['date', 'date'],
  ['date-time', 'datetime-local'],
]);

/** A multi-select enum: a group of checkboxes, its bounds said beside it. */
function MultiSelect({ field, value, onChange }: { field: ElicitationField; value: FieldValue | undefined; onChange: (v: FieldValue) => void }) {
  const chosen: readonly string[] = Array.isArray(value) ? value : [];
  const bounds = choiceBounds(field);
  const hintId = useId();
  return (
    <fieldset className="elicitation-field elicitation-choices" aria-describedby={bounds || field.description ? hintId : undefined}>
      <legend>
        {field.title}
        {field.required && <span aria-hidden="true"> *</span>}
      </legend>
      {field.options?.map((o) => (
        <label key={o.value} className="elicitation-choice">
          <input
            type="checkbox"
            checked={chosen.includes(o.value)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))}
          />
          {o.label}
        </label>
      ))}
      <span id={hintId} className="hint">
        {field.description && <span className="choice-description">{field.description}</span>}
        {bounds && <span className="choice-bounds">{bounds}</span>}
      </span>
    </fieldset>
  );
}

function Field({ field, value, onChange }: { field: ElicitationField; value: FieldValue | undefined; onChange: (v: FieldValue) => void }) {
  const id = useId();
  if (field.kind === 'multi') return <MultiSelect field={field} value={value} onChange={onChange} />;
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

function FormDialog({ item }: { item: PendingFormElicitation }) {
  const [values, setValues] = useState(() => initialValues(item.fields));
  const [problems, setProblems] = useState<string[]>([]);

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
    <ElicitationModal item={item} title="The server asks for input" initialFocus="input, select, button">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          accept();
        }}
      >
        {item.fields.map((f) => (
          <Field key={f.name} field={f} value={values.get(f.name)} onChange={(v) => setValues((s) => new Map(s).set(f.name, v))} />
        ))}
        {item.unsupported.length > 0 && (
          <p className="hint">
            Not shown: {item.unsupported.join(', ')}. requestedSchema may hold only text, number, boolean and choice fields, and these are none of them; Accept
            leaves them out of the answer.
          </p>
        )}
        <ProblemList problems={problems} />
        <div className="toolbar">
          <button type="submit" className="primary">
            Accept
          </button>
          <DeclineAndCancel item={item} />
        </div>
      </form>
    </ElicitationModal>
  );
}

/** The dialog of one question (a chunk of its own: ElicitationHost loads it when a server asks). */
export function ElicitationDialog({ item }: { item: PendingElicitation }) {
  return item.mode === 'url' ? <UrlElicitationDialog item={item} /> : <FormDialog item={item} />;
}
