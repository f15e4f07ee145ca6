// The arguments editor: a form generated from the tool's inputSchema (rjsf with
// our templates and widgets), or the whole `arguments` object as JSON text.

import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RegistryFieldsType, RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { useId, useState, type FormEvent } from 'react';
import type { ToolDraft } from '../tools-store.js';
import { closeJsonView, editJsonText, openJsonView, type ViewSwitch } from './draft.js';
import type { ErrorTree } from './field-errors.js';
import { ErrorBoundary } from '../../../components/ErrorBoundary.js';
import type { FormSchema } from './prepare-schema.js';
import { templates } from './templates.js';
import { formValidator } from './validator.js';
import { BaseInputTemplate, JsonField, TextareaWidget } from './widgets.js';
import './form.css';

const fields: RegistryFieldsType = { json: JsonField };
const allTemplates = { ...templates, BaseInputTemplate };
const widgets: RegistryWidgetsType = { TextareaWidget };

interface Props {
  toolName: string;
  prepared: FormSchema;
  draft: ToolDraft;
  onDraft: (draft: ToolDraft) => void;
  /** Problems to show at the fields, once the user tried to call. */
  errorSchema?: ErrorTree;
  onSubmit: () => void;
}

function JsonArguments({ draft, onDraft, formAvailable = true }: { draft: ToolDraft; onDraft: (d: ToolDraft) => void; formAvailable?: boolean }) {
  const id = useId();
  const json = draft.json!;
  return (
    <div className="json-arguments">
      <label htmlFor={id} className="label">
        arguments (JSON)
      </label>
      <textarea
        id={id}
        className="json-text"
        rows={Math.min(24, Math.max(6, json.text.split('\n').length + 1))}
        spellCheck={false}
        value={json.text}
        aria-invalid={json.error ? true : undefined}
        aria-describedby={json.error ? `${id}-error` : undefined}
        onChange={(e) => onDraft(editJsonText(draft, e.target.value))}
      />
      {json.error && (
        <p id={`${id}-error`} className="field-error">
          {json.error}
        </p>
      )}
      <p className="hint">Sent exactly as written.{formAvailable ? ' Switch back to the form to see these arguments in its fields.' : ''}</p>
    </div>
  );
}

export function ToolForm({ toolName, prepared, draft, onDraft, errorSchema, onSubmit }: Props) {
  if (prepared.jsonOnly) {
    return (
      <section className="tool-form" aria-label={`Arguments of ${toolName}`}>
        <div className="tool-form-head">
          <h4>Arguments</h4>
        </div>
        <p className="hint">{prepared.jsonOnly}</p>
        <JsonArguments draft={draft.json ? draft : { ...draft, json: { text: '{}' } }} onDraft={onDraft} formAvailable={false} />
      </section>
    );
  }
  return <FormOrJson toolName={toolName} prepared={prepared} draft={draft} onDraft={onDraft} errorSchema={errorSchema} onSubmit={onSubmit} />;
}

function FormOrJson({ toolName, prepared, draft, onDraft, errorSchema, onSubmit }: Props) {
  // Why the last press of JSON did not switch views (a field or the text is not valid JSON).
  const [switchProblem, setSwitchProblem] = useState<string | undefined>();
  const problemId = useId();
  const jsonOpen = draft.json !== undefined;
  const edit = (d: ToolDraft) => {
    setSwitchProblem(undefined);
    onDraft(d);
  };
  const switchTo = (result: ViewSwitch) => {
    if (result.ok) edit(result.draft);
    else setSwitchProblem(result.message);
  };
  const toggle = () => switchTo(jsonOpen ? closeJsonView(draft) : openJsonView(draft, prepared.schema));
  return (
    <section className="tool-form" aria-label={`Arguments of ${toolName}`}>
      <div className="tool-form-head">
        <h4>Arguments</h4>
        <button
          type="button"
          className="small"
          aria-pressed={jsonOpen}
          aria-describedby={switchProblem ? problemId : undefined}
          onClick={toggle}
          title="Edit the whole arguments object as JSON text"
        >
          JSON
        </button>
      </div>
      {switchProblem && (
        <p id={problemId} className="field-error" role="alert">
          {switchProblem}
        </p>
      )}
      {prepared.fallbacks.length > 0 && !jsonOpen && (
        <p className="hint">
          {prepared.fallbacks.length === 1 ? 'One field is' : `${prepared.fallbacks.length} fields are`} edited as JSON text: the form cannot render
          {prepared.fallbacks.length === 1 ? ' its schema' : ' their schemas'}.
        </p>
      )}
      {jsonOpen ? (
        <JsonArguments draft={draft} onDraft={edit} />
      ) : (
        <ErrorBoundary
          what="The form for this tool's inputSchema"
          advice="Edit the arguments as JSON instead."
          action={{ label: 'Edit the arguments as JSON', run: () => switchTo(openJsonView(draft, prepared.schema)) }}
        >
          <Form
            schema={prepared.schema as RJSFSchema}
            uiSchema={prepared.uiSchema as UiSchema}
            validator={formValidator}
            formData={draft.formData}
            onChange={(e) => edit({ formData: e.formData })}
            onSubmit={(_data, event: FormEvent) => {
              event.preventDefault();
              onSubmit();
            }}
            templates={allTemplates}
            fields={fields}
            widgets={widgets}
            noValidate
            noHtml5Validate
            showErrorList={false}
            {...(errorSchema ? { extraErrors: errorSchema as ErrorSchema } : {})}
            idPrefix={`tool-${toolName}`}
            className="rjsf-form"
          >
            <></>
          </Form>
        </ErrorBoundary>
      )}
    </section>
  );
}
