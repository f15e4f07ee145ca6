// The patterns of a server's schema, kept away from the backtracking engine.
// The JSON Schema validator compiles `pattern` and `patternProperties` keys
// with `new RegExp` and runs them itself. So before it sees a schema, each
// pattern is run here on the linear-time engine against the strings of the
// value being checked, and is replaced by a plain list of the strings it
// matched: the validator then reaches the same verdict without backtracking.

import { serverPattern } from './pattern.js';
import { isRecord } from '../json/guards.js';
import { mapSubschemas, type SchemaNode } from './walk.js';

/**
 * How deep (objects and arrays) a schema, or a value checked against one, may
 * nest. The validator recurses once per level with large frames and overflowed
 * near 550 schema levels in Node; real tool schemas stay under 10. 128 leaves a
 * wide margin on any engine and still covers every schema a person can use.
 */
export const MAX_NESTING = 128;

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
    mapSubschemas(node, (child, sub) => {
      visit(child, path + sub, depth + 1);
      return child;
    });
  };
  visit(schema, '', 0);
  factsCache.set(schema, facts);
  return facts;
}

/** Every string in `value`: string values and property names. */
function stringsOf(value: unknown): string[] {
  const out = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') out.add(node);
    else if (Array.isArray(node)) stack.push(...node);
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

/**
 * A copy of `schema` fit for the validator when checking `value`: each pattern
 * replaced by an anchored list of the strings of `value` it matches (a pattern
 * left unchecked matches everything, its patternProperties schema becomes
 * `true`), and unsafe formats dropped.
 */
export function withPatternsResolved(schema: SchemaNode, value: unknown): SchemaNode {
  const strings = stringsOf(value);
  let unique = 0;
  const standIn = (source: string): string => {
    const p = serverPattern(source);
    if (p.status !== 'checked') return MATCHES_ANYTHING;
    const matched = strings.filter((s) => p.test(s));
    return matched.length === 0 ? MATCHES_NOTHING : `^(?:${matched.map(literal).join('|')})$`;
  };
  const visit = (node: unknown, depth: number): unknown => {
    if (!isRecord(node) || depth > MAX_NESTING) return node;
    const out = mapSubschemas(node, (child) => visit(child, depth + 1));
    if (typeof node.pattern === 'string') {
      out.pattern = standIn(node.pattern);
      out[PATTERN_SOURCE] = node.pattern;
    }
    if (isRecord(out.patternProperties)) {
      const resolved: SchemaNode = {};
      for (const [source, child] of Object.entries(out.patternProperties)) {
        const checked = serverPattern(source).status === 'checked';
        // A counted empty group keeps two stand-ins that list the same strings apart.
        resolved[`${standIn(source)}(?:){${unique++}}`] = checked ? child : true;
      }
      out.patternProperties = resolved;
    }
    if (typeof node.format === 'string' && UNSAFE_FORMATS.has(node.format)) delete out.format;
    return out;
  };
  return visit(schema, 0) as SchemaNode;
}
