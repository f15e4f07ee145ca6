// Whether the selected tool's call can be sent as the form stands: the
// arguments (form or JSON view) checked against the inputSchema, then the
// request's own extras (`arguments: {}` when empty, `_meta`).

import { validateAgainstSchema, type Tool } from '../../../protocol/index.js';
import { applyExtras, type RequestExtras } from '../request-extras/request-extras.js';
import { draftArguments } from './form/draft.js';
import { placeProblems, type PlacedProblems } from './form/field-errors.js';
import type { FormSchema } from './form/prepare-schema.js';
import type { ToolDraft } from './tools-store.js';

/** What goes in the tools/call params besides the name; `arguments` undefined is left out. */
export interface Sendable {
  arguments?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

export type CallCheck = { ok: true; request: Sendable } | { ok: false; title: string; placed: PlacedProblems; canSendAnyway: boolean; request?: Sendable };

type ArgumentsCheck =
  { ok: true; args: Record<string, unknown> } | { ok: false; title: string; placed: PlacedProblems; canSendAnyway: boolean; args?: Record<string, unknown> };

function checkArguments(tool: Tool, prepared: FormSchema, draft: ToolDraft): ArgumentsCheck {
  const args = draftArguments(draft, prepared.schema);
  // A schema too deep for a form is not checked either; the note above the JSON editor says so.
  if (args.ok && prepared.jsonOnly) return { ok: true, args: args.value };
  if (!args.ok) return { ok: false, title: 'The arguments cannot be sent yet:', placed: { errorSchema: {}, lines: [args.message] }, canSendAnyway: false };
  const verdict = validateAgainstSchema(tool.inputSchema, args.value);
  if (verdict.valid) return { ok: true, args: args.value };
  if ('schemaError' in verdict) {
    const lines = [`${verdict.schemaError} The arguments cannot be checked before sending.`];
    return { ok: false, title: "The tool's inputSchema is not usable:", placed: { errorSchema: {}, lines }, canSendAnyway: true, args: args.value };
  }
  return {
    ok: false,
    title: "The arguments do not match the tool's inputSchema:",
    placed: placeProblems(prepared.schema, verdict.problems),
    canSendAnyway: true,
    args: args.value,
  };
}

export function checkCall(tool: Tool, prepared: FormSchema, draft: ToolDraft, extras: RequestExtras): CallCheck {
  const check = checkArguments(tool, prepared, draft);
  const applied = applyExtras(check.args, extras);
  if (!applied.ok) {
    if (check.ok) return { ok: false, title: 'The request cannot be sent yet:', placed: { errorSchema: {}, lines: [applied.message] }, canSendAnyway: false };
    return { ok: false, title: check.title, placed: { ...check.placed, lines: [...check.placed.lines, applied.message] }, canSendAnyway: false };
  }
  const request: Sendable = { ...(applied.arguments ? { arguments: applied.arguments } : {}), ...(applied.meta ? { meta: applied.meta } : {}) };
  if (check.ok) return { ok: true, request };
  const { args, ...problems } = check;
  return args === undefined ? problems : { ...problems, request };
}
