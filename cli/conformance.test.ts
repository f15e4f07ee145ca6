import { describe, expect, it } from 'vitest';
import { sampleArguments } from './conformance.js';

describe('sampleArguments', () => {
  it('fills required properties with defaults, enum values or a value of their type', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'number' },
        b: { type: 'integer' },
        s: { type: 'string', default: 'x' },
        e: { enum: ['on', 'off'] },
        f: { type: 'boolean' },
        opt: { type: 'string' },
      },
      required: ['a', 'b', 's', 'e', 'f'],
    };
    expect(sampleArguments(schema)).toEqual({ a: 1, b: 1, s: 'x', e: 'on', f: true });
    expect(sampleArguments(undefined)).toEqual({});
  });
});
