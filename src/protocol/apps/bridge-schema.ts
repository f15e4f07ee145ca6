// The bridge's messages against the extension's published JSON Schema
// (`@modelcontextprotocol/ext-apps/schema.json`): a ui/* request or
// notification as `{ method, params }` against its definition, a result
// against the request's result definition. Interpreted by the project's
// validator (schema/validate.ts), never compiled into code.

import schema from '@modelcontextprotocol/ext-apps/schema.json' with { type: 'json' };
import { isRecord } from '../json/guards.js';
import { validateAgainstSchema } from '../schema/validate.js';
import { ownValue } from '../text/own.js';

// Built on first use (with the schema's one known defect mended), so that a bundle that never lints the bridge drops the schema.
let defs: Record<string, unknown> | undefined;
const DEFS = (): Record<string, unknown> => (defs ??= isRecord(schema.$defs) ? (mendClosedIntersections(schema.$defs) as Record<string, unknown>) : {});

/**
 * The published schema writes "either width or maxWidth, and either height or maxHeight" (containerDimensions)
 * as an allOf of anyOfs of objects each closed with additionalProperties: false, which no object naming both a
 * width and a height can pass. Each branch of such an allOf is let take the keys the other members name
 * (which those members check), as the spec's words mean it.
 */
export function mendClosedIntersections(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mendClosedIntersections);
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = mendClosedIntersections(value);
  const members = closedIntersection(out.allOf);
  if (members === undefined) return out;
  const keysOf = (member: Array<Record<string, unknown>>) => member.flatMap((b) => Object.keys(b.properties as Record<string, unknown>));
  out.allOf = members.map((member, i) => {
    const others = members.filter((_, j) => j !== i).flatMap(keysOf);
    return { anyOf: member.map((b) => ({ ...b, properties: { ...Object.fromEntries(others.map((k) => [k, {}])), ...(b.properties as object) } })) };
  });
  return out;
}

/** The branches of each member of an allOf of two or more bare anyOfs whose every branch is a closed object; else undefined. */
function closedIntersection(allOf: unknown): Array<Array<Record<string, unknown>>> | undefined {
  if (!Array.isArray(allOf) || allOf.length < 2) return undefined;
  const members: Array<Array<Record<string, unknown>>> = [];
  for (const member of allOf) {
    if (!isRecord(member) || Object.keys(member).length !== 1 || !Array.isArray(member.anyOf)) return undefined;
    const branches: Array<Record<string, unknown>> = [];
    for (const b of member.anyOf) {
      if (!isRecord(b) || b.type !== 'object' || b.additionalProperties !== false || !isRecord(b.properties)) return undefined;
      branches.push(b);
    }
    members.push(branches);
  }
  return members;
}

interface MethodDefs {
  message: string;
  result?: string;
}

let byMethod: Map<string, MethodDefs> | undefined;

/** Definition name of each method's message ("McpUiOpenLinkRequest") and of its result ("McpUiOpenLinkResult"). */
function table(): Map<string, MethodDefs> {
  if (byMethod === undefined) {
    byMethod = new Map();
    for (const [name, def] of Object.entries(DEFS())) {
      const m = isRecord(def) && isRecord(def.properties) && isRecord(def.properties.method) ? def.properties.method.const : undefined;
      if (typeof m !== 'string') continue;
      const result = name.endsWith('Request') ? `${name.slice(0, -'Request'.length)}Result` : undefined;
      byMethod.set(m, { message: name, ...(result !== undefined && Object.hasOwn(DEFS(), result) ? { result } : {}) });
    }
  }
  return byMethod;
}

/** The methods the schema defines a message for. */
export function schemaMethods(): string[] {
  return [...table().keys()];
}

function problems(defName: string | undefined, value: unknown): string[] {
  const def = defName === undefined ? undefined : ownValue(DEFS(), defName);
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
