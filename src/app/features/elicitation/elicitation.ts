// elicitation/create: the server asks the user for input. Requests queue up
// here until the person accepts, declines or cancels; the form's fields come
// from requestedSchema (flat, primitive properties, as the spec restricts it).
// Field names are server-chosen: values live in a Map and content is built
// with Object.fromEntries, so "__proto__" or "constructor" are ordinary names.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ServerRequestAnswer } from '../../../protocol/index.js';

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum';

export interface ElicitationField {
  name: string;
  title: string;
  description?: string;
  kind: FieldKind;
  required: boolean;
  /** For enum fields: value and label. */
  options?: Array<{ value: string; label: string }>;
  format?: string;
  default?: unknown;
}

export interface PendingElicitation {
  n: number;
  message: string;
  schema: Record<string, unknown>;
  fields: ElicitationField[];
  /** Fields the form cannot show (not a flat primitive); the request still gets an answer. */
  unsupported: string[];
  /** Multi-select choices (2025-11-25), which the form does not show yet. */
  multiSelect: string[];
  answer: (a: ServerRequestAnswer) => void;
}

export interface ElicitationState {
  queue: readonly PendingElicitation[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A 2025-11-25 multi-select enum: an array whose items are an enum or an anyOf of consts. */
function isMultiSelect(raw: Record<string, unknown>): boolean {
  return raw.type === 'array' && isRecord(raw.items) && (Array.isArray(raw.items.enum) || Array.isArray(raw.items.anyOf));
}

export function fieldsOf(schema: unknown): { fields: ElicitationField[]; unsupported: string[]; multiSelect: string[] } {
  const fields: ElicitationField[] = [];
  const unsupported: string[] = [];
  const multiSelect: string[] = [];
  if (!isRecord(schema) || !isRecord(schema.properties)) return { fields, unsupported, multiSelect };
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
    const oneOf = Array.isArray(raw.oneOf) ? raw.oneOf.filter(isRecord) : [];
    if (Array.isArray(raw.enum) && raw.enum.every((e) => typeof e === 'string')) {
      const names = Array.isArray(raw.enumNames) ? raw.enumNames : [];
      fields.push({ ...base, kind: 'enum', options: (raw.enum as string[]).map((v, i) => ({ value: v, label: typeof names[i] === 'string' ? names[i] : v })) });
    } else if (oneOf.length && oneOf.every((o) => typeof o.const === 'string')) {
      fields.push({
        ...base,
        kind: 'enum',
        options: oneOf.map((o) => ({ value: o.const as string, label: typeof o.title === 'string' ? o.title : (o.const as string) })),
      });
    } else if (raw.type === 'string' || raw.type === 'number' || raw.type === 'integer' || raw.type === 'boolean') {
      fields.push({ ...base, kind: raw.type, ...(typeof raw.format === 'string' ? { format: raw.format } : {}) });
    } else if (isMultiSelect(raw)) {
      multiSelect.push(name);
    } else {
      unsupported.push(name);
    }
  }
  return { fields, unsupported, multiSelect };
}

export type FieldValues = ReadonlyMap<string, string | boolean>;

/** Form text → the content object: numbers as numbers, empty optional fields left out. */
export function contentOf(fields: readonly ElicitationField[], values: FieldValues): Record<string, unknown> {
  const content: Array<[string, unknown]> = [];
  for (const f of fields) {
    const v = values.get(f.name);
    if (f.kind === 'boolean') {
      if (typeof v === 'boolean') content.push([f.name, v]);
      continue;
    }
    if (v === undefined || v === '') continue;
    content.push([f.name, f.kind === 'number' || f.kind === 'integer' ? Number(v) : v]);
  }
  // fromEntries defines own members: a field named "__proto__" stays a field.
  return Object.fromEntries(content);
}

/** The form's starting values: the schema's defaults. */
export function initialValues(fields: readonly ElicitationField[]): Map<string, string | boolean> {
  const values = new Map<string, string | boolean>();
  for (const f of fields) {
    if (f.default === undefined) continue;
    values.set(f.name, f.kind === 'boolean' ? f.default === true : String(f.default));
  }
  return values;
}

let n = 0;

export function createElicitationStore(): StoreApi<ElicitationState> & { request(params: unknown): Promise<ServerRequestAnswer> } {
  const store = createStore<ElicitationState>()(() => ({ queue: [] }));
  const request = (params: unknown): Promise<ServerRequestAnswer> =>
    new Promise((resolve) => {
      const p = isRecord(params) ? params : {};
      if (p.mode === 'url') {
        resolve({ result: { action: 'decline' } });
        return;
      }
      const schema = isRecord(p.requestedSchema) ? p.requestedSchema : {};
      const { fields, unsupported, multiSelect } = fieldsOf(schema);
      const item: PendingElicitation = {
        n: ++n,
        message: typeof p.message === 'string' ? p.message : '(the server sent no message)',
        schema,
        fields,
        unsupported,
        multiSelect,
        answer: (a) => {
          store.setState((s) => ({ queue: s.queue.filter((q) => q !== item) }));
          resolve(a);
        },
      };
      store.setState((s) => ({ queue: [...s.queue, item] }));
    });
  return Object.assign(store, { request });
}
