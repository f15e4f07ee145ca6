import { describe, expect, it } from 'vitest';
import { positionIn } from './positions.js';

describe('positionIn', () => {
  it('finds every present index and nothing else', () => {
    const indices = Array.from({ length: 1000 }, (_, i) => i * 3 + 1);
    for (let v = -2; v < 3010; v++) expect(positionIn(indices, v)).toBe(indices.indexOf(v));
    expect(positionIn([], 0)).toBe(-1);
  });
});
