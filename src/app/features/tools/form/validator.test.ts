import { describe, expect, it } from 'vitest';
import { buildArguments } from './build-arguments.js';
import { prepareFormSchema } from './prepare-schema.js';
import { formValidator, initialFormData } from './validator.js';

describe('initialFormData', () => {
  it('prefills defaults, through $defs and into array items', () => {
    const { schema } = prepareFormSchema({
      type: 'object',
      $defs: { line: { type: 'object', properties: { quantity: { type: 'integer', default: 1 }, sku: { type: 'string' } } } },
      properties: {
        items: { type: 'array', minItems: 1, items: { $ref: '#/$defs/line' } },
        priority: { type: 'string', enum: ['low', 'normal'], default: 'normal' },
        values: { type: 'array', items: { type: 'number' }, default: [3, 7] },
        note: { type: ['string', 'null'] },
      },
      required: ['items'],
    });
    const data = initialFormData(schema);
    expect(data).toMatchObject({ items: [{ quantity: 1 }], priority: 'normal', values: [3, 7] });
    // What the untouched form would send: defaults, and nothing for the empty optional note.
    expect(buildArguments(schema, data)).toEqual({ items: [{ quantity: 1 }], priority: 'normal', values: [3, 7] });
  });

  it('gives an empty object for a tool without arguments or with a schema it cannot use', () => {
    expect(initialFormData(prepareFormSchema({ type: 'object' }).schema)).toEqual({});
    expect(buildArguments(prepareFormSchema(null).schema, initialFormData(prepareFormSchema(null).schema))).toEqual({});
  });
});

describe('formValidator with a server pattern that backtracks exponentially', () => {
  const inputSchema = { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$', default: `${'a'.repeat(29)}!` } }, required: ['word'] };

  it('prefills the 30-character default and rejects it quickly, at its field', () => {
    const { schema } = prepareFormSchema(inputSchema);
    const started = performance.now();
    const data = initialFormData(schema);
    const result = formValidator.validateFormData(data, schema);
    const valid = formValidator.isValid(schema, data, schema);
    expect(performance.now() - started).toBeLessThan(500);
    expect(data).toEqual({ word: `${'a'.repeat(29)}!` });
    expect(result.errors).toEqual([expect.objectContaining({ property: '.word', message: 'must match pattern "^(a+)+$"' })]);
    expect(valid).toBe(false);
    expect(formValidator.isValid(schema, { word: 'aaaa' }, schema)).toBe(true);
  });
});
