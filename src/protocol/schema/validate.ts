// JSON Schema validation (tool arguments, structuredContent against
// outputSchema) with ajv. MCP schemas are draft-07 up to 2025-06-18 and 2020-12
// from 2025-11-25; a schema's own "$schema" decides, else 2020-12.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type FormatsPlugin = (ajv: Ajv) => Ajv;
// ajv-formats is CommonJS; depending on the bundler its default is the plugin or the module.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin));

export interface SchemaProblem {
  /** JSON Pointer into the value, "" for the root. */
  path: string;
  message: string;
}

export type ValidationResult =
  | { valid: true }
  | { valid: false; problems: SchemaProblem[] }
  /** The schema itself could not be compiled. */
  | { valid: false; schemaError: string; problems: [] };

const draft07 = addFormats(new Ajv({ allErrors: true, strict: false, validateFormats: true }));
const draft2020 = addFormats(new Ajv2020({ allErrors: true, strict: false, validateFormats: true }) as unknown as Ajv);
const cache = new WeakMap<object, ValidateFunction | string>();

function compile(schema: Record<string, unknown>): ValidateFunction | string {
  const hit = cache.get(schema);
  if (hit) return hit;
  const ajv = typeof schema.$schema === 'string' && schema.$schema.includes('draft-07') ? draft07 : draft2020;
  let compiled: ValidateFunction | string;
  try {
    // $id would collide across compilations of different servers' schemas.
    const { $id: _id, ...rest } = schema;
    compiled = ajv.compile(rest);
  } catch (e) {
    compiled = e instanceof Error ? e.message : String(e);
  }
  cache.set(schema, compiled);
  return compiled;
}

export function describeError(e: ErrorObject): SchemaProblem {
  const path = e.instancePath;
  let message = e.message ?? 'is invalid';
  if (e.keyword === 'required') message = `missing required property "${String(e.params.missingProperty)}"`;
  else if (e.keyword === 'additionalProperties') message = `has unexpected property "${String(e.params.additionalProperty)}"`;
  else if (e.keyword === 'enum') message = `must be one of ${JSON.stringify(e.params.allowedValues)}`;
  return { path, message };
}

export function validateAgainstSchema(schema: unknown, value: unknown): ValidationResult {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { valid: false, schemaError: 'The schema is not a JSON object.', problems: [] };
  }
  const validate = compile(schema as Record<string, unknown>);
  if (typeof validate === 'string') return { valid: false, schemaError: `The schema does not compile: ${validate}`, problems: [] };
  if (validate(value)) return { valid: true };
  return { valid: false, problems: (validate.errors ?? []).map(describeError) };
}

/** One line per problem, e.g. `/items/0/quantity: must be <= 100`. */
export function formatProblems(problems: SchemaProblem[]): string[] {
  return problems.map((p) => `${p.path || '(root)'}: ${p.message}`);
}
