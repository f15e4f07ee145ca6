import { describe, expect, it } from 'vitest';
import { diffSchemas, type SchemaDirection } from './schema-diff.js';
import type { ChangeClass, ChangeDetail } from './types.js';

const obj = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});
const str = { type: 'string' };
const num = { type: 'number' };

interface Row {
  change: string;
  direction: SchemaDirection;
  old: unknown;
  new: unknown;
  class: ChangeClass;
  path: string;
}

/** One row per schema change, with the class it must get: the table the diff classifier is held to. */
const TABLE: Row[] = [
  // Input schemas: what a host sends. Accepting less is breaking.
  {
    change: 'required argument added',
    direction: 'input',
    old: obj({ a: str }),
    new: obj({ a: str, b: str }, ['b']),
    class: 'breaking',
    path: '/properties/b',
  },
  { change: 'optional argument added', direction: 'input', old: obj({ a: str }), new: obj({ a: str, b: str }), class: 'compatible', path: '/properties/b' },
  { change: 'argument removed', direction: 'input', old: obj({ a: str, b: str }), new: obj({ a: str }), class: 'breaking', path: '/properties/b' },
  { change: 'argument made required', direction: 'input', old: obj({ a: str }), new: obj({ a: str }, ['a']), class: 'breaking', path: '/required' },
  { change: 'argument made optional', direction: 'input', old: obj({ a: str }, ['a']), new: obj({ a: str }), class: 'compatible', path: '/required' },
  {
    change: 'type narrowed (union to one)',
    direction: 'input',
    old: obj({ a: { type: ['string', 'number'] } }),
    new: obj({ a: str }),
    class: 'breaking',
    path: '/properties/a/type',
  },
  {
    change: 'type narrowed (number to integer)',
    direction: 'input',
    old: obj({ a: num }),
    new: obj({ a: { type: 'integer' } }),
    class: 'breaking',
    path: '/properties/a/type',
  },
  { change: 'type narrowed (any to string)', direction: 'input', old: obj({ a: {} }), new: obj({ a: str }), class: 'breaking', path: '/properties/a/type' },
  { change: 'type changed (string to number)', direction: 'input', old: obj({ a: str }), new: obj({ a: num }), class: 'breaking', path: '/properties/a/type' },
  {
    change: 'type widened (string to string|number)',
    direction: 'input',
    old: obj({ a: str }),
    new: obj({ a: { type: ['string', 'number'] } }),
    class: 'compatible',
    path: '/properties/a/type',
  },
  {
    change: 'type widened (integer to number)',
    direction: 'input',
    old: obj({ a: { type: 'integer' } }),
    new: obj({ a: num }),
    class: 'compatible',
    path: '/properties/a/type',
  },
  {
    change: 'enum value removed',
    direction: 'input',
    old: obj({ a: { type: 'string', enum: ['x', 'y'] } }),
    new: obj({ a: { type: 'string', enum: ['x'] } }),
    class: 'breaking',
    path: '/properties/a/enum',
  },
  {
    change: 'enum value added',
    direction: 'input',
    old: obj({ a: { type: 'string', enum: ['x'] } }),
    new: obj({ a: { type: 'string', enum: ['x', 'y'] } }),
    class: 'compatible',
    path: '/properties/a/enum',
  },
  {
    change: 'enum added',
    direction: 'input',
    old: obj({ a: str }),
    new: obj({ a: { type: 'string', enum: ['x'] } }),
    class: 'breaking',
    path: '/properties/a/enum',
  },
  {
    change: 'enum removed',
    direction: 'input',
    old: obj({ a: { type: 'string', enum: ['x'] } }),
    new: obj({ a: str }),
    class: 'compatible',
    path: '/properties/a/enum',
  },
  {
    change: 'minimum raised',
    direction: 'input',
    old: obj({ a: { type: 'number', minimum: 1 } }),
    new: obj({ a: { type: 'number', minimum: 5 } }),
    class: 'breaking',
    path: '/properties/a/minimum',
  },
  {
    change: 'minimum lowered',
    direction: 'input',
    old: obj({ a: { type: 'number', minimum: 5 } }),
    new: obj({ a: { type: 'number', minimum: 1 } }),
    class: 'compatible',
    path: '/properties/a/minimum',
  },
  {
    change: 'maximum added',
    direction: 'input',
    old: obj({ a: num }),
    new: obj({ a: { type: 'number', maximum: 10 } }),
    class: 'breaking',
    path: '/properties/a/maximum',
  },
  {
    change: 'maximum raised',
    direction: 'input',
    old: obj({ a: { type: 'number', maximum: 10 } }),
    new: obj({ a: { type: 'number', maximum: 20 } }),
    class: 'compatible',
    path: '/properties/a/maximum',
  },
  {
    change: 'maxLength lowered',
    direction: 'input',
    old: obj({ a: { type: 'string', maxLength: 100 } }),
    new: obj({ a: { type: 'string', maxLength: 10 } }),
    class: 'breaking',
    path: '/properties/a/maxLength',
  },
  {
    change: 'minItems removed',
    direction: 'input',
    old: obj({ a: { type: 'array', minItems: 1 } }),
    new: obj({ a: { type: 'array' } }),
    class: 'compatible',
    path: '/properties/a/minItems',
  },
  {
    change: 'pattern added',
    direction: 'input',
    old: obj({ a: str }),
    new: obj({ a: { type: 'string', pattern: '^[a-z]+$' } }),
    class: 'breaking',
    path: '/properties/a/pattern',
  },
  {
    change: 'pattern changed',
    direction: 'input',
    old: obj({ a: { type: 'string', pattern: '^a' } }),
    new: obj({ a: { type: 'string', pattern: '^b' } }),
    class: 'breaking',
    path: '/properties/a/pattern',
  },
  {
    change: 'pattern removed',
    direction: 'input',
    old: obj({ a: { type: 'string', pattern: '^a' } }),
    new: obj({ a: str }),
    class: 'compatible',
    path: '/properties/a/pattern',
  },
  {
    change: 'format added',
    direction: 'input',
    old: obj({ a: str }),
    new: obj({ a: { type: 'string', format: 'uri' } }),
    class: 'breaking',
    path: '/properties/a/format',
  },
  {
    change: 'additionalProperties false added',
    direction: 'input',
    old: obj({ a: str }),
    new: obj({ a: str }, [], { additionalProperties: false }),
    class: 'breaking',
    path: '/additionalProperties',
  },
  {
    change: 'additionalProperties false removed',
    direction: 'input',
    old: obj({ a: str }, [], { additionalProperties: false }),
    new: obj({ a: str }),
    class: 'compatible',
    path: '/additionalProperties',
  },
  {
    change: 'uniqueItems added',
    direction: 'input',
    old: obj({ a: { type: 'array' } }),
    new: obj({ a: { type: 'array', uniqueItems: true } }),
    class: 'breaking',
    path: '/properties/a/uniqueItems',
  },
  {
    change: 'array items type narrowed',
    direction: 'input',
    old: obj({ a: { type: 'array', items: { type: 'number' } } }),
    new: obj({ a: { type: 'array', items: { type: 'integer' } } }),
    class: 'breaking',
    path: '/properties/a/items/type',
  },
  {
    change: 'nested required argument added',
    direction: 'input',
    old: obj({ o: obj({ x: str }) }),
    new: obj({ o: obj({ x: str, y: str }, ['y']) }),
    class: 'breaking',
    path: '/properties/o/properties/y',
  },
  {
    change: 'anyOf alternative added',
    direction: 'input',
    old: obj({ a: { anyOf: [str] } }),
    new: obj({ a: { anyOf: [str, num] } }),
    class: 'compatible',
    path: '/properties/a/anyOf',
  },
  {
    change: 'anyOf alternative removed',
    direction: 'input',
    old: obj({ a: { anyOf: [str, num] } }),
    new: obj({ a: { anyOf: [str] } }),
    class: 'breaking',
    path: '/properties/a/anyOf',
  },
  {
    change: 'description changed',
    direction: 'input',
    old: obj({ a: { type: 'string', description: 'old' } }),
    new: obj({ a: { type: 'string', description: 'new' } }),
    class: 'compatible',
    path: '/properties/a/description',
  },
  {
    change: 'title changed',
    direction: 'input',
    old: obj({ a: { type: 'string', title: 'A' } }),
    new: obj({ a: { type: 'string', title: 'B' } }),
    class: 'compatible',
    path: '/properties/a/title',
  },
  {
    change: 'unknown keyword changed',
    direction: 'input',
    old: obj({ a: { $ref: '#/$defs/x' } }),
    new: obj({ a: { $ref: '#/$defs/y' } }),
    class: 'breaking',
    path: '/properties/a/$ref',
  },
  {
    change: 'a property named with / and ~',
    direction: 'input',
    old: obj({ 'a/b~c': str }),
    new: obj({ 'a/b~c': num }),
    class: 'breaking',
    path: '/properties/a~1b~0c/type',
  },
  {
    change: 'a property named __proto__ added',
    direction: 'input',
    old: obj({}),
    new: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'),
    class: 'breaking',
    path: '/properties/__proto__',
  },
  {
    change: 'additionalProperties schema added',
    direction: 'input',
    old: obj({ a: str }),
    new: obj({ a: str }, [], { additionalProperties: num }),
    class: 'breaking',
    path: '/additionalProperties',
  },
  {
    change: 'additionalProperties schema widened',
    direction: 'input',
    old: obj({}, [], { additionalProperties: { type: 'integer' } }),
    new: obj({}, [], { additionalProperties: num }),
    class: 'compatible',
    path: '/additionalProperties/type',
  },
  // Output schemas: what a host receives. Promising less is breaking.
  { change: 'field removed', direction: 'output', old: obj({ a: str, b: str }), new: obj({ a: str }), class: 'breaking', path: '/properties/b' },
  { change: 'field made optional', direction: 'output', old: obj({ a: str }, ['a']), new: obj({ a: str }), class: 'breaking', path: '/required' },
  { change: 'field made required', direction: 'output', old: obj({ a: str }), new: obj({ a: str }, ['a']), class: 'compatible', path: '/required' },
  { change: 'field added', direction: 'output', old: obj({ a: str }), new: obj({ a: str, b: str }), class: 'compatible', path: '/properties/b' },
  {
    change: 'required field added',
    direction: 'output',
    old: obj({ a: str }),
    new: obj({ a: str, b: str }, ['b']),
    class: 'compatible',
    path: '/properties/b',
  },
  {
    change: 'field type widened',
    direction: 'output',
    old: obj({ a: str }),
    new: obj({ a: { type: ['string', 'null'] } }),
    class: 'breaking',
    path: '/properties/a/type',
  },
  {
    change: 'field type narrowed',
    direction: 'output',
    old: obj({ a: { type: ['string', 'null'] } }),
    new: obj({ a: str }),
    class: 'compatible',
    path: '/properties/a/type',
  },
  { change: 'field type changed', direction: 'output', old: obj({ a: str }), new: obj({ a: num }), class: 'breaking', path: '/properties/a/type' },
  {
    change: 'field enum value added',
    direction: 'output',
    old: obj({ a: { enum: ['x'] } }),
    new: obj({ a: { enum: ['x', 'y'] } }),
    class: 'breaking',
    path: '/properties/a/enum',
  },
  {
    change: 'field enum value removed',
    direction: 'output',
    old: obj({ a: { enum: ['x', 'y'] } }),
    new: obj({ a: { enum: ['x'] } }),
    class: 'compatible',
    path: '/properties/a/enum',
  },
  {
    change: 'field maximum raised',
    direction: 'output',
    old: obj({ a: { type: 'number', maximum: 1 } }),
    new: obj({ a: { type: 'number', maximum: 2 } }),
    class: 'breaking',
    path: '/properties/a/maximum',
  },
  {
    change: 'field description changed',
    direction: 'output',
    old: obj({ a: { type: 'string', description: 'x' } }),
    new: obj({ a: { type: 'string', description: 'y' } }),
    class: 'compatible',
    path: '/properties/a/description',
  },
];

function changesOf(row: Row): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  diffSchemas(row.old, row.new, '', row.direction, details);
  return details;
}

describe('diffSchemas: the table of schema changes', () => {
  it.each(TABLE)('$direction: $change is $class at $path', (row) => {
    const details = changesOf(row);
    expect(details.map((d) => [d.path, d.class])).toEqual([[row.path, row.class]]);
    expect(details[0]!.reason).toMatch(/^[A-Za-z$].*\.$/);
  });

  it('takes additionalProperties {} as true: nothing changed', () => {
    expect(changesOf({ change: '', direction: 'input', old: obj({}, [], { additionalProperties: {} }), new: obj({}), class: 'compatible', path: '' })).toEqual(
      [],
    );
  });

  it('finds nothing between equal schemas, whatever the key order', () => {
    expect(
      changesOf({
        change: '',
        direction: 'input',
        old: { type: 'object', properties: { a: str } },
        new: { properties: { a: str }, type: 'object' },
        class: 'compatible',
        path: '',
      }),
    ).toEqual([]);
  });

  it('keeps the old and new values of each change', () => {
    const [d] = changesOf(TABLE.find((r) => r.change === 'minimum raised')!);
    expect(d).toMatchObject({ old: 1, new: 5 });
    expect(d!.reason).toBe('minimum raised from 1 to 5: arguments a host sent before may now be refused.');
  });

  it('does not overflow on a schema nested thousands deep', () => {
    const deep = (leaf: unknown) => {
      let s: unknown = leaf;
      for (let i = 0; i < 5000; i++) s = { type: 'object', properties: { x: s } };
      return s;
    };
    const details: ChangeDetail[] = [];
    diffSchemas(deep(str), deep(num), '', 'input', details);
    expect(details).toHaveLength(1);
    expect(details[0]!.class).toBe('breaking');
  });
});
