import { describe, expect, it } from 'vitest';
import { boundedJson, boundedText, leftOutNote } from './view.js';

describe('bounded rendering', () => {
  it('cuts a huge text and counts what is left out', () => {
    const text = 'x'.repeat(2_000_000);
    const { shown, hidden } = boundedText(text);
    expect(shown).toHaveLength(20_000);
    expect(hidden).toBe(1_980_000);
    expect(leftOutNote(hidden)).toBe('… 1,980,000 more characters not shown here; the whole frame is in the Log.');
    expect(boundedText('short')).toEqual({ shown: 'short', hidden: 0 });
  });

  it('shows a value that cannot be JSON as a sentence', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(boundedJson(loop).shown).toMatch(/^\(cannot be shown as JSON: /);
    expect(boundedJson({ a: 1 }, 5)).toEqual({ shown: '{\n  "', hidden: 7 });
  });
});
