// The input every text-like widget (text, number, date, email, url, …) renders
// through, a growing textarea for free text, and a JSON text field for
// sub-schemas the form cannot render.

import { useEffect, useState, type ChangeEvent, type FocusEvent } from 'react';
import { ariaDescribedByIds, getInputProps, type BaseInputTemplateProps, type FieldProps, type WidgetProps } from '@rjsf/utils';
import { invalidJsonMessage, invalidJsonText, isInvalidJson, readJsonText } from './json-text.js';
import { JSON_ALLOWS_STRING, JSON_FIELD } from './prepare-schema.js';

/** What a single-line input and a textarea share: identity, state, accessibility and focus events. */
function textControlProps(props: WidgetProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, rawErrors, required, placeholder } = props;
  return {
    id,
    name: htmlName || id,
    readOnly: readonly,
    disabled,
    autoFocus: autofocus,
    required,
    placeholder: value === null ? 'null' : placeholder,
    'aria-invalid': rawErrors && rawErrors.length > 0 ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id),
    onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onBlur(id, e.target.value),
    onFocus: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, e.target.value),
  };
}

/**
 * A number goes in a text input: a number input reports "" for "2x" (the field would silently be left
 * out); as text it is kept, sent as a number when it is one, and otherwise caught by validation.
 */
function numberAsText(inputProps: ReturnType<typeof getInputProps>) {
  const { step: _step, min: _min, max: _max, ...rest } = inputProps;
  return { ...rest, type: 'text', inputMode: inputProps.type === 'integer' || Number.isInteger(inputProps.step) ? 'numeric' : 'decimal' } as const;
}

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { value, onChange, onChangeOverride, options, schema, type } = props;
  const given = getInputProps(schema, type, options);
  const isNumber = given.type === 'number' || given.type === 'integer';
  const inputProps = isNumber ? numberAsText(given) : given;
  const shown = value === null || value === undefined ? '' : isNumber && value !== 0 && !value ? '' : value;
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value);
  return (
    <input className="form-input" {...textControlProps(props)} {...inputProps} value={shown as string | number} onChange={onChangeOverride ?? handleChange} />
  );
}

/** Free text: one row to start, growing with its lines up to eight; Enter types a newline. */
export function TextareaWidget(props: WidgetProps) {
  const { value, onChange, options } = props;
  const text = typeof value === 'string' ? value : '';
  return (
    <textarea
      className="form-input form-textarea"
      {...textControlProps(props)}
      rows={Math.min(8, text.split('\n').length)}
      value={text}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
    />
  );
}

function toText(value: unknown): string {
  if (isInvalidJson(value)) return invalidJsonText(value);
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

/**
 * Edits one value as JSON text. Text that does not parse is never replaced by an older value: it is
 * sent as a string where the schema allows one (and the field says so), else it blocks the call.
 */
export function JsonField(props: FieldProps) {
  const { formData, onChange, fieldPathId, schema, disabled, readonly, rawErrors } = props;
  const stringAllowed = schema[JSON_ALLOWS_STRING] === true;
  const [text, setText] = useState(() => toText(formData));
  const id = fieldPathId.$id;
  const isRoot = fieldPathId.path.length === 0;

  // Follow changes made elsewhere (loading arguments, the JSON view) unless the text already means the same.
  useEffect(() => {
    setText((current) => {
      if (isInvalidJson(formData)) return invalidJsonText(formData);
      if (typeof formData === 'string' && current === formData) return current;
      try {
        if (current.trim() !== '' && JSON.stringify(JSON.parse(current)) === JSON.stringify(formData)) return current;
      } catch {
        return current;
      }
      return toText(formData);
    });
  }, [formData]);

  function edit(next: string): void {
    setText(next);
    const reading = readJsonText(next, stringAllowed);
    onChange(reading.kind === 'empty' ? undefined : reading.value, fieldPathId.path);
  }

  // What the text means is read from the form data, so it holds after a remount (the JSON view and back).
  const reading = isInvalidJson(formData) || typeof formData === 'string' ? readJsonText(text, stringAllowed) : undefined;
  const error = isInvalidJson(formData) ? invalidJsonMessage(formData.reason) : undefined;
  const asString = reading?.kind === 'string' && reading.value === formData ? reading.note : undefined;
  const reason = typeof schema[JSON_FIELD] === 'string' ? schema[JSON_FIELD] : undefined;
  const noteId = `${id}__json-note`;
  return (
    <div className="json-field">
      <textarea
        id={id}
        className="json-text"
        rows={Math.min(12, Math.max(3, text.split('\n').length))}
        spellCheck={false}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        placeholder='JSON, e.g. {} or [] or "text" — leave empty to omit'
        aria-label={isRoot ? 'arguments (JSON)' : undefined}
        aria-invalid={error !== undefined || (rawErrors?.length ?? 0) > 0 ? true : undefined}
        aria-describedby={`${noteId} ${ariaDescribedByIds(id)}`}
        onChange={(e) => edit(e.target.value)}
      />
      <p id={noteId} className="hint">
        Edited as JSON{reason ? ` because ${reason}` : ''}.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {asString && (
        <p className="hint" role="status">
          {asString}
        </p>
      )}
    </div>
  );
}
