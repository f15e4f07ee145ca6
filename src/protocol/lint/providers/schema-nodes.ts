// Every schema node of a tool's inputSchema and outputSchema, with its JSON
// Pointer, for the provider rules to judge one by one. Iterative and bounded
// (MAX_NESTING), as every walk over server schemas is.

import { isRecord } from '../../json/guards.js';
import { eachSubschema, MAX_NESTING, pointerSegment, type SchemaNode } from '../../schema/walk.js';
import type { Failure, ToolShape } from './types.js';

export interface SchemaAt {
  node: SchemaNode;
  /** JSON Pointer into the tool definition. */
  path: string;
  /** The keywords passed through from the root (["properties", "items"] for /properties/a/items). */
  via: readonly string[];
  /** Object schemas from the root down to this one, this one included. */
  objectDepth: number;
}

export const SCHEMA_FIELDS = ['inputSchema', 'outputSchema'] as const;

/** An object schema: type "object" (alone or in a list), or properties without a type. */
export function isObjectSchema(node: SchemaNode): boolean {
  const type = node.type;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  return type === undefined && isRecord(node.properties);
}

/** Every node of `schema`, the root first, `at` being the root's pointer. */
export function schemaNodes(schema: unknown, at: string): SchemaAt[] {
  if (!isRecord(schema)) return [];
  const out: SchemaAt[] = [];
  const stack: Array<SchemaAt & { depth: number }> = [{ node: schema, path: at, via: [], objectDepth: isObjectSchema(schema) ? 1 : 0, depth: 0 }];
  while (stack.length > 0) {
    const here = stack.pop()!;
    out.push({ node: here.node, path: here.path, via: here.via, objectDepth: here.objectDepth });
    if (here.depth >= MAX_NESTING) continue;
    const children: Array<SchemaAt & { depth: number }> = [];
    eachSubschema(here.node, (child, path) => {
      if (!isRecord(child)) return;
      const keyword = path.split('/')[1]!;
      const objectDepth = here.objectDepth + (isObjectSchema(child) ? 1 : 0);
      children.push({ node: child, path: here.path + path, via: [...here.via, keyword], objectDepth, depth: here.depth + 1 });
    });
    // Reversed onto the stack, so nodes come out in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/** A check of each schema node of both schemas of a tool. */
export function eachSchemaNode(check: (at: SchemaAt) => Failure[]): (tool: ToolShape) => Failure[] {
  return (tool) => SCHEMA_FIELDS.flatMap((field) => schemaNodes(tool[field], `/${field}`).flatMap(check));
}

/** The pointer of a member of the node at `path`. */
export const member = (path: string, key: string): string => `${path}/${pointerSegment(key)}`;

/** A tool name made of the characters `allowed` keeps, cut to `max`: the rename that would pass. */
export function renamed(name: string, allowed: RegExp, max: number, firstAllowed?: RegExp): string {
  let out = [...name].map((c) => (allowed.test(c) ? c : '_')).join('');
  if (firstAllowed && !firstAllowed.test(out.charAt(0))) out = `_${out}`;
  return out.slice(0, max) || '_';
}

/** The failure of a tool name that does not match `pattern`, with the rename that would. */
export function nameFailure(tool: ToolShape, pattern: RegExp, rule: string, rename: (name: string) => string): Failure[] {
  if (typeof tool.name !== 'string' || pattern.test(tool.name)) return [];
  const to = rename(tool.name);
  return [
    {
      path: '/name',
      message: `the name ${JSON.stringify(tool.name)} is not accepted: ${rule}`,
      rewrite: { summary: `rename it to ${JSON.stringify(to)}`, patch: [{ op: 'replace', path: '/name', value: to }] },
    },
  ];
}

/** Removes each of `keys` the node has: the rewrite for keywords a provider does not take; `then` follows the removal in its summary. */
export function keywordFailures(at: SchemaAt, keys: Iterable<string>, why: (key: string) => string, then = ''): Failure[] {
  const out: Failure[] = [];
  for (const key of keys) {
    if (!Object.hasOwn(at.node, key)) continue;
    out.push({
      path: member(at.path, key),
      message: why(key),
      rewrite: { summary: `remove "${key}"${then}`, patch: [{ op: 'remove', path: member(at.path, key) }] },
    });
  }
  return out;
}
