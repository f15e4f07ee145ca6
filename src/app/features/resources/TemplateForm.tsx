// One resource template: a field per RFC 6570 variable (with the server's
// suggestions), the URI they expand to (live), and Read.

import { McpIcon } from '../../components/icons/McpIcon.js';
import { useId, useState, type FormEvent } from 'react';
import { ownValue, type ResourceTemplate } from '../../../protocol/index.js';
import { useResources } from '../../hooks.js';
import { CompletionInput } from '../completion/CompletionInput.js';
import { expandTemplateFields } from './template-fields.js';

const QUERY_OPERATORS = new Set(['?', '&']);

export function TemplateForm({ template }: { template: ResourceTemplate }) {
  const read = useResources((s) => s.read);
  const [values, setValues] = useState<Record<string, string>>({});
  const headingId = useId();
  const fieldId = useId();
  const validTemplate = typeof template.uriTemplate === 'string';
  const expansion = expandTemplateFields(validTemplate ? template.uriTemplate : '', values);
  const { uri } = expansion;

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (uri !== undefined) void read(uri);
  }

  return (
    <form className="template-form" aria-labelledby={headingId} onSubmit={submit}>
      <h4 id={headingId}>
        <McpIcon icons={template.icons} /> {template.title ?? template.name}
      </h4>
      <div className="mono hint">{validTemplate ? template.uriTemplate : 'This template has no "uriTemplate" string.'}</div>
      {template.description && <p className="hint">{template.description}</p>}
      {expansion.variables.map((v) => {
        const id = `${fieldId}-${v.name}`;
        const optional = QUERY_OPERATORS.has(v.operator);
        return (
          <div className="field" key={v.name}>
            <label htmlFor={id}>
              {v.name}
              {optional && <span className="hint"> (optional)</span>}
            </label>
            <CompletionInput
              id={id}
              value={ownValue(values, v.name) ?? ''}
              maxLength={v.maxLength}
              spellCheck={false}
              onChange={(value) => setValues((prev) => ({ ...prev, [v.name]: value }))}
              completionRef={{ type: 'ref/resource', uri: validTemplate ? template.uriTemplate : '' }}
              argument={v.name}
              fields={values}
            />
            {v.maxLength !== undefined && <span className="hint">Only the first {v.maxLength} characters are used.</span>}
          </div>
        );
      })}
      <div className="field">
        <span className="label" id={`${fieldId}-expanded`}>
          Expanded URI
        </span>
        <output className="mono expanded-uri" aria-labelledby={`${fieldId}-expanded`}>
          {uri ?? ''}
        </output>
        {expansion.error && <span className="field-error">{expansion.error}</span>}
        {uri !== undefined && expansion.emptyVariables.length > 0 && (
          <span className="hint">
            {expansion.emptyVariables.join(', ')} {expansion.emptyVariables.length === 1 ? 'is' : 'are'} empty and left out of the URI.
          </span>
        )}
      </div>
      <button type="submit" className="small" disabled={uri === undefined || !validTemplate}>
        Read
      </button>
    </form>
  );
}
