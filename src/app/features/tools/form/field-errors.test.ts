import { describe, expect, it } from 'vitest';
import { validateAgainstSchema } from '../../../../protocol/index.js';
import { placeProblems, pointerSegments } from './field-errors.js';
import { prepareFormSchema } from './prepare-schema.js';

const input = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string', pattern: '^[A-Z]{3}$' }, qty: { type: 'integer' } }, required: ['sku'] },
    },
    meta: {},
  },
  required: ['items', 'b'],
  additionalProperties: false,
};
const form = prepareFormSchema(input).schema;

describe('placeProblems', () => {
  it('puts each problem at the field it belongs to, a missing property at that property', () => {
    const verdict = validateAgainstSchema(input, { items: [{ sku: 'abc', qty: 1.5 }, {}], extra: 1 });
    if (verdict.valid) throw new Error('expected problems');
    const { errorSchema, lines } = placeProblems(form, verdict.problems);
    expect(errorSchema).toMatchObject({
      items: {
        0: { sku: { __errors: [expect.stringMatching(/pattern/)] }, qty: { __errors: ['must be integer'] } },
        1: { sku: { __errors: ['is required'] } },
      },
    });
    // "b" is required but has no field: its problem shows at the top of the form.
    expect(errorSchema.__errors).toEqual(expect.arrayContaining(['/b: is required', 'has unexpected property "extra"']));
    expect(errorSchema.b).toBeUndefined();
    expect(lines).toContain('/b: is required');
    expect(lines).toContain('/items/1/sku: is required');
    expect(lines).toContain('(arguments): has unexpected property "extra"');
  });

  it('shows problems inside a JSON-edited value at that field, with the rest of the path', () => {
    const { errorSchema } = placeProblems(form, [{ path: '/meta/deep/0', message: 'must be string' }]);
    expect(errorSchema).toEqual({ meta: { __errors: ['/deep/0: must be string'] } });
  });

  it('decodes JSON Pointer escapes', () => {
    expect(pointerSegments('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(pointerSegments('')).toEqual([]);
  });

  it('a property a server names like a prototype member never reaches Object.prototype', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const schema = JSON.parse(`{"type":"object","required":["${name}"],"properties":{}}`) as Parameters<typeof placeProblems>[0];
      const { errorSchema, lines } = placeProblems(schema, [
        { path: '', message: `missing required property "${name}"` },
        { path: `/${name}/x`, message: 'must be string' },
      ]);
      expect(lines).toContain(`/${name}: is required`);
      expect(errorSchema.__errors).toEqual([`/${name}: is required`, `/${name}/x: must be string`]);
      expect(({} as Record<string, unknown>).__errors).toBeUndefined();
    }
    // A property really named so is its own field.
    const own = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as Parameters<typeof placeProblems>[0];
    const placed = placeProblems(own, [{ path: '/__proto__', message: 'must be string' }]);
    expect(Object.hasOwn(placed.errorSchema, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).__errors).toBeUndefined();
  });
});
