// Anthropic: a tool's name and input_schema (Define tools), and what strict
// tool use accepts of JSON Schema (Structured outputs, "JSON Schema
// limitations", which the strict tool use page points to).

import { keywordFailures, eachSchemaNode, nameFailure, renamed, type SchemaAt } from './schema-nodes.js';
import { closedObject, DESCRIBE, formatOutside, missingDescription } from './shared-checks.js';
import type { Failure, ProviderRule, ToolShape } from './types.js';

const DEFINE_TOOLS = 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools';
const LIMITATIONS = 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations';
const STRICT = 'Anthropic strict tool use';
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);
/** Numerical and string length constraints; array sizes are taken only as minItems 0 or 1. */
const CONSTRAINTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'maxItems'];

/** A warning unless said otherwise: a name the provider refuses is an error. */
const rule = (r: Omit<ProviderRule, 'provider' | 'severity'> & Partial<Pick<ProviderRule, 'severity'>>): ProviderRule => ({
  provider: 'anthropic',
  severity: 'warning',
  ...r,
});
const tool = (inputSchema: unknown, name = 'get_weather', description?: string): ToolShape => ({
  name,
  description: description ?? 'The weather now in a city.',
  inputSchema,
});
const closed = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };

function unsupportedConstraints(at: SchemaAt): Failure[] {
  const minItems = at.node.minItems;
  const keys = minItems === undefined || minItems === 0 || minItems === 1 ? CONSTRAINTS : [...CONSTRAINTS, 'minItems'];
  return keywordFailures(at, keys, (key) => `${STRICT} does not take "${key}"${key === 'minItems' ? ' other than 0 or 1' : ''}`, DESCRIBE);
}

export const ANTHROPIC_RULES = {
  'PROVIDER-ANTHROPIC-TOOL-NAME': rule({
    severity: 'error',
    title: 'Anthropic: a tool name matches ^[a-zA-Z0-9_-]{1,128}$',
    spec: { url: DEFINE_TOOLS },
    check: (t) => nameFailure(t, /^[a-zA-Z0-9_-]{1,128}$/, 'Anthropic takes ^[a-zA-Z0-9_-]{1,128}$', (n) => renamed(n, /[a-zA-Z0-9_-]/, 128)),
    examples: { pass: tool(closed, 'get_weather'), fail: tool(closed, 'weather.get') },
  }),
  'PROVIDER-ANTHROPIC-ADDITIONAL-PROPERTIES': rule({
    title: 'Anthropic strict: every object schema has additionalProperties: false',
    spec: { url: LIMITATIONS },
    check: eachSchemaNode((at) => closedObject(at, STRICT)),
    examples: { pass: tool(closed), fail: tool({ ...closed, additionalProperties: true }) },
  }),
  'PROVIDER-ANTHROPIC-CONSTRAINTS': rule({
    title: 'Anthropic strict: no numerical or string length constraints, no array sizes but minItems 0 or 1',
    spec: { url: LIMITATIONS },
    check: eachSchemaNode(unsupportedConstraints),
    examples: {
      pass: tool({ ...closed, properties: { city: { type: 'array', items: { type: 'string' }, minItems: 1 } } }),
      fail: tool({ ...closed, properties: { city: { type: 'string', maxLength: 80 } } }),
    },
  }),
  'PROVIDER-ANTHROPIC-FORMAT': rule({
    title: `Anthropic strict: string formats only ${[...FORMATS].join(', ')}`,
    spec: { url: LIMITATIONS },
    check: eachSchemaNode((at) => formatOutside(at, FORMATS, STRICT)),
    examples: {
      pass: tool({ ...closed, properties: { city: { type: 'string', format: 'uri' } } }),
      fail: tool({ ...closed, properties: { city: { type: 'string', format: 'regex' } } }),
    },
  }),
  'PROVIDER-ANTHROPIC-DESCRIPTION': rule({
    advice: true,
    title: 'Anthropic: a tool has a description (Define tools: "by far the most important factor in tool performance")',
    spec: { url: DEFINE_TOOLS },
    check: (t) => missingDescription(t, 'Anthropic'),
    examples: { pass: tool(closed), fail: { name: 'get_weather', inputSchema: closed } },
  }),
} as const;
