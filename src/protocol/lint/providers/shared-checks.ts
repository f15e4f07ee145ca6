// Checks more than one provider makes, each given the provider's own words.

import { isObjectSchema, keywordFailures, member, type SchemaAt } from './schema-nodes.js';
import type { Failure, ToolShape } from './types.js';

/** What a removed constraint should become: words the model reads. */
export const DESCRIBE = ' (say it in the description instead)';

/** Every object schema says `additionalProperties: false` (strict modes close every object). */
export function closedObject(at: SchemaAt, mode: string): Failure[] {
  if (!isObjectSchema(at.node) || at.node.additionalProperties === false) return [];
  const has = Object.hasOwn(at.node, 'additionalProperties');
  const path = member(at.path, 'additionalProperties');
  return [
    {
      path: at.path || '/',
      message: `${mode} needs "additionalProperties": false on every object schema; this one ${has ? `has ${JSON.stringify(at.node.additionalProperties)}` : 'does not say'}`,
      rewrite: { summary: 'set "additionalProperties": false', patch: [{ op: has ? 'replace' : 'add', path, value: false }] },
    },
  ];
}

/** A `format` outside the provider's list. */
export function formatOutside(at: SchemaAt, allowed: ReadonlySet<string>, mode: string): Failure[] {
  const format = at.node.format;
  if (format === undefined || (typeof format === 'string' && allowed.has(format))) return [];
  return keywordFailures(at, ['format'], () => `${mode} takes the formats ${[...allowed].join(', ')}, not ${JSON.stringify(format)}`, DESCRIBE);
}

/** A tool without words for the model: no description, or only whitespace. */
export function missingDescription(tool: ToolShape, provider: string): Failure[] {
  const d = tool.description;
  if (typeof d === 'string' && d.trim() !== '') return [];
  const what = d === undefined ? 'has no description' : typeof d === 'string' ? 'has a blank description' : `has a description that is not text (${typeof d})`;
  return [
    {
      path: '/description',
      message: `the tool ${what}: ${provider} gives the model the description to decide when to call it, so a model cannot tell what this tool is for`,
    },
  ];
}

/** A description longer than the provider takes, counted in characters (UTF-16 code units, as the APIs count). */
export function descriptionTooLong(tool: ToolShape, max: number, provider: string): Failure[] {
  const d = tool.description;
  if (typeof d !== 'string' || d.length <= max) return [];
  return [
    {
      path: '/description',
      message: `${provider} refuses a function description over ${max} characters; this one has ${d.length} (move the detail into the parameters' descriptions or the prompt)`,
    },
  ];
}
