import { describe, expect, it } from 'vitest';
import { invalidJsonFields, invalidJsonText, isInvalidJson, readJsonText } from './json-text.js';
import { JSON_ALLOWS_STRING, prepareFormSchema } from './prepare-schema.js';

describe('reading the text of a field edited as JSON', () => {
  it('JSON is its value; empty text leaves the field out', () => {
    expect(readJsonText(' true ', true)).toEqual({ kind: 'value', value: true });
    expect(readJsonText('"yes"', false)).toEqual({ kind: 'value', value: 'yes' });
    expect(readJsonText('  ', false)).toEqual({ kind: 'empty' });
  });

  it('where a string is allowed, text that is not JSON is sent as that string, and says so', () => {
    const r = readJsonText('yes', true);
    expect(r).toEqual({ kind: 'string', value: 'yes', note: 'Not JSON, so it is sent as the string "yes", which this field allows.' });
  });

  it('text that starts like JSON is broken JSON even where a string is allowed', () => {
    for (const text of ['{"a": 1', '[1,', '"unclosed']) expect(readJsonText(text, true).kind).toBe('invalid');
  });

  it('where no string is allowed, text that is not JSON is kept as typed and marked invalid', () => {
    const r = readJsonText('yes', false);
    expect(r.kind).toBe('invalid');
    if (r.kind !== 'invalid') return;
    expect(isInvalidJson(r.value)).toBe(true);
    expect(invalidJsonText(r.value)).toBe('yes');
    expect(r.message).toMatch(/^Not valid JSON \(.+\)\. Nothing is sent until it is fixed or emptied\.$/);
  });
});

describe('finding the JSON-edited fields that do not parse', () => {
  const prepared = prepareFormSchema({
    type: 'object',
    properties: {
      flag: { type: ['boolean', 'string'] },
      rows: { type: 'array', items: { type: 'object', properties: { range: { type: 'array', prefixItems: [{ type: 'number' }] } } } },
      'a/b': { type: 'array', prefixItems: [{ type: 'number' }] },
      plain: { type: 'string' },
    },
  }).schema;

  it('marks a JSON-edited node whose schema allows a string, and only that one', () => {
    const props = prepared.properties as Record<string, Record<string, unknown>>;
    expect(props.flag![JSON_ALLOWS_STRING]).toBe(true);
    expect(props['a/b']![JSON_ALLOWS_STRING]).toBeUndefined();
    const union = prepareFormSchema({ type: 'object', properties: { u: { anyOf: [{ type: 'integer' }, { type: 'string' }] } } }).schema;
    expect((union.properties as Record<string, Record<string, unknown>>).u![JSON_ALLOWS_STRING]).toBe(true);
  });

  it('walks objects and arrays by the schema and names each field by its JSON Pointer', () => {
    const bad = readJsonText('[1', false);
    if (bad.kind !== 'invalid') throw new Error('expected invalid');
    const fields = invalidJsonFields(prepared, { flag: true, rows: [{}, { range: bad.value }], 'a/b': bad.value, plain: 'x' });
    expect(fields.map((f) => f.path)).toEqual(['/rows/1/range', '/a~1b']);
    expect(fields[0]!.reason).toBe(bad.value.reason);
  });

  it("a string field holding the marker's shape is not a JSON-edited field: nothing is reported", () => {
    expect(invalidJsonFields(prepared, { plain: { 'x-mcpscope-invalid-json': 'x', reason: 'r' } })).toEqual([]);
  });
});
