// Gemini's fields beyond the table's examples: the ones it spells otherwise get
// a rewrite, the ones whose removal would change the meaning get advice only,
// and nothing is reported inside a field that is itself refused.
import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from './table.js';

const check = (inputSchema: unknown) => PROVIDER_RULES['PROVIDER-GEMINI-FIELD'].check({ name: 't', inputSchema });

describe('PROVIDER-GEMINI-FIELD', () => {
  it('rewrites oneOf as anyOf and const as a one-value enum', () => {
    const failures = check({ type: 'object', properties: { u: { oneOf: [{ type: 'string' }] }, k: { type: 'string', const: 'x' } } });
    expect(failures.map((f) => [f.path, f.rewrite?.patch])).toEqual([
      [
        '/inputSchema/properties/u/oneOf',
        [
          { op: 'remove', path: '/inputSchema/properties/u/oneOf' },
          { op: 'add', path: '/inputSchema/properties/u/anyOf', value: [{ type: 'string' }] },
        ],
      ],
      [
        '/inputSchema/properties/k/const',
        [
          { op: 'remove', path: '/inputSchema/properties/k/const' },
          { op: 'add', path: '/inputSchema/properties/k/enum', value: ['x'] },
        ],
      ],
    ]);
  });

  it('says what to do with $ref and $defs, without a patch, and looks no further inside $defs', () => {
    const failures = check({ type: 'object', properties: { p: { $ref: '#/$defs/p' } }, $defs: { p: { type: 'object', additionalProperties: false } } });
    expect(failures).toEqual([
      {
        path: '/inputSchema/$defs',
        message: 'Gemini function declarations (an OpenAPI 3.0 subset) has no field "$defs": put each definition where it is referred to',
      },
      {
        path: '/inputSchema/properties/p/$ref',
        message: 'Gemini function declarations (an OpenAPI 3.0 subset) has no field "$ref": put the schema it refers to in its place',
      },
    ]);
  });
});
