import { describe, expect, it } from 'vitest';
import { serverPattern } from './pattern.js';

const EVIL = '^(a+)+$';
const thirtyAndABang = `${'a'.repeat(30)}!`;

describe('serverPattern', () => {
  it('runs a pattern that backtracks exponentially in linear time, with the right answer', () => {
    const p = serverPattern(EVIL);
    expect(p.status).toBe('checked');
    if (p.status !== 'checked') return;
    const started = performance.now();
    expect(p.test(thirtyAndABang)).toBe(false);
    expect(p.test('a'.repeat(100_000) + '!')).toBe(false);
    expect(p.test('a'.repeat(30))).toBe(true);
    // The backtracking engine needs seconds for the first string alone.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('searches like RegExp.test: unanchored unless the pattern anchors, ECMAScript syntax', () => {
    const cases: Array<[string, string, boolean]> = [
      ['b', 'abc', true],
      ['^b', 'abc', false],
      ['^\\d{3}-\\d{4}$', '555-1234', true],
      ['^(?<area>\\d{3})$', '12a', false],
      ['^\\u0041\\u{1F600}$', 'A😀', true],
      ['^.$', '😀', true],
      ['^[^]+$', 'a\nb', true],
    ];
    for (const [source, text, expected] of cases) {
      const p = serverPattern(source);
      expect(p.status, source).toBe('checked');
      if (p.status === 'checked') expect(p.test(text), `${source} on ${text}`).toBe(expected);
    }
  });

  it('gives up on lookaround and backreferences, saying so, rather than running them', () => {
    for (const source of ['^(?=a)a$', '(?<!x)y', '(a)\\1', '(?<q>a)\\k<q>']) {
      const p = serverPattern(source);
      expect(p.status, source).toBe('unchecked');
      if (p.status === 'unchecked')
        expect(p.message).toBe(
          `pattern ${JSON.stringify(source)} uses features that cannot be checked safely (such as lookaround or backreferences); not checked`,
        );
    }
  });

  it('tells an invalid regular expression apart', () => {
    const p = serverPattern('([a-');
    expect(p.status).toBe('invalid');
    if (p.status === 'invalid') expect(p.message).toBe('pattern "([a-" is not a valid regular expression');
  });
});
