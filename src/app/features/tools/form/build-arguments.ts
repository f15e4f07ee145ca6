// From the form's data to the `arguments` of tools/call, driven by the prepared
// form schema: optional fields left empty are omitted (never sent as ""), an
// explicit null is kept, and numbers typed as text go as JSON numbers.

import { isRecord } from '../../../../protocol/index.js';
import { isJsonField, primaryType, type Schema } from './prepare-schema.js';

/** "3", " 2.5 ", "1e3" → a number; anything else unchanged (validation then says what is wrong). */
function asNumber(value: string): number | string {
  const trimmed = value.trim();
  if (trimmed === '') return value;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : value;
}

/** The value to send for one field; undefined means "leave it out". */
export function pruneValue(schema: Schema, value: unknown, required: boolean): unknown {
  if (value === undefined) return undefined;
  // null only gets here on purpose: the null toggle, a null default, or JSON the user typed.
  if (value === null) return null;
  if (isJsonField(schema)) return value;
  switch (primaryType(schema)) {
    case 'object': {
      if (!isRecord(value)) return value;
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const requiredKeys = Array.isArray(schema.required) ? schema.required : [];
      // Property names are server-chosen: own members only, and fromEntries keeps "__proto__" an argument.
      const out: Array<[string, unknown]> = [];
      for (const [key, child] of Object.entries(value)) {
        const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
        // Keys the schema does not declare (from the JSON editor) are kept as they are.
        const pruned = isRecord(childSchema) ? pruneValue(childSchema, child, requiredKeys.includes(key)) : child;
        if (pruned !== undefined) out.push([key, pruned]);
      }
      return !required && out.length === 0 ? undefined : Object.fromEntries(out);
    }
    case 'array': {
      if (!Array.isArray(value)) return value;
      const items = isRecord(schema.items) ? schema.items : {};
      // An item is there because someone added it: keep it, even when empty.
      const out = value.map((item) => pruneValue(items, item, true)).filter((item) => item !== undefined);
      return !required && out.length === 0 ? undefined : out;
    }
    case 'number':
    case 'integer':
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return required ? value : undefined;
      return asNumber(value);
    case 'string':
      return value === '' && !required ? undefined : value;
    default:
      return value;
  }
}

/** The `arguments` object for tools/call from the form's data (always an object). */
export function buildArguments(formSchema: Schema, formData: unknown): Record<string, unknown> {
  if (isJsonField(formSchema)) return isRecord(formData) ? formData : {};
  const built = pruneValue(formSchema, formData ?? {}, true);
  return isRecord(built) ? built : {};
}
