import { describe, expect, it, vi } from 'vitest';
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

describe('formatCount', () => {
  it('makes its number formatter on first use, not at import (the proxy imports it and never counts)', async () => {
    vi.resetModules();
    const Real = Intl.NumberFormat;
    // A function (not an arrow) so that `new` gets the real formatter it returns.
    const made = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      return new Real(...args);
    });
    try {
      const fresh = await import('./plural.js');
      expect(made).not.toHaveBeenCalled();
      // Small whole numbers (a mask's length, a timeout in seconds) never need it.
      expect([fresh.formatCount(0), fresh.formatCount(999), fresh.plural(-3, 'second')]).toEqual(['0', '999', '-3 seconds']);
      expect(made).not.toHaveBeenCalled();
      expect([fresh.formatCount(1000), fresh.formatCount(2_000_000)]).toEqual(['1,000', '2,000,000']);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
