// JSON Schema validation (tool arguments, structuredContent against
// outputSchema). Schemas come from the server, so they are data, never code:
// @cfworker/json-schema interprets them (ajv would compile each one into a
// function, i.e. evaluate server-chosen code in a page that holds the proxy's
// token). MCP schemas are draft-07 up to 2025-06-18 and 2020-12 from
// 2025-11-25; a schema's own "$schema" decides, else 2020-12.

import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { MAX_NESTING, PATTERN_SOURCE, patternFacts, withPatternFormats, withPatternsResolved } from './schema-patterns.js';
import { eachSubschema, nestsDeeperThan } from './walk.js';
import { plural } from '../text/plural.js';

export interface SchemaProblem {
  /** JSON Pointer into the value, "" for the root. */
  path: string;
  message: string;
}

export type ValidationResult =
  | { valid: true; notChecked?: string[] }
  | { valid: false; problems: SchemaProblem[]; notChecked?: string[] }
  /** The schema itself could not be used; beyondLimits: it or the value nests too deep to check safely. */
  | { valid: false; schemaError: string; problems: []; beyondLimits?: true };
// notChecked: the schema's patterns (and formats) that could not be run safely,
// one sentence each; the verdict holds for the rest of the schema.

/** Keywords whose failure only says "something inside failed": reported through their children. */
const CONTAINERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  '$recursiveRef',
  '$dynamicRef',
  'patternProperties',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'unevaluatedItems',
]);
/** Keywords whose children are alternatives: their own message is the useful one. */
const ALTERNATIVES = new Set(['anyOf', 'oneOf', 'not']);
const KNOWN_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

const cache = new WeakMap<object, Validator | string>();

function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const s = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (s.includes('draft-07') || s.includes('draft-06')) return '7';
  if (s.includes('draft-04')) return '4';
  if (s.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** A problem with the schema itself that the validator would otherwise ignore or trip on. Nesting is bounded by the caller. */
function schemaProblem(node: unknown, path: string, seen = new Set<unknown>()): string | undefined {
  if (typeof node === 'boolean') return undefined;
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return `${path || '(root)'} is not a schema object`;
  if (seen.has(node)) return undefined;
  seen.add(node);
  const s = node as Record<string, unknown>;
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  const bad = types.find((t) => typeof t !== 'string' || !KNOWN_TYPES.has(t));
  if (bad !== undefined) return `${path || '(root)'}: type ${JSON.stringify(bad)} is not a JSON Schema type`;
  let problem: string | undefined;
  eachSubschema(s, (child, sub) => {
    problem ??= schemaProblem(child, path + sub, seen);
  });
  return problem;
}

function validatorFor(schema: Record<string, unknown>): Validator | string {
  const hit = cache.get(schema);
  if (hit) return hit;
  let v: Validator | string;
  const problem = schemaProblem(schema, '') ?? patternFacts(schema).invalid;
  if (problem) v = problem;
  else {
    try {
      v = new Validator(schema as Schema, draftOf(schema), false);
    } catch (e) {
      v = e instanceof Error ? e.message : String(e);
    }
  }
  cache.set(schema, v);
  return v;
}

function pointerFrom(location: string): string {
  return location.startsWith('#') ? location.slice(1) : location;
}

/** The value at a keywordLocation inside the schema, when it can be followed. */
function keywordValue(schema: unknown, keywordLocation: string, depth = 0): unknown {
  let node: unknown = schema;
  for (const raw of pointerFrom(keywordLocation).split('/').slice(1)) {
    const key = decodeURIComponent(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (typeof node !== 'object' || node === null) return undefined;
    const here = node as Record<string, unknown>;
    // A location that passes through "$ref" continues in the schema it names.
    if (key === '$ref' && typeof here.$ref === 'string' && here.$ref.startsWith('#') && depth < 20) {
      node = keywordValue(schema, here.$ref, depth + 1);
      continue;
    }
    node = here[key];
  }
  return node;
}

function quoted(error: string): string | undefined {
  return /"([^"]*)"/.exec(error)?.[1];
}

function message(schema: unknown, u: OutputUnit): string {
  // A pattern's stand-in is a format; the server's own pattern is kept beside it.
  if (u.keyword === 'format') {
    const source = keywordValue(schema, u.keywordLocation.replace(/format$/, PATTERN_SOURCE));
    if (typeof source === 'string') return `must match pattern "${source}"`;
  }
  const v = keywordValue(schema, u.keywordLocation);
  // Where the keyword cannot be found again, the validator's own words serve.
  if (v === undefined && !['required', 'additionalProperties', 'anyOf', 'oneOf', 'not'].includes(u.keyword)) return u.error;
  switch (u.keyword) {
    case 'type':
      return v === undefined ? u.error : `must be ${Array.isArray(v) ? v.join(' or ') : String(v)}`;
    case 'required':
      return `missing required property "${quoted(u.error) ?? '?'}"`;
    case 'additionalProperties':
      return `has unexpected property "${quoted(u.error) ?? '?'}"`;
    case 'minimum':
      return `must be >= ${String(v)}`;
    case 'maximum':
      return `must be <= ${String(v)}`;
    case 'exclusiveMinimum':
      return `must be > ${String(v)}`;
    case 'exclusiveMaximum':
      return `must be < ${String(v)}`;
    case 'minLength':
      return `must have at least ${plural(Number(v), 'character')}`;
    case 'maxLength':
      return `must have at most ${String(v)} characters`;
    case 'minItems':
      return `must have at least ${plural(Number(v), 'item')}`;
    case 'maxItems':
      return `must have at most ${String(v)} items`;
    case 'pattern':
      return `must match pattern "${String(v)}"`;
    case 'format':
      return `must match format "${String(v)}"`;
    case 'enum':
      return `must be one of ${JSON.stringify(v)}`;
    case 'const':
      return `must be ${JSON.stringify(v)}`;
    case 'anyOf':
      return 'must match at least one of the allowed schemas (anyOf)';
    case 'oneOf':
      return 'must match exactly one of the allowed schemas (oneOf)';
    case 'not':
      return 'must not match the schema in "not"';
    default:
      return u.error;
  }
}

/** Keep the errors a person can act on: leaves, plus anyOf/oneOf without their branches. */
export function usefulErrors(errors: readonly OutputUnit[]): OutputUnit[] {
  const alternatives = errors.filter((e) => ALTERNATIVES.has(e.keyword)).map((e) => `${e.keywordLocation}/`);
  return errors.filter((e) => {
    if (alternatives.some((prefix) => e.keywordLocation.startsWith(prefix))) return false;
    if (CONTAINERS.has(e.keyword)) {
      const prefix = `${e.keywordLocation}/`;
      return !errors.some((other) => other !== e && other.keywordLocation.startsWith(prefix));
    }
    return true;
  });
}

/** Why a schema or value is not checked at all: nesting deeper than the validator can safely recurse. */
function tooDeep(schema: object, value: unknown): string | undefined {
  if (nestsDeeperThan(schema, MAX_NESTING)) {
    return `The schema nests more than ${MAX_NESTING} levels deep, more than mcpscope checks; values are not checked against it.`;
  }
  if (nestsDeeperThan(value, MAX_NESTING)) {
    return `The value nests more than ${MAX_NESTING} levels deep, more than mcpscope checks against a schema; it was not checked.`;
  }
  return undefined;
}

export function validateAgainstSchema(schema: unknown, value: unknown): ValidationResult {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { valid: false, schemaError: 'The schema is not a JSON object.', problems: [] };
  }
  const deep = tooDeep(schema, value);
  if (deep) return { valid: false, schemaError: deep, problems: [], beyondLimits: true };
  const original = schema as Record<string, unknown>;
  const validator = validatorFor(original);
  if (typeof validator === 'string') return { valid: false, schemaError: `The schema cannot be used: ${validator}`, problems: [] };
  const facts = patternFacts(original);
  // The schema the validator runs, and the one its error locations point into.
  let used = original;
  let result;
  try {
    if (facts.guarded) {
      const resolved = withPatternsResolved(original, value);
      if (resolved.beyondLimits !== undefined) return { valid: false, schemaError: resolved.beyondLimits, problems: [], beyondLimits: true };
      used = resolved.schema;
      const guarded = new Validator(used as Schema, draftOf(original), false);
      result = withPatternFormats(original, () => guarded.validate(value));
    } else result = validator.validate(value);
  } catch (e) {
    return { valid: false, schemaError: `The schema cannot be used: ${e instanceof Error ? e.message : String(e)}`, problems: [] };
  }
  const notChecked = facts.notChecked.length > 0 ? { notChecked: facts.notChecked } : {};
  if (result.valid) return { valid: true, ...notChecked };
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const u of usefulErrors(result.errors)) {
    const p = { path: pointerFrom(u.instanceLocation), message: message(used, u) };
    const key = `${p.path} ${p.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(p);
  }
  return { valid: false, problems, ...notChecked };
}

/** One line per problem, e.g. `/items/0/quantity: must be <= 100`. */
export function formatProblems(problems: SchemaProblem[]): string[] {
  return problems.map((p) => `${p.path || '(root)'}: ${p.message}`);
}
