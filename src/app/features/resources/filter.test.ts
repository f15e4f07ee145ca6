import { describe, expect, it } from 'vitest';
import { filterItems, matchesFilter } from './filter.js';

describe('matchesFilter', () => {
  it('matches every word, case-insensitively, across fields', () => {
    expect(matchesFilter('LOGO png', ['logo', 'demo://logo.png', undefined])).toBe(true);
    expect(matchesFilter('logo json', ['logo', 'demo://logo.png'])).toBe(false);
    expect(matchesFilter('   ', ['x'])).toBe(true);
  });

  it('filters a list', () => {
    const items = [{ name: 'readme' }, { name: 'counter' }];
    expect(filterItems(items, 'count', (i) => [i.name])).toEqual([{ name: 'counter' }]);
  });
});
