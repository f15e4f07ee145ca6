// The patterns of a server's schema, kept away from the backtracking engine.
// The JSON Schema validator compiles `pattern` and `patternProperties` keys
// with `new RegExp` and runs them itself. So before it sees a schema, every
// `pattern` anywhere in it (also under unknown keywords a `$ref` can reach) is
// replaced by a format that runs the pattern on the linear-time engine, and
// every patternProperties key by a plain list of the property names of the
// value it matches: the validator then reaches the same verdict without
// backtracking, in time linear in the value.

import { serverPattern } from './pattern.js';
import { format } from '@cfworker/json-schema';
import { isRecord } from '../json/guards.js';
import { MAX_NESTING, mapReachableSubschemas, type SchemaNode } from './walk.js';

// The nesting bound lives with the walks (walk.ts), which light modules use without the validator.
export { MAX_NESTING };

/** Formats whose checker backtracks exponentially on some strings ("url": 28 letters and a "!" took 3.6 s). */
const UNSAFE_FORMATS = new Set(['url']);

/** Where the stand-in keeps the server's own pattern, for messages. */
export const PATTERN_SOURCE = 'x-mcpscope-pattern';

export interface PatternFacts {
  /** One sentence per pattern or format left unchecked, with where it is: `/properties/a: pattern "…" …`. */
  notChecked: string[];
  /** The first pattern that is not a regular expression at all. */
  invalid?: string;
  /** Whether the schema has patterns or formats the validator must not run itself. */
  guarded: boolean;
}

const factsCache = new WeakMap<SchemaNode, PatternFacts>();

/** The patterns and unsafe formats of `schema`. Callers bound its nesting first (MAX_NESTING). */
export function patternFacts(schema: SchemaNode): PatternFacts {
  const hit = factsCache.get(schema);
  if (hit) return hit;
  const facts: PatternFacts = { notChecked: [], guarded: false };
  const note = (path: string, message: string) => facts.notChecked.push(`${path || '(root)'}: ${message}`);
  const visit = (node: unknown, path: string, depth: number): void => {
    if (!isRecord(node) || depth > MAX_NESTING) return;
    const sources: Array<[string, string]> = typeof node.pattern === 'string' ? [[node.pattern, path]] : [];
    if (isRecord(node.patternProperties)) for (const key of Object.keys(node.patternProperties)) sources.push([key, `${path}/patternProperties`]);
    for (const [source, where] of sources) {
      facts.guarded = true;
      const p = serverPattern(source);
      if (p.status === 'unchecked') note(where, p.message);
      else if (p.status === 'invalid') facts.invalid ??= `${where || '(root)'}: ${p.message}`;
    }
    if (typeof node.format === 'string' && UNSAFE_FORMATS.has(node.format)) {
      facts.guarded = true;
      note(path, `format ${JSON.stringify(node.format)} cannot be checked safely (its checker can take exponential time); not checked`);
    }
    mapReachableSubschemas(node, (child, sub) => {
      visit(child, path + sub, depth + 1);
      return child;
    });
  };
  visit(schema, '', 0);
  factsCache.set(schema, facts);
  return facts;
}

/**
 * How many property names of the value one patternProperties key may list, and
 * how many characters in all: the list becomes a regular expression, which
 * grows with it (V8 refuses very large ones).
 */
export const MAX_PATTERN_NAMES = 1000;
const MAX_PATTERN_NAME_CHARS = 64 * 1024;

/** Every property name in `value`. */
function propertyNamesOf(value: unknown): string[] {
  const out = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) for (const child of node) stack.push(child);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        out.add(key);
        stack.push(child);
      }
    }
  }
  return [...out];
}

/** Escapes a string for an ECMAScript regular expression with the `u` flag. */
function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

const MATCHES_NOTHING = '[^\\s\\S]';
const MATCHES_ANYTHING = '(?:)';
/** Names the formats that stand in for patterns; the server's pattern follows it. */
const FORMAT_PREFIX = 'x-mcpscope-pattern:';

/** The schema the validator may run, or why the value is beyond what mcpscope checks. */
export type ResolvedSchema = { schema: SchemaNode; beyondLimits?: undefined } | { beyondLimits: string; schema?: undefined };

/**
 * A copy of `schema` fit for the validator when checking `value`, to be run
 * inside withPatternFormats: each `pattern` becomes `allOf: [{format}]` with a
 * format that runs it linearly (a pattern left unchecked is dropped), each
 * patternProperties key an anchored list of the property names of `value` it
 * matches (a key left unchecked matches every name, with schema `true`), and
 * unsafe formats are dropped. The server's own pattern is kept under
 * PATTERN_SOURCE for messages.
 */
export function withPatternsResolved(schema: SchemaNode, value: unknown): ResolvedSchema {
  let names: string[] | undefined;
  let beyond: string | undefined;
  let unique = 0;
  const nameList = (source: string): string => {
    const p = serverPattern(source);
    if (p.status !== 'checked') return MATCHES_ANYTHING;
    names ??= propertyNamesOf(value);
    const matched = names.filter((s) => p.test(s));
    const chars = matched.reduce((sum, s) => sum + s.length, 0);
    if (matched.length > MAX_PATTERN_NAMES || chars > MAX_PATTERN_NAME_CHARS) {
      beyond ??= `The value has more property names matching patternProperties ${JSON.stringify(source)} than mcpscope checks (${MAX_PATTERN_NAMES} names, ${MAX_PATTERN_NAME_CHARS} characters); it was not checked.`;
    }
    return matched.length === 0 ? MATCHES_NOTHING : `^(?:${matched.map(literal).join('|')})$`;
  };
  const visit = (node: unknown, depth: number): unknown => {
    if (!isRecord(node) || depth > MAX_NESTING || beyond) return node;
    const out = mapReachableSubschemas(node, (child) => visit(child, depth + 1));
    if (typeof node.format === 'string' && (UNSAFE_FORMATS.has(node.format) || node.format.startsWith(FORMAT_PREFIX))) delete out.format;
    if (typeof node.pattern === 'string') {
      delete out.pattern;
      if (serverPattern(node.pattern).status === 'checked') {
        const standIn = { format: FORMAT_PREFIX + node.pattern, [PATTERN_SOURCE]: node.pattern };
        out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), standIn];
      }
    }
    if (isRecord(out.patternProperties)) {
      const resolved: SchemaNode = {};
      for (const [source, child] of Object.entries(out.patternProperties)) {
        const checked = serverPattern(source).status === 'checked';
        // A counted empty group keeps two stand-ins that list the same names apart.
        resolved[`${nameList(source)}(?:){${unique++}}`] = checked ? child : true;
      }
      out.patternProperties = resolved;
    }
    return out;
  };
  const resolved = visit(schema, 0) as SchemaNode;
  return beyond ? { beyondLimits: beyond } : { schema: resolved };
}

/**
 * Runs `check` with the formats withPatternsResolved refers to registered in
 * the validator's (global) format table, and removes them after: validation
 * is synchronous, so no other check sees them. A server's own format named
 * like ours was dropped from the copy.
 */
export function withPatternFormats<T>(schema: SchemaNode, check: () => T): T {
  const added: string[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > MAX_NESTING) return;
    if (typeof node.pattern === 'string' && !(FORMAT_PREFIX + node.pattern in format)) {
      const p = serverPattern(node.pattern);
      if (p.status === 'checked') {
        format[FORMAT_PREFIX + node.pattern] = (text: string) => p.test(text);
        added.push(FORMAT_PREFIX + node.pattern);
      }
    }
    mapReachableSubschemas(node, (child) => {
      visit(child, depth + 1);
      return child;
    });
  };
  visit(schema, 0);
  try {
    return check();
  } finally {
    for (const name of added) delete format[name];
  }
}
