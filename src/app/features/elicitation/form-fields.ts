// A form-mode elicitation's fields, from requestedSchema (flat, primitive
// properties, as the spec restricts it): text, numbers, booleans, single-select
// enums (plain, titled with oneOf/const, or legacy enumNames) and, from
// 2025-11-25, multi-select enums (an array of items.enum or items.anyOf).
// Field names are server-chosen: values live in a Map and content is built
// with Object.fromEntries, so "__proto__" or "constructor" are ordinary names.

import { isCount, isRecord, isStringArray } from '../../../protocol/index.js';

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi';

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface ElicitationField {
  name: string;
  title: string;
  description?: string;
  kind: FieldKind;
  required: boolean;
  /** For enum and multi fields: value and label. */
  options?: ChoiceOption[];
  /** For multi fields: how many may be chosen. */
  minItems?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
}

export type FieldValue = string | boolean | readonly string[];
export type FieldValues = ReadonlyMap<string, FieldValue>;

/** Choices written as `[{const, title}]` (titled enums); undefined unless every one has a string const. */
function titledOptions(list: unknown): ChoiceOption[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const options = list.filter(isRecord);
  if (options.length !== list.length || !options.every((o) => typeof o.const === 'string')) return undefined;
  return options.map((o) => ({ value: o.const as string, label: typeof o.title === 'string' ? o.title : (o.const as string) }));
}

/** Plain enum values, labelled by the legacy `enumNames` where given. */
function enumOptions(values: string[], names: unknown): ChoiceOption[] {
  const labels = Array.isArray(names) ? names : [];
  return values.map((v, i) => ({ value: v, label: typeof labels[i] === 'string' ? labels[i] : v }));
}

/** A multi-select enum's choices: items.enum, or items.anyOf of titled consts. */
function multiOptions(raw: Record<string, unknown>): ChoiceOption[] | undefined {
  if (raw.type !== 'array' || !isRecord(raw.items)) return undefined;
  if (isStringArray(raw.items.enum)) return enumOptions(raw.items.enum, raw.items.enumNames);
  return titledOptions(raw.items.anyOf);
}

const count = (v: unknown): number | undefined => (isCount(v) ? v : undefined);

export function fieldsOf(schema: unknown): { fields: ElicitationField[]; unsupported: string[] } {
  const fields: ElicitationField[] = [];
  const unsupported: string[] = [];
  if (!isRecord(schema) || !isRecord(schema.properties)) return { fields, unsupported };
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  for (const [name, raw] of Object.entries(schema.properties)) {
    if (!isRecord(raw)) {
      unsupported.push(name);
      continue;
    }
    const base = {
      name,
      title: typeof raw.title === 'string' ? raw.title : name,
      required: required.has(name),
      ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
      ...(Object.hasOwn(raw, 'default') ? { default: raw.default } : {}),
    };
    const titled = titledOptions(raw.oneOf) ?? titledOptions(raw.anyOf);
    const multi = multiOptions(raw);
    if (isStringArray(raw.enum)) {
      fields.push({ ...base, kind: 'enum', options: enumOptions(raw.enum, raw.enumNames) });
    } else if (titled) {
      fields.push({ ...base, kind: 'enum', options: titled });
    } else if (multi) {
      const minItems = count(raw.minItems);
      const maxItems = count(raw.maxItems);
      fields.push({ ...base, kind: 'multi', options: multi, ...(minItems !== undefined ? { minItems } : {}), ...(maxItems !== undefined ? { maxItems } : {}) });
    } else if (raw.type === 'string' || raw.type === 'number' || raw.type === 'integer' || raw.type === 'boolean') {
      fields.push({ ...base, kind: raw.type, ...(typeof raw.format === 'string' ? { format: raw.format } : {}) });
    } else {
      unsupported.push(name);
    }
  }
  return { fields, unsupported };
}

/** Form values → the content object: numbers as numbers, multi-selects as arrays, empty optional fields left out. */
export function contentOf(fields: readonly ElicitationField[], values: FieldValues): Record<string, unknown> {
  const content: Array<[string, unknown]> = [];
  for (const f of fields) {
    const v = values.get(f.name);
    if (f.kind === 'boolean') {
      if (typeof v === 'boolean') content.push([f.name, v]);
      continue;
    }
    if (f.kind === 'multi') {
      // In the order of the choices, whatever the order of the clicks.
      const chosen = Array.isArray(v) ? (f.options ?? []).map((o) => o.value).filter((o) => v.includes(o)) : [];
      if (chosen.length) content.push([f.name, chosen]);
      continue;
    }
    if (typeof v !== 'string' || v === '') continue;
    content.push([f.name, f.kind === 'number' || f.kind === 'integer' ? Number(v) : v]);
  }
  // fromEntries defines own members: a field named "__proto__" stays a field.
  return Object.fromEntries(content);
}

/** The form's starting values: the schema's defaults. */
export function initialValues(fields: readonly ElicitationField[]): Map<string, FieldValue> {
  const values = new Map<string, FieldValue>();
  for (const f of fields) {
    if (f.default === undefined) continue;
    if (f.kind === 'multi') {
      if (Array.isArray(f.default))
        values.set(
          f.name,
          f.default.filter((d): d is string => typeof d === 'string'),
        );
    } else values.set(f.name, f.kind === 'boolean' ? f.default === true : String(f.default));
  }
  return values;
}

/** "Choose 1 to 3", "Choose at least 1", … for a multi-select; undefined when unbounded. */
export function choiceBounds(field: Pick<ElicitationField, 'minItems' | 'maxItems'>): string | undefined {
  const { minItems: min, maxItems: max } = field;
  if (min !== undefined && max !== undefined) return min === max ? `Choose exactly ${min}.` : `Choose ${min} to ${max}.`;
  if (min !== undefined && min > 0) return `Choose at least ${min}.`;
  if (max !== undefined) return `Choose at most ${max}.`;
  return undefined;
}
