// The bridge's messages against the extension's published JSON Schema
// (`@modelcontextprotocol/ext-apps/schema.json`): a ui/* request or
// notification as `{ method, params }` against its definition, a result
// against the request's result definition. Interpreted by the project's
// validator (schema/validate.ts), never compiled into code.

import schema from '@modelcontextprotocol/ext-apps/schema.json' with { type: 'json' };
import { isRecord } from '../json/guards.js';
import { validateAgainstSchema } from '../schema/validate.js';
import { ownValue } from '../text/own.js';

const DEFS: Record<string, unknown> = isRecord(schema.$defs) ? schema.$defs : {};

interface MethodDefs {
  message: string;
  result?: string;
}

// Built on first use, so that a bundle that never lints the bridge drops the schema.
let byMethod: Map<string, MethodDefs> | undefined;

/** Definition name of each method's message ("McpUiOpenLinkRequest") and of its result ("McpUiOpenLinkResult"). */
function table(): Map<string, MethodDefs> {
  if (byMethod === undefined) {
    byMethod = new Map();
    for (const [name, def] of Object.entries(DEFS)) {
      const m = isRecord(def) && isRecord(def.properties) && isRecord(def.properties.method) ? def.properties.method.const : undefined;
      if (typeof m !== 'string') continue;
      const result = name.endsWith('Request') ? `${name.slice(0, -'Request'.length)}Result` : undefined;
      byMethod.set(m, { message: name, ...(result !== undefined && Object.hasOwn(DEFS, result) ? { result } : {}) });
    }
  }
  return byMethod;
}

/** The methods the schema defines a message for. */
export function schemaMethods(): string[] {
  return [...table().keys()];
}

function problems(defName: string | undefined, value: unknown): string[] {
  const def = defName === undefined ? undefined : ownValue(DEFS, defName);
  if (def === undefined) return [];
  const verdict = validateAgainstSchema(def, value);
  if (verdict.valid) return [];
  if ('schemaError' in verdict) return [];
  return verdict.problems.map((p) => `${p.path || '(root)'} ${p.message}`);
}

/** What of a ui/* request or notification does not match its definition: one line each, empty when it matches or is not the extension's. */
export function messageSchemaProblems(method: string, params: unknown): string[] {
  return problems(table().get(method)?.message, params === undefined ? { method } : { method, params });
}

/** What of the result of a ui/* request does not match the definition of its result. */
export function resultSchemaProblems(method: string, result: unknown): string[] {
  return problems(table().get(method)?.result, result);
}
