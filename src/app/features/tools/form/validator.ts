// rjsf's schema utilities (defaults, option matching) need a validator; MCP
// 2025-11-25 schemas are JSON Schema 2020-12, so it runs on Ajv2020.
import { customizeValidator } from '@rjsf/validator-ajv8';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Schema } from './prepare-schema.js';

export const formValidator = customizeValidator({ AjvClass: Ajv2020 as unknown as typeof Ajv });

/** The form's starting data: the schema's defaults, prefilled. */
export function initialFormData(formSchema: Schema): unknown {
  try {
    return getDefaultFormState(formValidator, formSchema as RJSFSchema, undefined, formSchema as RJSFSchema) ?? {};
  } catch {
    // A schema rjsf cannot compute defaults for still gets a form, just an empty one.
    return {};
  }
}
