// Gemini: a function declaration's name and `parameters`, a subset of the
// OpenAPI 3.0 Schema object (the fields the API reference lists; anything
// else is refused with "Unknown name …", a type list with "Proto field is not
// repeating"). Tools given as `parametersJsonSchema` are not bound by this.

import { isRecord } from '../../json/guards.js';
import { ownValue } from '../../text/own.js';
import { eachSchemaNode, keywordFailures, member, nameFailure, renamed, type SchemaAt } from './schema-nodes.js';
import { missingDescription } from './shared-checks.js';
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

/** A warning unless said otherwise: a name the provider refuses is an error. */
const rule = (r: Omit<ProviderRule, 'provider' | 'severity'> & Partial<Pick<ProviderRule, 'severity'>>): ProviderRule => ({
  provider: 'gemini',
  severity: 'warning',
  ...r,
});
const tool = (inputSchema: unknown, name = 'get_weather', description: unknown = 'The weather now in a city.'): ToolShape => ({
  name,
  description,
  inputSchema,
});
const plain = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** Keys outside the Schema object; not inside a keyword that is itself outside it (its removal takes them). */
/** Fields Gemini has another spelling for: the field it takes, its value, and the rewrite in words. */
const RESPELLED: Readonly<Record<string, { to: string; value: (v: unknown) => unknown; summary: string }>> = {
  oneOf: { to: 'anyOf', value: (v) => v, summary: 'use "anyOf" (one of the alternatives, not exactly one)' },
  const: { to: 'enum', value: (v) => [v], summary: 'use a one-value "enum" instead' },
};

function unknownFields(at: SchemaAt): Failure[] {
  if (at.via.some((k) => !FIELDS.has(k))) return [];
  const unknown = Object.keys(at.node).filter((k) => !FIELDS.has(k));
  const out = keywordFailures(
    at,
    unknown.filter((k) => !Object.hasOwn(RESPELLED, k) && !Object.hasOwn(NO_REWRITE, k)),
    (key) => `${SUBSET} has no field "${key}"`,
  );
  for (const key of unknown) {
    const instead = ownValue(NO_REWRITE, key);
    if (instead !== undefined) out.push({ path: member(at.path, key), message: `${SUBSET} has no field "${key}": ${instead}` });
    const respelled = ownValue(RESPELLED, key);
    if (respelled === undefined) continue;
    const patch: PatchOp[] = [
      { op: 'remove', path: member(at.path, key) },
      { op: 'add', path: member(at.path, respelled.to), value: respelled.value(at.node[key]) },
    ];
    out.push({ path: member(at.path, key), message: `${SUBSET} has no field "${key}"`, rewrite: { summary: respelled.summary, patch } });
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

/** Fields whose removal would change what the schema means: what to do instead, no patch. */
const NO_REWRITE: Readonly<Record<string, string>> = {
  $ref: 'put the schema it refers to in its place',
  $defs: 'put each definition where it is referred to',
  definitions: 'put each definition where it is referred to',
  allOf: 'merge its schemas into this one',
};

const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const GEMINI_RULES = {
  'PROVIDER-GEMINI-FUNCTION-NAME': rule({
    severity: 'error',
    title: 'Gemini: a function name starts with a letter or _, then a–z, A–Z, 0–9, _ . -, at most 64',
    spec: { url: DECLARATION },
    check: (t) =>
      nameFailure(t, /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, 'Gemini takes a letter or _ first, then a–z, A–Z, 0–9, _ . -, at most 64', (n) =>
        renamed(n, /[A-Za-z0-9_.-]/, 64, /[A-Za-z_]/),
      ),
    examples: { pass: tool(plain, 'weather.get'), fail: tool(plain, '1-weather') },
  }),
  'PROVIDER-GEMINI-PARAMETER-NAME': rule({
    severity: 'error',
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
  'PROVIDER-GEMINI-DESCRIPTION': rule({
    advice: true,
    title: 'Gemini: a function declaration has a description (the model uses it to decide how and whether to call the function)',
    spec: { url: DECLARATION },
    check: (t) => missingDescription(t, 'Gemini'),
    examples: { pass: tool(plain), fail: tool(plain, 'get_weather', 42) },
  }),
} as const;
