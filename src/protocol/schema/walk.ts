// Where a JSON Schema keeps its sub-schemas, and how deep a JSON value nests.
// Server schemas are data of any shape and depth: nothing here recurses
// without a bound, so asking about a 3,000-level schema cannot overflow the stack.

import { isRecord } from '../json/guards.js';
import { setOwn } from '../text/own.js';

export type SchemaNode = Record<string, unknown>;

/**
 * How deep (objects and arrays) a schema, or a value checked against one, may
 * nest. The validator recurses once per level with large frames and overflowed
 * near 550 schema levels in Node; real tool schemas stay under 10. 128 leaves a
 * wide margin on any engine and still covers every schema a person can use.
 */
export const MAX_NESTING = 128;

/** Keywords whose value is one sub-schema (`items` may also be an array, below). */
const ONE = [
  'items',
  'additionalItems',
  'unevaluatedItems',
  'additionalProperties',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
/** Keywords whose value is an array of sub-schemas. */
const MANY = ['items', 'prefixItems', 'allOf', 'anyOf', 'oneOf'];
/** Keywords whose value maps names (or patterns) to sub-schemas. */
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];
const KNOWN = new Set([...ONE, ...MANY, ...MAPS]);

/** One key as a JSON Pointer segment (RFC 6901: ~ and / escaped). */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * A shallow copy of `node` with every direct sub-schema replaced by
 * `change(child, path)`, `path` being its JSON Pointer below `node`.
 */
export function mapSubschemas(node: SchemaNode, change: (child: unknown, path: string) => unknown): SchemaNode {
  const out: SchemaNode = { ...node };
  for (const key of ONE) {
    if (key in node && !Array.isArray(node[key])) out[key] = change(node[key], `/${key}`);
  }
  for (const key of MANY) {
    const list = node[key];
    if (Array.isArray(list)) out[key] = list.map((child, i) => change(child, `/${key}/${i}`));
  }
  for (const key of MAPS) {
    const map = node[key];
    if (!isRecord(map)) continue;
    const copy: SchemaNode = {};
    for (const [name, child] of Object.entries(map)) {
      // `dependencies` mixes sub-schemas with arrays of property names.
      setOwn(copy, name, Array.isArray(child) ? child : change(child, `/${key}/${pointerSegment(name)}`));
    }
    out[key] = copy;
  }
  return out;
}

/**
 * Keywords whose values are never schemas: the validator reads them as data and
 * never looks up a schema inside them (its own "ignored" list), so the
 * sub-schemas below skip them.
 */
const DATA = new Set([
  'enum',
  'const',
  'default',
  'examples',
  'required',
  'dependentRequired',
  'type',
  '$id',
  'id',
  '$ref',
  '$schema',
  '$anchor',
  '$vocabulary',
  '$comment',
]);

/**
 * Like mapSubschemas, but also through every object-valued member the
 * validator might reach by `$ref` (`{"$ref": "#/x-evil"}` makes any unknown
 * keyword a schema): everything except the data keywords above. Used where a
 * missed sub-schema would be a hole (patterns), not for schema shape checks.
 */
export function mapReachableSubschemas(node: SchemaNode, change: (child: unknown, path: string) => unknown): SchemaNode {
  const out = mapSubschemas(node, change);
  for (const [key, value] of Object.entries(node)) {
    if (KNOWN.has(key) || DATA.has(key) || !isRecord(value)) continue;
    out[key] = change(value, `/${pointerSegment(key)}`);
  }
  return out;
}

/** Calls `visit` for every direct sub-schema of `node`. */
export function eachSubschema(node: SchemaNode, visit: (child: unknown, path: string) => void): void {
  mapSubschemas(node, (child, path) => {
    visit(child, path);
    return child;
  });
}

/** Whether `value` nests objects and arrays more than `limit` levels deep. Iterative: safe at any depth. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    if (depth >= limit) return true;
    seen.add(node);
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
