// Two JSON Schemas compared keyword by keyword, each difference classed by what it does to the values the schema
// accepts: an input schema (arguments a host sends) may not accept less, an output schema (what a host receives)
// may not promise less. A difference mcpscope cannot judge counts as breaking.

import { isRecord } from '../json/guards.js';
import { nestsDeeperThan, pointerSegment } from '../schema/walk.js';
import { ownValue } from '../text/own.js';
import { jsonEqual } from './json-equal.js';
import type { ChangeClass, ChangeDetail } from './types.js';

/** input: what a host sends (inputSchema); output: what a host receives (outputSchema). */
export type SchemaDirection = 'input' | 'output';

/** What a difference does to the set of values the schema accepts. */
type Effect = 'narrows' | 'widens' | 'both' | 'unknown' | 'docs';

const BREAKS: Record<SchemaDirection, Record<Effect, boolean>> = {
  input: { narrows: true, widens: false, both: true, unknown: true, docs: false },
  output: { narrows: false, widens: true, both: true, unknown: true, docs: false },
};

const CONSEQUENCE: Record<SchemaDirection, Record<Effect, string>> = {
  input: {
    narrows: 'arguments a host sent before may now be refused.',
    widens: 'every argument that was valid still is.',
    both: 'arguments valid before are not valid now.',
    unknown: 'mcpscope cannot tell whether the same arguments are accepted, so it counts as breaking.',
    docs: 'documentation only.',
  },
  output: {
    narrows: 'every result is one a host could already read.',
    widens: 'a host may now receive a value it was not written for.',
    both: 'results a host was written for are not what it gets now.',
    unknown: 'mcpscope cannot tell whether results keep their shape, so it counts as breaking.',
    docs: 'documentation only.',
  },
};

/** Keywords that change no value the schema accepts. */
const DOCS = new Set(['title', 'description', 'examples', 'default', '$comment', 'deprecated', 'readOnly', 'writeOnly']);
/** Bounds that narrow when raised, and those that narrow when lowered. */
const LOWER = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
const UPPER = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);
/** Keywords that only narrow when added, widen when removed, and are unordered when changed. */
const RESTRICTIONS = new Set(['pattern', 'format', 'multipleOf', 'const']);
/** Keywords handled with another (required with properties). */
const HANDLED = new Set(['type', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'oneOf', 'allOf', 'uniqueItems']);

/** Past this depth a differing sub-schema is one unjudged change, so no schema overflows the stack. */
const MAX_DEPTH = 64;

export function shortJson(value: unknown): string {
  if (nestsDeeperThan(value, 8)) return Array.isArray(value) ? '[…]' : '{…}';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

interface Walk {
  direction: SchemaDirection;
  details: ChangeDetail[];
}

/** One change at `path`, with the values it has on each side that has one. */
export function detailOf(path: string, old: unknown, next: unknown, cls: ChangeClass, reason: string): ChangeDetail {
  return { path, ...(old !== undefined ? { old } : {}), ...(next !== undefined ? { new: next } : {}), class: cls, reason };
}

function detail(walk: Walk, path: string, old: unknown, next: unknown, cls: ChangeClass, reason: string): void {
  walk.details.push(detailOf(path, old, next, cls, reason));
}

function judged(walk: Walk, path: string, old: unknown, next: unknown, effect: Effect, what: string): void {
  const cls: ChangeClass = BREAKS[walk.direction][effect] ? 'breaking' : 'compatible';
  detail(walk, path, old, next, cls, `${what}: ${CONSEQUENCE[walk.direction][effect]}`);
}

/** The differences of `old` and `next` (two schemas at `path`), appended to `details`. */
export function diffSchemas(old: unknown, next: unknown, path: string, direction: SchemaDirection, details: ChangeDetail[]): void {
  walkSchema(old, next, path, { direction, details }, 0);
}

function walkSchema(old: unknown, next: unknown, path: string, walk: Walk, depth: number): void {
  if (jsonEqual(old, next)) return;
  if (depth > MAX_DEPTH) return judged(walk, path, old, next, 'unknown', `The schema changed more than ${MAX_DEPTH} levels down`);
  if (!isRecord(old) || !isRecord(next)) return judged(walk, path, old, next, 'unknown', `The schema changed from ${shortJson(old)} to ${shortJson(next)}`);
  const keys = new Set([...Object.keys(old), ...Object.keys(next)]);
  for (const key of keys) {
    const a = ownValue(old, key);
    const b = ownValue(next, key);
    if (HANDLED.has(key) || jsonEqual(a, b)) continue;
    const at = `${path}/${pointerSegment(key)}`;
    if (DOCS.has(key)) judged(walk, at, a, b, 'docs', `${key} changed`);
    else if (key === '$schema') detail(walk, at, a, b, 'compatible', `$schema changed: it names the dialect, and the other keywords are judged as they are.`);
    else if (LOWER.has(key) || UPPER.has(key)) bound(walk, at, key, a, b);
    else if (RESTRICTIONS.has(key)) {
      const effect = a === undefined ? 'narrows' : b === undefined ? 'widens' : 'both';
      judged(
        walk,
        at,
        a,
        b,
        effect,
        a === undefined
          ? `${key} ${shortJson(b)} added`
          : b === undefined
            ? `${key} ${shortJson(a)} removed`
            : `${key} changed from ${shortJson(a)} to ${shortJson(b)}`,
      );
    } else judged(walk, at, a, b, 'unknown', `${key} changed`);
  }
  types(walk, path, old.type, next.type);
  enums(walk, path, old.enum, next.enum);
  if (old.uniqueItems !== next.uniqueItems) {
    const on = next.uniqueItems === true;
    judged(walk, `${path}/uniqueItems`, old.uniqueItems, next.uniqueItems, on ? 'narrows' : 'widens', on ? 'uniqueItems added' : 'uniqueItems removed');
  }
  properties(walk, path, old, next, depth);
  additional(walk, path, old.additionalProperties, next.additionalProperties, depth);
  if (!jsonEqual(old.items, next.items)) {
    if (old.items === undefined) judged(walk, `${path}/items`, undefined, next.items, 'narrows', 'items added');
    else if (next.items === undefined) judged(walk, `${path}/items`, old.items, undefined, 'widens', 'items removed');
    else walkSchema(old.items, next.items, `${path}/items`, walk, depth + 1);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) alternatives(walk, path, key, old[key], next[key], depth);
}

function bound(walk: Walk, path: string, key: string, a: unknown, b: unknown): void {
  const lower = LOWER.has(key);
  if (a === undefined) return judged(walk, path, a, b, 'narrows', `${key} ${shortJson(b)} added`);
  if (b === undefined) return judged(walk, path, a, b, 'widens', `${key} ${shortJson(a)} removed`);
  if (typeof a !== 'number' || typeof b !== 'number') return judged(walk, path, a, b, 'unknown', `${key} changed from ${shortJson(a)} to ${shortJson(b)}`);
  const raised = b > a;
  judged(walk, path, a, b, raised === lower ? 'narrows' : 'widens', `${key} ${raised ? 'raised' : 'lowered'} from ${a} to ${b}`);
}

/** The JSON types a schema's `type` allows; undefined: any. */
function typeSet(type: unknown): Set<string> | undefined {
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.filter((t): t is string => typeof t === 'string'));
  return undefined;
}

/** Whether every value of the types `inner` allows is allowed by `outer` (a number may be an integer). */
function covers(outer: Set<string> | undefined, inner: Set<string> | undefined): boolean {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  return [...inner].every((t) => outer.has(t) || (t === 'integer' && outer.has('number')));
}

function types(walk: Walk, path: string, a: unknown, b: unknown): void {
  if (jsonEqual(a, b)) return;
  const was = typeSet(a);
  const is = typeSet(b);
  const wider = covers(is, was);
  const narrower = covers(was, is);
  if (wider && narrower) return;
  const from = a === undefined ? 'any type' : shortJson(a);
  const to = b === undefined ? 'any type' : shortJson(b);
  const effect = wider ? 'widens' : narrower ? 'narrows' : 'both';
  const verb = { widens: 'widened', narrows: 'narrowed', both: 'changed' }[effect];
  judged(walk, `${path}/type`, a, b, effect, `The type ${verb} from ${from} to ${to}`);
}

function enums(walk: Walk, path: string, a: unknown, b: unknown): void {
  if (jsonEqual(a, b)) return;
  const at = `${path}/enum`;
  if (!Array.isArray(a) || !Array.isArray(b)) {
    if (a === undefined) return judged(walk, at, a, b, 'narrows', `enum ${shortJson(b)} added`);
    if (b === undefined) return judged(walk, at, a, b, 'widens', `enum ${shortJson(a)} removed`);
    return judged(walk, at, a, b, 'unknown', `enum changed from ${shortJson(a)} to ${shortJson(b)}`);
  }
  const removed = a.filter((v) => !b.some((w) => jsonEqual(v, w)));
  const added = b.filter((v) => !a.some((w) => jsonEqual(v, w)));
  if (removed.length === 0 && added.length === 0) return;
  const words = [
    ...(removed.length ? [`enum ${removed.length > 1 ? 'values' : 'value'} ${removed.map(shortJson).join(', ')} removed`] : []),
    ...(added.length ? [`enum ${added.length > 1 ? 'values' : 'value'} ${added.map(shortJson).join(', ')} added`] : []),
  ];
  judged(walk, at, a, b, removed.length && added.length ? 'both' : removed.length ? 'narrows' : 'widens', words.join(', '));
}

function requiredSet(schema: Record<string, unknown>): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : []);
}

/** Properties and `required` together: a property added, removed, or made required or optional. */
function properties(walk: Walk, path: string, old: Record<string, unknown>, next: Record<string, unknown>, depth: number): void {
  const was = isRecord(old.properties) ? old.properties : {};
  const is = isRecord(next.properties) ? next.properties : {};
  const wasRequired = requiredSet(old);
  const isRequired = requiredSet(next);
  const input = walk.direction === 'input';
  const noun = input ? 'Argument' : 'Field';
  const names = new Set([...Object.keys(was), ...Object.keys(is), ...wasRequired, ...isRequired]);
  for (const name of names) {
    const at = `${path}/properties/${pointerSegment(name)}`;
    const a = ownValue(was, name);
    const b = ownValue(is, name);
    const q = JSON.stringify(name);
    if (a === undefined && b !== undefined) {
      if (!input) detail(walk, at, undefined, b, 'compatible', `Field ${q} added: a host that does not know it ignores it.`);
      else if (isRequired.has(name)) detail(walk, at, undefined, b, 'breaking', `Required argument ${q} added: a host that does not send it is refused.`);
      else detail(walk, at, undefined, b, 'compatible', `Optional argument ${q} added: a host may leave it out.`);
      continue;
    }
    if (a !== undefined && b === undefined) {
      const why = input ? 'a host that sends it may be refused or have it ignored.' : 'a host that reads it no longer gets it.';
      detail(walk, at, a, undefined, 'breaking', `${noun} ${q} removed: ${why}`);
      continue;
    }
    if (a !== undefined && b !== undefined) walkSchema(a, b, at, walk, depth + 1);
    const made = wasRequired.has(name) === isRequired.has(name) ? undefined : isRequired.has(name) ? 'required' : 'optional';
    if (made === undefined) continue;
    const breaks = (made === 'required') === input;
    const why = {
      'input required': 'a host that leaves it out is refused.',
      'input optional': 'a host that sends it still may.',
      'output required': 'it is now always there.',
      'output optional': 'a host that expects it may not get it.',
    }[`${walk.direction} ${made}`];
    detail(walk, `${path}/required`, old.required, next.required, breaks ? 'breaking' : 'compatible', `${noun} ${q} made ${made}: ${why}`);
  }
}

/** additionalProperties: absent or true accepts any, false none, a schema what it accepts. */
function additional(walk: Walk, path: string, a: unknown, b: unknown, depth: number): void {
  if (jsonEqual(a, b)) return;
  const at = `${path}/additionalProperties`;
  if (isRecord(a) && isRecord(b)) return walkSchema(a, b, at, walk, depth + 1);
  // {} accepts anything, as true does.
  const rank = (v: unknown) => (v === undefined || v === true || (isRecord(v) && Object.keys(v).length === 0) ? 2 : v === false ? 0 : 1);
  const [was, is] = [rank(a), rank(b)];
  if (was === is) return;
  const what =
    b === false
      ? 'additionalProperties: false added'
      : a === false
        ? 'additionalProperties: false removed'
        : `additionalProperties changed from ${shortJson(a)} to ${shortJson(b)}`;
  judged(walk, at, a, b, is < was ? 'narrows' : 'widens', what);
}

/** anyOf / oneOf / allOf: the same number of alternatives compared one by one, else added or removed ones. */
function alternatives(walk: Walk, path: string, key: 'anyOf' | 'oneOf' | 'allOf', a: unknown, b: unknown, depth: number): void {
  if (jsonEqual(a, b)) return;
  const at = `${path}/${key}`;
  // More alternatives of anyOf/oneOf accept more; more schemas of allOf accept less.
  const more: Effect = key === 'allOf' ? 'narrows' : 'widens';
  const fewer: Effect = key === 'allOf' ? 'widens' : 'narrows';
  if (a === undefined) return judged(walk, at, a, b, 'narrows', `${key} added`);
  if (b === undefined) return judged(walk, at, a, b, 'widens', `${key} removed`);
  if (!Array.isArray(a) || !Array.isArray(b)) return judged(walk, at, a, b, 'unknown', `${key} changed`);
  if (a.length === b.length) {
    a.forEach((alt, i) => walkSchema(alt, b[i], `${at}/${i}`, walk, depth + 1));
    return;
  }
  const kept = (from: unknown[], into: unknown[]) => from.every((s) => into.some((t) => jsonEqual(s, t)));
  if (kept(a, b)) return judged(walk, at, a, b, more, `${key}: ${b.length - a.length} added`);
  if (kept(b, a)) return judged(walk, at, a, b, fewer, `${key}: ${a.length - b.length} removed`);
  judged(walk, at, a, b, 'unknown', `${key} changed`);
}
