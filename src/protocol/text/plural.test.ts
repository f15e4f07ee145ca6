import { describe, expect, it } from 'vitest';
import { plural } from './plural.js';

describe('plural', () => {
  it('says 0 and 2 in the plural, 1 in the singular', () => {
    expect([0, 1, 2].map((n) => plural(n, 'tool'))).toEqual(['0 tools', '1 tool', '2 tools']);
  });
  it('takes an irregular plural and groups thousands', () => {
    expect([1, 2].map((n) => plural(n, 'entry', 'entries'))).toEqual(['1 entry', '2 entries']);
    expect(plural(12_345, 'frame')).toBe('12,345 frames');
  });
});
