// A form from the selected prompt's arguments: one text field each (with the
// server's suggestions), required ones marked and checked before prompts/get is
// sent; then `arguments: {}` when there are none, and `_meta`.

import { useId, type FormEvent } from 'react';
import { ownValue, type Prompt } from '../../../protocol/index.js';
import { declaredArguments, missingMessage } from './prompt-arguments.js';
import { usePrompts } from '../../hooks.js';
import { CompletionInput } from '../completion/CompletionInput.js';
import { RequestExtras } from '../request-extras/RequestExtras.js';
import { PROMPT_EXTRAS } from './prompts-store.js';

const NO_VALUES: Readonly<Record<string, string>> = {};

export function PromptForm({ prompt, canSend, loading }: { prompt: Prompt; canSend: string | undefined; loading: boolean }) {
  const values = usePrompts((s) => ownValue(s.values, prompt.name) ?? NO_VALUES);
  const missing = usePrompts((s) => s.missing);
  const extras = usePrompts((s) => ownValue(s.extras, prompt.name)) ?? PROMPT_EXTRAS;
  const blocked = usePrompts((s) => s.blocked);
  const setExtras = usePrompts((s) => s.setExtras);
  const getPrompt = usePrompts((s) => s.getPrompt);
  const setValue = usePrompts((s) => s.setValue);
  const id = useId();
  const args = declaredArguments(prompt.arguments);

  function submit(event: FormEvent): void {
    event.preventDefault();
    getPrompt(prompt);
  }

  return (
    <form className="prompt-form" aria-label={`Arguments of ${prompt.name}`} onSubmit={submit} noValidate>
      <h3>{prompt.title ?? prompt.name}</h3>
      {prompt.description && <p className="hint">{prompt.description}</p>}
      {args.length === 0 && <p className="hint">This prompt takes no arguments.</p>}
      {args.map((arg) => {
        const fieldId = `${id}-${arg.name}`;
        const invalid = missing.includes(arg.name);
        const describedBy = [arg.description ? `${fieldId}-desc` : '', invalid ? `${fieldId}-error` : ''].filter(Boolean).join(' ');
        return (
          <div className="field" key={arg.name}>
            <label htmlFor={fieldId}>
              {arg.name}
              {arg.required === true && <span className="required-mark"> (required)</span>}
            </label>
            <CompletionInput
              id={fieldId}
              value={ownValue(values, arg.name) ?? ''}
              aria-required={arg.required === true}
              aria-invalid={invalid}
              aria-describedby={describedBy || undefined}
              onChange={(value) => setValue(prompt.name, arg.name, value)}
              completionRef={{ type: 'ref/prompt', name: prompt.name }}
              argument={arg.name}
              fields={values}
            />
            {arg.description && (
              <span id={`${fieldId}-desc`} className="hint">
                {arg.description}
              </span>
            )}
            {invalid && (
              <span id={`${fieldId}-error`} className="field-error">
                {arg.name} is required.
              </span>
            )}
          </div>
        );
      })}
      <RequestExtras extras={extras} onChange={(e) => setExtras(prompt.name, e)} method="prompts/get" />
      {missing.length > 0 && (
        <p role="alert" className="field-error">
          {missingMessage(missing)}
        </p>
      )}
      {blocked && (
        <p role="alert" className="field-error">
          {blocked}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="primary" disabled={canSend !== undefined || loading} aria-describedby={canSend ? `${id}-reason` : undefined}>
          Get prompt
        </button>
        {canSend && (
          <span id={`${id}-reason`} className="hint">
            {canSend}
          </span>
        )}
        {loading && (
          <span className="hint" role="status">
            Getting prompt…
          </span>
        )}
      </div>
    </form>
  );
}
