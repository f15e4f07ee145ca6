// Turns a tool's inputSchema into what the form renders: local `$ref`s
// (`#/$defs/…` of 2020-12 and `#/definitions/…` of draft-07) inlined, nullable
// unions normalised to `type: [X, "null"]`, and every sub-schema the form
// cannot render replaced by a marked "edit as JSON" node. Pure: no React, no rjsf.
// Validation always uses the original schema; this one is only for rendering.
// Plain strings (no format, no choices) get a growing textarea, so a newline
// typed into a file's content is kept; a pattern that cannot be checked
// safely gets a note under its field.

import { isRecord, MAX_NESTING, nestsDeeperThan, serverPattern } from '../../../../protocol/index.js';

export type Schema = Record<string, unknown>;
export type UiNode = Record<string, unknown>;

/** Marks a node the form edits as JSON text; its value is the reason ("it is a tuple …"), shown to the user. */
export const JSON_FIELD = 'x-mcpscope-json';

/** Marks a JSON-edited node whose schema allows a string (`type: ["boolean", "string"]`, an anyOf with a string branch). */
export const JSON_ALLOWS_STRING = 'x-mcpscope-json-allows-string';

export interface FormSchema {
  schema: Schema;
  uiSchema: UiNode;
  /** One line per sub-schema that falls back to JSON editing, e.g. `/filter: uses anyOf with several object variants`. */
  fallbacks: string[];
  /** Why the whole arguments object is edited as JSON text (no form at all), when it is. */
  jsonOnly?: string;
}

const KEPT_ANNOTATIONS = ['title', 'description', 'default', 'examples', 'deprecated', 'readOnly'] as const;
/** Keywords the form does not need; validation still applies them. */
const DROPPED = [
  '$schema',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$comment',
  '$defs',
  'definitions',
  'if',
  'then',
  'else',
  'not',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'contains',
  'minContains',
  'maxContains',
  'unevaluatedItems',
];
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const MAX_DEPTH = 32;

export function isJsonField(schema: unknown): boolean {
  return isRecord(schema) && typeof schema[JSON_FIELD] === 'string';
}

function namesString(schema: unknown): boolean {
  return isRecord(schema) && (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')));
}

/** Whether a schema allows a string by name: its type, or a branch of its anyOf / oneOf. */
function allowsString(schema: Schema): boolean {
  return namesString(schema) || [schema.anyOf, schema.oneOf].some((union) => Array.isArray(union) && union.some(namesString));
}

/** The types a schema's `type` keyword names ([] when absent or malformed). */
export function schemaTypes(schema: Schema): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}

/** Whether the schema allows null (after normalisation: `type` includes "null"). */
export function isNullable(schema: Schema): boolean {
  return schemaTypes(schema).includes('null');
}

/** The one non-null type the form renders the value as, if any. */
export function primaryType(schema: Schema): string | undefined {
  const types = schemaTypes(schema).filter((t) => t !== 'null');
  return types.length === 1 ? types[0] : undefined;
}

function decodePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

function resolveLocal(root: Schema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const fragment = ref.slice(1);
  if (fragment !== '' && !fragment.startsWith('/')) return undefined; // a named anchor
  let node: unknown = root;
  for (const key of decodePointer(fragment)) {
    if (isRecord(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else return undefined;
  }
  return node;
}

function isNullBranch(s: unknown): boolean {
  return isRecord(s) && (s.type === 'null' || (s.const === null && s.type === undefined));
}

function isConstBranch(s: unknown): boolean {
  return isRecord(s) && 'const' in s && s.const !== null && typeof s.const !== 'object';
}

function annotations(schema: Schema): Schema {
  const out: Schema = {};
  for (const k of KEPT_ANNOTATIONS) if (k in schema) out[k] = schema[k];
  return out;
}

/** A textarea for free text; single-line inputs stay for formats (uri, email, date…) and choices. */
function stringUi(schema: Schema): UiNode {
  const ui: UiNode = schema.format === undefined && schema.enum === undefined && !('const' in schema) ? { 'ui:widget': 'textarea' } : {};
  if (typeof schema.pattern === 'string') {
    const p = serverPattern(schema.pattern);
    if (p.status === 'unchecked') ui['ui:help'] = `Not checked before sending: ${p.message}.`;
  }
  return ui;
}

class Preparer {
  readonly fallbacks: string[] = [];
  constructor(private readonly root: Schema) {}

  private fallback(schema: Schema, path: string, reason: string): { schema: Schema; ui: UiNode } {
    this.fallbacks.push(`${path || '(arguments)'}: ${reason}`);
    const marks: Schema = { [JSON_FIELD]: reason, ...(allowsString(schema) ? { [JSON_ALLOWS_STRING]: true } : {}) };
    return { schema: { ...annotations(schema), ...marks }, ui: { 'ui:field': 'json' } };
  }

  prepare(input: unknown, path: string, refs: readonly string[], depth: number): { schema: Schema; ui: UiNode } {
    if (input === true || (isRecord(input) && Object.keys(input).length === 0)) {
      return this.fallback({}, path, 'it allows any JSON value');
    }
    if (!isRecord(input)) return this.fallback({}, path, 'the schema is not a JSON object');
    if (depth > MAX_DEPTH) return this.fallback(input, path, 'the schema nests too deeply for a form');
    const schema = input;

    // $ref, with 2020-12 sibling keywords overriding the target's annotations.
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (refs.includes(ref)) return this.fallback(schema, path, `the schema is recursive (${ref})`);
      const target = resolveLocal(this.root, ref);
      if (!isRecord(target)) {
        const why = ref.startsWith('#') ? 'could not be found in the schema' : 'is not a local reference';
        return this.fallback(schema, path, `$ref "${ref}" ${why}`);
      }
      const { $ref: _ref, ...siblings } = schema;
      return this.prepare({ ...target, ...siblings }, path, [...refs, ref], depth + 1);
    }

    // allOf with a single member (a common way to attach a description to a $ref).
    if (Array.isArray(schema.allOf)) {
      if (schema.allOf.length !== 1 || !isRecord(schema.allOf[0])) {
        return this.fallback(schema, path, 'it uses allOf with several members');
      }
      const { allOf, ...rest } = schema;
      return this.prepare({ ...(allOf[0] as Schema), ...rest }, path, refs, depth + 1);
    }

    for (const key of ['anyOf', 'oneOf'] as const) {
      const union = schema[key];
      if (!Array.isArray(union)) continue;
      const { [key]: _union, ...rest } = schema;
      const others = union.filter((s) => !isNullBranch(s));
      const hasNull = others.length < union.length;
      if (others.length > 0 && others.every(isConstBranch)) {
        const select = this.prepareConstUnion({ ...rest, [key]: others }, key, path);
        const type = primaryType(select.schema);
        if (!hasNull || type === undefined) return select;
        return { schema: { ...select.schema, type: [type, 'null'] }, ui: select.ui };
      }
      if (others.length === 1) {
        // The outer keywords (a description, a default of null) describe the whole field.
        const { type: _type, ...outer } = rest;
        const inner = this.prepare({ ...(others[0] as Schema), ...outer }, path, refs, depth + 1);
        if (isJsonField(inner.schema) || !hasNull) return inner;
        const type = primaryType(inner.schema);
        if (type === undefined) return this.fallback(schema, path, `it uses ${key} with null and a branch of no single type`);
        return { schema: { ...inner.schema, type: [type, 'null'] }, ui: inner.ui };
      }
      if (others.length === 0) return { schema: { ...annotations(rest), type: 'null' }, ui: {} };
      return this.fallback(schema, path, `it uses ${key} with several alternatives`);
    }

    const types = schemaTypes(schema);
    const nonNull = types.filter((t) => t !== 'null');
    if (nonNull.length > 1) return this.fallback(schema, path, `it allows several types (${types.join(', ')})`);
    let type = nonNull[0];
    if (type === undefined) {
      if (types.includes('null')) return { schema: { ...annotations(schema), type: 'null' }, ui: {} };
      if (Array.isArray(schema.enum) || 'const' in schema) return { schema: this.strip(schema), ui: {} };
      if (isRecord(schema.properties)) type = 'object';
      else if ('items' in schema || 'prefixItems' in schema) type = 'array';
      else return this.fallback(schema, path, 'it names no type, so any JSON value is allowed');
    }
    const nullable = types.includes('null');
    const withType = (s: Schema): Schema => ({ ...s, type: nullable ? [type, 'null'] : type });

    if (type === 'object') return this.prepareObject(schema, path, refs, depth, withType);
    if (type === 'array') return this.prepareArray(schema, path, refs, depth, withType);
    if (PRIMITIVES.has(type)) return { schema: withType(this.strip(schema)), ui: type === 'string' ? stringUi(schema) : {} };
    return this.fallback(schema, path, `it has an unknown type "${type}"`);
  }

  private strip(schema: Schema): Schema {
    const out: Schema = {};
    for (const [k, v] of Object.entries(schema)) if (!DROPPED.includes(k)) out[k] = v;
    return out;
  }

  /** oneOf/anyOf of titled constants: kept as is, the form shows a select. */
  private prepareConstUnion(schema: Schema, key: 'anyOf' | 'oneOf', path: string): { schema: Schema; ui: UiNode } {
    const branches = schema[key] as Schema[];
    const kinds = new Set(branches.map((b) => typeof b.const));
    if (kinds.size !== 1) return this.fallback(schema, path, `it uses ${key} with constants of different types`);
    const kind = [...kinds][0];
    const type = kind === 'number' ? (branches.every((b) => Number.isInteger(b.const)) ? 'integer' : 'number') : kind;
    const options = branches.map((b) => ({ const: b.const, ...(typeof b.title === 'string' ? { title: b.title } : {}) }));
    const stripped = this.strip(schema);
    return { schema: { ...stripped, type: typeof stripped.type === 'string' ? stripped.type : type, [key]: options }, ui: {} };
  }

  private prepareObject(schema: Schema, path: string, refs: readonly string[], depth: number, withType: (s: Schema) => Schema) {
    const properties = isRecord(schema.properties) ? schema.properties : undefined;
    const hasMap = isRecord(schema.patternProperties) || isRecord(schema.additionalProperties) || schema.additionalProperties === true;
    if ((properties === undefined || Object.keys(properties).length === 0) && path !== '') {
      if (schema.additionalProperties === false) return { schema: withType(this.strip(schema)), ui: {} };
      return this.fallback(schema, path, hasMap ? 'it is a map of free-form keys' : 'it is an object with no declared properties');
    }
    // Built from entries: a property named "__proto__" must stay a property, not become the prototype.
    const propEntries: Array<[string, unknown]> = [];
    const uiEntries: Array<[string, UiNode[string]]> = [];
    for (const [name, sub] of Object.entries(properties ?? {})) {
      const child = this.prepare(sub, `${path}/${name}`, refs, depth + 1);
      propEntries.push([name, child.schema]);
      // Labels show the argument's name as sent; the schema's title is shown beside it.
      uiEntries.push([name, { 'ui:title': name, ...child.ui }]);
    }
    const preparedProps: Schema = Object.fromEntries(propEntries);
    const ui: UiNode = Object.fromEntries(uiEntries);
    const { patternProperties: _p, ...rest } = this.strip(schema);
    const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
    return { schema: withType({ ...rest, properties: preparedProps, required }), ui };
  }

  private prepareArray(schema: Schema, path: string, refs: readonly string[], depth: number, withType: (s: Schema) => Schema) {
    if ('prefixItems' in schema || Array.isArray(schema.items)) {
      return this.fallback(schema, path, 'it is a tuple (items by position)');
    }
    if (!('items' in schema)) return this.fallback(schema, path, 'it is an array of any JSON values');
    const items = this.prepare(schema.items, `${path}/[]`, refs, depth + 1);
    const ui: UiNode = Object.keys(items.ui).length > 0 ? { items: items.ui } : {};
    return { schema: withType({ ...this.strip(schema), items: items.schema }), ui };
  }
}

export function prepareFormSchema(inputSchema: unknown): FormSchema {
  // Rendering (and rjsf's own recursion) must not even start on a schema this deep.
  if (nestsDeeperThan(inputSchema, MAX_NESTING)) {
    const jsonOnly = `The inputSchema nests more than ${MAX_NESTING} levels deep, too deep for a form: edit the arguments as JSON. They are not checked before sending.`;
    return { schema: { type: 'object' }, uiSchema: {}, fallbacks: [], jsonOnly };
  }
  const root = isRecord(inputSchema) ? inputSchema : {};
  const preparer = new Preparer(root);
  if (!isRecord(inputSchema)) {
    const { schema, ui } = preparer.prepare(inputSchema, '', [], 0);
    return { schema, uiSchema: ui, fallbacks: preparer.fallbacks };
  }
  // The root of a tool's arguments is always an object, even when the schema forgets to say so.
  const rootSchema = inputSchema.type === undefined && inputSchema.$ref === undefined ? { ...inputSchema, type: 'object' } : inputSchema;
  const { schema, ui } = preparer.prepare(rootSchema, '', [], 0);
  return { schema, uiSchema: ui, fallbacks: preparer.fallbacks };
}
