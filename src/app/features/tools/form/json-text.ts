// What a field edited as JSON text holds. Text that does not parse is never
// replaced by an older value: where the field's schema allows a string and the
// text does not look like JSON, the text itself is sent, as a string, and the
// field says so; otherwise the field holds an "invalid JSON" marker that
// blocks the call, naming the field.

import { isRecord } from '../../../../protocol/index.js';
import { isJsonField, type Schema } from './prepare-schema.js';

/** The key of the marker a JSON-edited field holds while its text does not parse. */
const INVALID_JSON = 'x-mcpscope-invalid-json';

/** A JSON-edited field's value while its text is not valid JSON: the text as typed and why it does not parse. */
export interface InvalidJson {
  [INVALID_JSON]: string;
  reason: string;
}

export function isInvalidJson(value: unknown): value is InvalidJson {
  return isRecord(value) && typeof value[INVALID_JSON] === 'string' && typeof value.reason === 'string';
}

export function invalidJsonText(value: InvalidJson): string {
  return value[INVALID_JSON];
}

export type JsonTextReading =
  | { kind: 'empty' }
  | { kind: 'value'; value: unknown }
  /** Not JSON, sent as the string it is; `note` says so under the field. */
  | { kind: 'string'; value: string; note: string }
  | { kind: 'invalid'; value: InvalidJson; message: string };

export function invalidJsonMessage(reason: string): string {
  return `Not valid JSON (${reason}). Nothing is sent until it is fixed or emptied.`;
}

/** Text that starts like an object, an array or a quoted string was meant as JSON, even where a string is allowed. */
const LOOKS_LIKE_JSON = /^\s*[[{"]/;

export function readJsonText(text: string, allowsString: boolean): JsonTextReading {
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'value', value: JSON.parse(text) as unknown };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    if (allowsString && !LOOKS_LIKE_JSON.test(text)) {
      return { kind: 'string', value: text, note: `Not JSON, so it is sent as the string ${JSON.stringify(text)}, which this field allows.` };
    }
    return {
      kind: 'invalid',
      value: { [INVALID_JSON]: text, reason },
      message: invalidJsonMessage(reason),
    };
  }
}

export interface InvalidField {
  /** The field's place in the arguments, as a JSON Pointer (`/point`, `/items/0/range`). */
  path: string;
  reason: string;
}

/** The JSON-edited fields of the form data whose text does not parse, found by walking the prepared schema. */
export function invalidJsonFields(formSchema: Schema, formData: unknown, path = ''): InvalidField[] {
  if (isJsonField(formSchema)) return isInvalidJson(formData) ? [{ path: path || '/', reason: formData.reason }] : [];
  if (isRecord(formData) && isRecord(formSchema.properties)) {
    const properties = formSchema.properties;
    return Object.entries(formData).flatMap(([key, value]) => {
      const child = Object.hasOwn(properties, key) ? properties[key] : undefined;
      return isRecord(child) ? invalidJsonFields(child, value, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`) : [];
    });
  }
  if (Array.isArray(formData) && isRecord(formSchema.items)) {
    const items = formSchema.items;
    return formData.flatMap((value, i) => invalidJsonFields(items, value, `${path}/${i}`));
  }
  return [];
}

/** The sentence the call panel shows for fields that block the call. */
export function invalidFieldsMessage(fields: readonly InvalidField[]): string {
  const one = (f: InvalidField) => `${f.path} is not valid JSON (${f.reason})`;
  return `${fields.map(one).join('; ')}: fix ${fields.length === 1 ? 'it' : 'them'} or empty ${fields.length === 1 ? 'it' : 'them'} to leave ${fields.length === 1 ? 'it' : 'them'} out. Nothing was sent.`;
}
