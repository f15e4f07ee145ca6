// OpenAI: strict function calling and Structured Outputs take a subset of JSON
// Schema (the guide's "Supported schemas"); function names follow the API
// reference. Each rule cites the page it rests on.

import { isRecord } from '../../json/guards.js';
import { ownValue } from '../../text/own.js';
import { eachSchemaNode, isObjectSchema, keywordFailures, member, nameFailure, renamed, schemaNodes, SCHEMA_FIELDS, type SchemaAt } from './schema-nodes.js';
import { closedObject, DESCRIBE, descriptionTooLong, formatOutside, missingDescription } from './shared-checks.js';
import type { Failure, PatchOp, ProviderRule, ToolShape } from './types.js';
import { OPENAI_MAX_DESCRIPTION } from '../../models/description-limit.js';

const SUPPORTED_SCHEMAS = 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas';
const STRICT = 'OpenAI strict mode';
/** The limits of one strict schema (the guide's "Objects have limitations on nesting depth and size"). */
const MAX_OBJECT_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
/** Composition keywords the guide lists as not supported, and `default`, which the API refuses in strict schemas. */
const UNSUPPORTED = ['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'default'];

/** A warning unless said otherwise: a name the provider refuses is an error. */
const rule = (r: Omit<ProviderRule, 'provider' | 'severity'> & Partial<Pick<ProviderRule, 'severity'>>): ProviderRule => ({
  provider: 'openai',
  severity: 'warning',
  ...r,
});
const tool = (inputSchema: unknown, name = 'get_weather', description = 'The weather now in a city.'): ToolShape => ({ name, description, inputSchema });
const FUNCTION_CALLING = 'https://platform.openai.com/docs/guides/function-calling';
const closed = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };

/** The rewrite of an optional property as OpenAI wants it: required, with null among its types. */
function nullable(path: string, schema: unknown): PatchOp | undefined {
  if (!isRecord(schema)) return undefined;
  const type = schema.type;
  if (typeof type === 'string') return type === 'null' ? undefined : { op: 'replace', path: `${path}/type`, value: [type, 'null'] };
  if (Array.isArray(type)) return type.includes('null') ? undefined : { op: 'replace', path: `${path}/type`, value: [...type, 'null'] };
  return { op: 'replace', path, value: { anyOf: [schema, { type: 'null' }] } };
}

function everyPropertyRequired(at: SchemaAt): Failure[] {
  const { node, path } = at;
  if (!isObjectSchema(node) || !isRecord(node.properties)) return [];
  const required = Array.isArray(node.required) ? node.required : [];
  const names = Object.keys(node.properties);
  const optional = names.filter((n) => !required.includes(n));
  if (optional.length === 0) return [];
  const properties = node.properties;
  const patch: PatchOp[] = [{ op: Object.hasOwn(node, 'required') ? 'replace' : 'add', path: `${path}/required`, value: names }];
  for (const name of optional) {
    const op = nullable(member(`${path}/properties`, name), ownValue(properties, name));
    if (op) patch.push(op);
  }
  return [
    {
      path: path || '/',
      message: `${STRICT} needs every property in "required" (an optional one takes null instead); not required: ${optional.join(', ')}`,
      rewrite: { summary: `list ${optional.join(', ')} in "required" and let each be null`, patch },
    },
  ];
}

export const OPENAI_RULES = {
  'PROVIDER-OPENAI-ROOT': rule({
    title: 'OpenAI strict: the root schema is an object, not anyOf',
    spec: { url: SUPPORTED_SCHEMAS },
    check: (t) =>
      SCHEMA_FIELDS.flatMap((field) => {
        const root = t[field];
        if (!isRecord(root)) return [];
        if (root.type !== 'object')
          return [{ path: `/${field}`, message: `${STRICT} needs an object schema at the root, not type ${JSON.stringify(root.type)}` }];
        return Object.hasOwn(root, 'anyOf') ? [{ path: `/${field}/anyOf`, message: `${STRICT} does not take anyOf at the root` }] : [];
      }),
    examples: { pass: tool(closed), fail: tool({ ...closed, anyOf: [{ required: ['city'] }] }) },
  }),
  'PROVIDER-OPENAI-ADDITIONAL-PROPERTIES': rule({
    title: 'OpenAI strict: every object schema has additionalProperties: false',
    spec: { url: SUPPORTED_SCHEMAS },
    check: eachSchemaNode((at) => closedObject(at, STRICT)),
    examples: { pass: tool(closed), fail: tool({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }) },
  }),
  'PROVIDER-OPENAI-REQUIRED': rule({
    title: 'OpenAI strict: every property is required (optional ones as a union with null)',
    spec: { url: SUPPORTED_SCHEMAS },
    check: eachSchemaNode(everyPropertyRequired),
    examples: {
      pass: tool({ ...closed, properties: { city: { type: 'string' }, unit: { type: ['string', 'null'] } }, required: ['city', 'unit'] }),
      fail: tool({ ...closed, properties: { city: { type: 'string' }, unit: { type: 'string' } } }),
    },
  }),
  'PROVIDER-OPENAI-KEYWORD': rule({
    title: `OpenAI strict: no ${UNSUPPORTED.join(', ')}`,
    spec: { url: SUPPORTED_SCHEMAS },
    check: eachSchemaNode((at) => keywordFailures(at, UNSUPPORTED, (key) => `${STRICT} does not take "${key}"`, DESCRIBE)),
    examples: { pass: tool(closed), fail: tool({ ...closed, properties: { city: { type: 'string', default: 'Paris' } } }) },
  }),
  'PROVIDER-OPENAI-FORMAT': rule({
    title: `OpenAI strict: string formats only ${[...FORMATS].join(', ')}`,
    spec: { url: SUPPORTED_SCHEMAS },
    check: eachSchemaNode((at) => formatOutside(at, FORMATS, STRICT)),
    examples: {
      pass: tool({ ...closed, properties: { city: { type: 'string', format: 'email' } } }),
      fail: tool({ ...closed, properties: { city: { type: 'string', format: 'uri' } } }),
    },
  }),
  'PROVIDER-OPENAI-LIMITS': rule({
    title: `OpenAI strict: at most ${MAX_OBJECT_DEPTH} levels of nested objects and ${MAX_PROPERTIES} properties in all`,
    spec: { url: SUPPORTED_SCHEMAS },
    check: (t) =>
      SCHEMA_FIELDS.flatMap((field) => {
        const nodes = schemaNodes(t[field], `/${field}`);
        const out: Failure[] = [];
        const deep = nodes.find((n) => n.objectDepth > MAX_OBJECT_DEPTH && isObjectSchema(n.node));
        if (deep)
          out.push({ path: deep.path, message: `${STRICT} takes at most ${MAX_OBJECT_DEPTH} levels of nested objects; this one is level ${deep.objectDepth}` });
        const count = nodes.reduce((n, at) => n + (isRecord(at.node.properties) ? Object.keys(at.node.properties).length : 0), 0);
        if (count > MAX_PROPERTIES)
          out.push({ path: `/${field}`, message: `${STRICT} takes at most ${MAX_PROPERTIES} properties in all; this schema has ${count}` });
        return out;
      }),
    examples: {
      pass: tool(closed),
      fail: tool(Array.from({ length: MAX_OBJECT_DEPTH }).reduce<Record<string, unknown>>((inner) => ({ ...closed, properties: { city: inner } }), closed)),
    },
  }),
  'PROVIDER-OPENAI-FUNCTION-NAME': rule({
    severity: 'error',
    title: 'OpenAI: a function name is 1–64 of a–z, A–Z, 0–9, _ and -',
    spec: { url: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools' },
    check: (t) => nameFailure(t, /^[a-zA-Z0-9_-]{1,64}$/, 'OpenAI takes 1–64 of a–z, A–Z, 0–9, _ and -', (n) => renamed(n, /[a-zA-Z0-9_-]/, 64)),
    examples: { pass: tool(closed, 'get_weather'), fail: tool(closed, 'weather.get') },
  }),
  'PROVIDER-OPENAI-DESCRIPTION': rule({
    advice: true,
    title: 'OpenAI: a function has a description (the model reads it to choose the function)',
    spec: { url: FUNCTION_CALLING },
    check: (t) => missingDescription(t, 'OpenAI'),
    examples: { pass: tool(closed), fail: tool(closed, 'get_weather', '  ') },
  }),
  'PROVIDER-OPENAI-DESCRIPTION-LENGTH': rule({
    severity: 'error',
    title: `OpenAI: a function description is at most ${OPENAI_MAX_DESCRIPTION} characters`,
    spec: { url: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools' },
    check: (t) => descriptionTooLong(t, OPENAI_MAX_DESCRIPTION, 'OpenAI'),
    examples: {
      pass: tool(closed, 'get_weather', 'w'.repeat(OPENAI_MAX_DESCRIPTION)),
      fail: tool(closed, 'get_weather', 'w'.repeat(OPENAI_MAX_DESCRIPTION + 1)),
    },
  }),
} as const;
