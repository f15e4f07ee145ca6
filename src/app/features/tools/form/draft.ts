// The form view and the JSON view of one tool's arguments, kept in sync:
// opening the JSON view writes the form's arguments as text; every edit of the
// text that parses to an object becomes the form's data. Text that does not
// parse shows why and blocks the call; the view cannot be left until it is
// fixed, so the form never goes on with an older value than what was typed.
// Likewise a field of the form holding invalid JSON blocks the call and
// keeps the JSON view closed.

import { isRecord } from '../../../../protocol/index.js';
import type { ToolDraft } from '../tools-store.js';
import { buildArguments } from './build-arguments.js';
import { invalidFieldsMessage, invalidJsonFields } from './json-text.js';
import { isJsonField, type Schema } from './prepare-schema.js';

export type ViewSwitch = { ok: true; draft: ToolDraft } | { ok: false; message: string };

export function openJsonView(draft: ToolDraft, formSchema: Schema): ViewSwitch {
  const invalid = invalidJsonFields(formSchema, draft.formData);
  if (invalid.length > 0) {
    return {
      ok: false,
      message: `${invalid.map((f) => f.path).join(', ')} ${invalid.length === 1 ? 'is' : 'are'} not valid JSON: fix or empty ${invalid.length === 1 ? 'it' : 'them'} before editing all the arguments as JSON.`,
    };
  }
  return { ok: true, draft: { formData: draft.formData, json: { text: JSON.stringify(buildArguments(formSchema, draft.formData), null, 2) } } };
}

export function closeJsonView(draft: ToolDraft): ViewSwitch {
  if (draft.json?.error)
    return { ok: false, message: 'Fix the arguments JSON before going back to the form: the form would show older arguments than this text.' };
  return { ok: true, draft: { formData: draft.formData } };
}

export function editJsonText(draft: ToolDraft, text: string): ToolDraft {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { formData: draft.formData, json: { text, error: `Not valid JSON: ${reason}. Nothing is sent until it is fixed.` } };
  }
  if (!isRecord(parsed)) {
    return {
      formData: draft.formData,
      json: { text, error: 'The arguments must be a JSON object, like {"a": 1}. Nothing is sent until it is one.' },
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
  const invalid = invalidJsonFields(formSchema, draft.formData);
  if (invalid.length > 0) return { ok: false, message: invalidFieldsMessage(invalid) };
  // A whole-arguments JSON field holding [1] or "text" would otherwise go as {}.
  if (isJsonField(formSchema) && draft.formData !== undefined && !isRecord(draft.formData)) {
    return { ok: false, message: 'The arguments must be a JSON object, like {"a": 1}: nothing was sent.' };
  }
  return { ok: true, value: buildArguments(formSchema, draft.formData) };
}
