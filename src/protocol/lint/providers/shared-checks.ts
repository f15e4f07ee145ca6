// Checks more than one provider makes, each given the provider's own words.

import { isObjectSchema, keywordFailures, member, type SchemaAt } from './schema-nodes.js';
import type { Failure } from './types.js';

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
