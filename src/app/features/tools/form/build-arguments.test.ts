import { describe, expect, it } from 'vitest';
import { buildArguments } from './build-arguments.js';
import { prepareFormSchema } from './prepare-schema.js';

const createOrder = prepareFormSchema({
  type: 'object',
  $defs: {
    person: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } }, required: ['name'] },
  },
  properties: {
    customer: { $ref: '#/$defs/person' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { sku: { type: 'string' }, quantity: { type: 'integer' }, gift: { type: 'boolean' } },
        required: ['sku', 'quantity'],
      },
    },
    priority: { type: 'string', enum: ['low', 'normal', 'high'] },
    note: { type: ['string', 'null'] },
    deliverBy: { type: 'string', format: 'date' },
    shipping: { type: 'object', properties: { street: { type: 'string' } } },
  },
  required: ['customer', 'items', 'priority'],
}).schema;

describe('buildArguments', () => {
  it('builds nested objects and arrays of objects, keeping numbers and booleans typed', () => {
    const args = buildArguments(createOrder, {
      customer: { name: 'Ada' },
      items: [
        { sku: 'ABC-123', quantity: 2, gift: false },
        { sku: 'XYZ-999', quantity: '3', gift: true },
      ],
      priority: 'high',
    });
    expect(args).toEqual({
      customer: { name: 'Ada' },
      items: [
        { sku: 'ABC-123', quantity: 2, gift: false },
        { sku: 'XYZ-999', quantity: 3, gift: true },
      ],
      priority: 'high',
    });
    expect(JSON.stringify(args)).toContain('"quantity":3');
  });

  it('omits optional fields left empty instead of sending ""', () => {
    const args = buildArguments(createOrder, {
      customer: { name: 'Ada', email: '' },
      items: [{ sku: 'ABC-123', quantity: 1 }],
      priority: 'low',
      deliverBy: '',
      note: undefined,
      shipping: { street: '' },
    });
    expect(args).toEqual({ customer: { name: 'Ada' }, items: [{ sku: 'ABC-123', quantity: 1 }], priority: 'low' });
    expect('note' in args).toBe(false);
    expect('shipping' in args).toBe(false);
  });

  it('sends an explicit null, which is different from leaving the field out', () => {
    const withNull = buildArguments(createOrder, { customer: { name: 'A' }, items: [], priority: 'low', note: null });
    expect(withNull).toHaveProperty('note', null);
    const omitted = buildArguments(createOrder, { customer: { name: 'A' }, items: [], priority: 'low' });
    expect(omitted).not.toHaveProperty('note');
  });

  it('keeps required containers even when empty, so validation can say what is missing', () => {
    expect(buildArguments(createOrder, { customer: {}, items: [], priority: undefined })).toEqual({ customer: {}, items: [] });
  });

  it('keeps array items the user added, even empty ones, and drops only undefined holes', () => {
    const schema = prepareFormSchema({
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' } },
        rows: { type: 'array', items: { type: 'object', properties: { a: { type: 'number' } } } },
      },
    }).schema;
    expect(buildArguments(schema, { tags: ['a', undefined, ''], rows: [{}] })).toEqual({ tags: ['a', ''], rows: [{}] });
    expect(buildArguments(schema, { tags: [] })).toEqual({});
  });

  it('turns numeric text into numbers for number and integer fields, and leaves other text for validation', () => {
    const schema = prepareFormSchema({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'integer' }, c: { type: 'number' }, d: { type: 'number' } },
    }).schema;
    expect(buildArguments(schema, { a: '3', b: ' 1e2 ', c: 'abc', d: '' })).toEqual({ a: 3, b: 100, c: 'abc' });
  });

  it('keeps values of JSON-edited fields and keys the schema does not declare exactly as they are', () => {
    const schema = prepareFormSchema({ type: 'object', properties: { any: {}, s: { type: 'string' } } }).schema;
    expect(buildArguments(schema, { any: { x: [1, ''] }, s: 'v', extra: '' })).toEqual({ any: { x: [1, ''] }, s: 'v', extra: '' });
  });

  it('always returns an object for the root', () => {
    const schema = prepareFormSchema({ type: 'object' }).schema;
    expect(buildArguments(schema, undefined)).toEqual({});
    expect(buildArguments(schema, {})).toEqual({});
  });
});
