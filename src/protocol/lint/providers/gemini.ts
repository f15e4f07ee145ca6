// Gemini: a function declaration's name and `parameters`, a subset of the
// OpenAPI 3.0 Schema object (the fields the API reference lists; anything
// else is refused with "Unknown name …", a type list with "Proto field is not
// repeating"). Tools given as `parametersJsonSchema` are not bound by this.

import { isRecord } from '../../json/guards.js';
import { eachSchemaNode, keywordFailures, member, nameFailure, renamed, type SchemaAt } from './schema-nodes.js';
import type { Failure, PatchOp, ProviderRule, ToolShape } from './types.js';

const SCHEMA_REFERENCE = 'https://ai.google.dev/api/caching#Schema';
const DECLARATION = 'https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration';
const SUBSET = 'Gemini function declarations (an OpenAPI 3.0 subset)';
/** The fields of Gemini's Schema object. */
const FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

const rule = (r: Omit<ProviderRule, 'provider' | 'severity'>): ProviderRule => ({ provider: 'gemini', severity: 'warning', ...r });
const tool = (inputSchema: unknown, name = 'get_weather'): ToolShape => ({ name, inputSchema });
const plain = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** Keys outside the Schema object; not inside a keyword that is itself outside it (its removal takes them). */
function unknownFields(at: SchemaAt): Failure[] {
  if (at.via.some((k) => !FIELDS.has(k))) return [];
  const unknown = Object.keys(at.node).filter((k) => !FIELDS.has(k));
  const out = keywordFailures(
    at,
    unknown.filter((k) => k !== 'const'),
    (key) => `${SUBSET} has no field "${key}"`,
  );
  if (unknown.includes('const')) {
    out.push({
      path: member(at.path, 'const'),
      message: `${SUBSET} has no field "const"`,
      rewrite: {
        summary: 'use a one-value "enum" instead',
        patch: [
          { op: 'remove', path: member(at.path, 'const') },
          { op: 'add', path: member(at.path, 'enum'), value: [at.node.const] },
        ],
      },
    });
  }
  return out;
}

/** A list of types: one type and nullable for [T, "null"], else anyOf. */
function typeList(at: SchemaAt): Failure[] {
  const type = at.node.type;
  if (!Array.isArray(type)) return [];
  const others = type.filter((t) => t !== 'null');
  const patch: PatchOp[] =
    others.length === 1
      ? [
          { op: 'replace', path: member(at.path, 'type'), value: others[0] },
          ...(others.length < type.length ? [{ op: 'add' as const, path: member(at.path, 'nullable'), value: true }] : []),
        ]
      : [
          { op: 'remove', path: member(at.path, 'type') },
          { op: 'add', path: member(at.path, 'anyOf'), value: others.map((t: unknown) => ({ type: t })) },
          ...(others.length < type.length ? [{ op: 'add' as const, path: member(at.path, 'nullable'), value: true }] : []),
        ];
  return [
    {
      path: member(at.path, 'type'),
      message: `${SUBSET} take one type, not a list (${JSON.stringify(type)})`,
      rewrite: { summary: others.length === 1 ? `type ${JSON.stringify(others[0])} with "nullable": true` : 'anyOf one schema per type', patch },
    },
  ];
}

const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const GEMINI_RULES = {
  'PROVIDER-GEMINI-FUNCTION-NAME': rule({
    title: 'Gemini: a function name starts with a letter or _, then a–z, A–Z, 0–9, _ . -, at most 64',
    spec: { url: DECLARATION },
    check: (t) =>
      nameFailure(t, /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, 'Gemini takes a letter or _ first, then a–z, A–Z, 0–9, _ . -, at most 64', (n) =>
        renamed(n, /[A-Za-z0-9_.-]/, 64, /[A-Za-z_]/),
      ),
    examples: { pass: tool(plain, 'weather.get'), fail: tool(plain, '1-weather') },
  }),
  'PROVIDER-GEMINI-PARAMETER-NAME': rule({
    title: 'Gemini: a parameter name starts with a letter or _, then a–z, A–Z, 0–9 or _, at most 64',
    spec: { url: DECLARATION },
    check: (t) => {
      const root = t.inputSchema;
      if (!isRecord(root) || !isRecord(root.properties)) return [];
      return Object.keys(root.properties)
        .filter((name) => !PARAMETER_NAME.test(name))
        .map((name) => ({
          path: member('/inputSchema/properties', name),
          message: `Gemini does not take the parameter name ${JSON.stringify(name)}: a letter or _ first, then a–z, A–Z, 0–9 or _, at most 64`,
        }));
    },
    examples: { pass: tool(plain), fail: tool({ type: 'object', properties: { 'city-name': { type: 'string' } } }) },
  }),
  'PROVIDER-GEMINI-FIELD': rule({
    title: 'Gemini: only the fields of its Schema object (no $schema, additionalProperties, $ref, allOf, oneOf, const …)',
    spec: { url: SCHEMA_REFERENCE },
    check: eachSchemaNode(unknownFields),
    examples: { pass: tool(plain), fail: tool({ ...plain, additionalProperties: false }) },
  }),
  'PROVIDER-GEMINI-TYPE-LIST': rule({
    title: 'Gemini: one type per schema (nullable: true for null), not a list',
    spec: { url: SCHEMA_REFERENCE },
    check: eachSchemaNode(typeList),
    examples: {
      pass: tool({ ...plain, properties: { city: { type: 'string', nullable: true } } }),
      fail: tool({ ...plain, properties: { city: { type: ['string', 'null'] } } }),
    },
  }),
} as const;
