// rjsf's schema utilities (defaults, matching an option of oneOf/anyOf) need a
// validator. This one is backed by src/protocol's interpreting validator, so a
// server's schema is never compiled into code in this page.
import {
  getDefaultFormState,
  toErrorSchema,
  type ErrorSchema,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { validateAgainstSchema, type SchemaProblem } from '../../../../protocol/index.js';
import { pointerSegments } from './field-errors.js';
import type { Schema } from './prepare-schema.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A sub-schema validated on its own still needs the root's definitions for its $refs. */
function withRootDefinitions(schema: RJSFSchema, root: RJSFSchema | undefined): RJSFSchema {
  if (!root || schema === root || !isRecord(root)) return schema;
  const extra: Record<string, unknown> = {};
  if (isRecord(root.$defs) && schema.$defs === undefined) extra.$defs = root.$defs;
  if (isRecord(root.definitions) && schema.definitions === undefined) extra.definitions = root.definitions;
  return Object.keys(extra).length ? { ...schema, ...extra } : schema;
}

function toRjsfError(p: SchemaProblem): RJSFValidationError {
  const property = pointerSegments(p.path)
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`))
    .join('');
  return { name: 'schema', message: p.message, property, stack: `${property || '(root)'} ${p.message}` };
}

function problemsOf(schema: RJSFSchema, data: unknown): { problems: SchemaProblem[]; schemaError?: string } {
  const r = validateAgainstSchema(schema, data);
  if (r.valid) return { problems: [] };
  return 'schemaError' in r ? { problems: [], schemaError: r.schemaError } : { problems: r.problems };
}

export const formValidator: ValidatorType = {
  validateFormData(formData, schema): ValidationData<unknown> {
    const { problems, schemaError } = problemsOf(schema, formData);
    const errors = schemaError ? [{ name: 'schema', message: schemaError, property: '', stack: schemaError }] : problems.map(toRjsfError);
    return { errors, errorSchema: toErrorSchema(errors) as ErrorSchema<unknown> };
  },
  isValid(schema, formData, rootSchema) {
    const r = validateAgainstSchema(withRootDefinitions(schema, rootSchema), formData);
    return r.valid;
  },
  rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
    const { problems, schemaError } = problemsOf(schema, formData);
    return schemaError ? { validationError: new Error(schemaError) } : { errors: problems as unknown as Result[] };
  },
};

/** The form's starting data: the schema's defaults, prefilled. */
export function initialFormData(formSchema: Schema): unknown {
  try {
    return getDefaultFormState(formValidator, formSchema as RJSFSchema, undefined, formSchema as RJSFSchema) ?? {};
  } catch {
    // A schema rjsf cannot compute defaults for still gets a form, just an empty one.
    return {};
  }
}
