import { describe, expect, it } from 'vitest';
import { formatProblems, validateAgainstSchema } from './validate.js';

const outputSchema = {
  type: 'object',
  properties: { temperature: { type: 'number' }, humidity: { type: 'integer', maximum: 100 }, when: { type: 'string', format: 'date' } },
  required: ['temperature'],
};

describe('validateAgainstSchema', () => {
  it('passes a value that fits', () => {
    expect(validateAgainstSchema(outputSchema, { temperature: 21.5, humidity: 40, when: '2026-11-29' })).toEqual({ valid: true });
  });

  it('names every problem with its path', () => {
    const r = validateAgainstSchema(outputSchema, { temperature: '21', humidity: 140, when: 'tomorrow' });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(formatProblems(r.problems)).toEqual([
      '/temperature: must be number',
      '/humidity: must be <= 100',
      '/when: must match format "date"',
    ]);
  });

  it('reports a missing required property by name', () => {
    const r = validateAgainstSchema(outputSchema, {});
    expect(r.valid === false && r.problems[0]?.message).toBe('missing required property "temperature"');
  });

  it('follows $ref into $defs (2020-12) and definitions (draft-07)', () => {
    const s2020 = { type: 'object', $defs: { n: { type: 'integer' } }, properties: { a: { $ref: '#/$defs/n' } } };
    expect(validateAgainstSchema(s2020, { a: 1.5 }).valid).toBe(false);
    const s07 = { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { n: { type: 'integer' } }, properties: { a: { $ref: '#/definitions/n' } } };
    expect(validateAgainstSchema(s07, { a: 2 }).valid).toBe(true);
  });

  it('reports a schema that does not compile instead of throwing', () => {
    const r = validateAgainstSchema({ type: 'nonsense' }, 1);
    expect(r).toMatchObject({ valid: false, schemaError: expect.stringMatching(/cannot be used/) });
    expect(validateAgainstSchema('nope', 1)).toMatchObject({ valid: false, schemaError: expect.any(String) });
  });
});

describe('validateAgainstSchema: what a person needs from nested failures', () => {
  const order = {
    type: 'object',
    $defs: { person: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] } },
    properties: {
      customer: { $ref: '#/$defs/person' },
      items: { type: 'array', items: { type: 'object', properties: { quantity: { type: 'integer', minimum: 1 } }, required: ['quantity'] } },
      note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    },
    required: ['customer'],
  };

  it('reports leaves with their paths, not the containers around them', () => {
    const r = validateAgainstSchema(order, { customer: { name: '' }, items: [{ quantity: 0 }, {}], note: 5 });
    expect(r.valid === false && formatProblems(r.problems)).toEqual([
      '/customer/name: must have at least 1 character',
      '/items/0/quantity: must be >= 1',
      '/items/1: missing required property "quantity"',
      '/note: must match at least one of the allowed schemas (anyOf)',
    ]);
  });

  it('treats the schema as data: a hostile property name is just a name', () => {
    const hostile = { type: 'object', properties: { "a'); globalThis.pwned = true; ('": { type: 'string' } }, required: ["a'); globalThis.pwned = true; ('"] };
    const r = validateAgainstSchema(hostile, {});
    expect(r.valid).toBe(false);
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
  });
});
