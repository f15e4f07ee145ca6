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
    expect(r).toMatchObject({ valid: false, schemaError: expect.stringMatching(/does not compile/) });
    expect(validateAgainstSchema('nope', 1)).toMatchObject({ valid: false, schemaError: expect.any(String) });
  });
});
