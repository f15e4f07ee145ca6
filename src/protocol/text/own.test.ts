import { describe, expect, it } from 'vitest';
import { ownValue, setOwn } from './own.js';

describe('ownValue', () => {
  it('finds own members only, whatever their name', () => {
    const record: Record<string, string> = JSON.parse('{"__proto__":"p","a":"1"}');
    expect(ownValue(record, '__proto__')).toBe('p');
    expect(ownValue(record, 'a')).toBe('1');
    expect(ownValue(record, 'constructor')).toBeUndefined();
    expect(ownValue(record, 'toString')).toBeUndefined();
  });
});

describe('setOwn', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('makes %s an own, enumerable member, as JSON carries it', (key) => {
    const record: Record<string, unknown> = {};
    setOwn(record, key, { answer: 1 });
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(record))).toEqual(JSON.parse(`{"${key}":{"answer":1}}`));
    expect(Object.keys(record)).toEqual([key]);
  });
});
