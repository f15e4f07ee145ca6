import { describe, expect, it } from 'vitest';
import { isRecord, isStringArray } from './guards.js';

describe('isRecord', () => {
  it('accepts objects and refuses null, arrays and primitives', () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isRecord)).toEqual([true, true, true]);
    expect([null, undefined, [], [1], 'x', 1, true].map(isRecord)).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('isStringArray', () => {
  it('accepts only arrays of strings', () => {
    expect([[], ['a', 'b']].map(isStringArray)).toEqual([true, true]);
    expect([['a', 1], 'a', { 0: 'a', length: 1 }, null].map(isStringArray)).toEqual([false, false, false, false]);
  });
});
