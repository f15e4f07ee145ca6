// listedTools reads the list of a tools/list result, and only of a complete one.
import { describe, expect, it } from 'vitest';
import { listedTools } from './listed-tools.js';

describe('listedTools', () => {
  it('gives the tools as listed, whatever their shape', () => {
    const tools = [{ name: 'a' }, 'not a tool', null];
    expect(listedTools({ tools })).toBe(tools);
    expect(listedTools({ tools: [], nextCursor: 'x' })).toEqual([]);
    expect(listedTools({ resultType: 'complete', tools })).toBe(tools);
  });

  it('gives nothing for a result without a list, or one that is not complete', () => {
    expect(listedTools(undefined)).toBeUndefined();
    expect(listedTools('tools')).toBeUndefined();
    expect(listedTools({ tools: { name: 'a' } })).toBeUndefined();
    expect(listedTools({ resultType: 'input_required', tools: [{ name: 'a' }] })).toBeUndefined();
    expect(listedTools({ resultType: 'task', tools: [] })).toBeUndefined();
  });
});
