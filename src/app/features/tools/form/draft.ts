// The form view and the JSON view of one tool's arguments, kept in sync:
// opening the JSON view writes the form's arguments as text; every edit of the
// text that parses to an object becomes the form's data; text that does not
// parse shows why and leaves the form at its last good value.

import { isRecord } from '../../../../protocol/index.js';
import type { ToolDraft } from '../tools-store.js';
import { buildArguments } from './build-arguments.js';
import type { Schema } from './prepare-schema.js';

export function openJsonView(draft: ToolDraft, formSchema: Schema): ToolDraft {
  return { formData: draft.formData, json: { text: JSON.stringify(buildArguments(formSchema, draft.formData), null, 2) } };
}

export function closeJsonView(draft: ToolDraft): ToolDraft {
  return { formData: draft.formData };
}

export function editJsonText(draft: ToolDraft, text: string): ToolDraft {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { formData: draft.formData, json: { text, error: `Not valid JSON: ${reason}. The form keeps the last valid arguments.` } };
  }
  if (!isRecord(parsed)) {
    return {
      formData: draft.formData,
      json: { text, error: 'The arguments must be a JSON object, like {"a": 1}. The form keeps the last valid arguments.' },
    };
  }
  return { formData: parsed, json: { text } };
}

/** The arguments to send: exactly the JSON text's object in the JSON view, else built from the form. */
export function draftArguments(draft: ToolDraft, formSchema: Schema): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (draft.json) {
    if (draft.json.error) return { ok: false, message: `Fix the arguments JSON first. ${draft.json.error}` };
    return { ok: true, value: JSON.parse(draft.json.text) as Record<string, unknown> };
  }
  return { ok: true, value: buildArguments(formSchema, draft.formData) };
}
