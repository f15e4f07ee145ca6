import { describe, expect, it } from 'vitest';
import { ownValue } from './own.js';

describe('ownValue', () => {
  it('finds own members only, whatever their name', () => {
    const record: Record<string, string> = JSON.parse('{"__proto__":"p","a":"1"}');
    expect(ownValue(record, '__proto__')).toBe('p');
    expect(ownValue(record, 'a')).toBe('1');
    expect(ownValue(record, 'constructor')).toBeUndefined();
    expect(ownValue(record, 'toString')).toBeUndefined();
  });
});
