import { describe, expect, it } from 'vitest';
import { LARGE_TEXT_CHARS, LARGE_TEXT_PREVIEW_CHARS, textPart } from './large-text.js';

describe('large texts', () => {
  it('shows a text up to the threshold whole', () => {
    const text = 'a'.repeat(LARGE_TEXT_CHARS);
    expect(textPart(text, false)).toEqual({ shown: text });
  });

  it('shows the first part of a larger text and offers all of it, with its size in UTF-8', () => {
    const text = 'é'.repeat(5_000_000);
    const part = textPart(text, false);
    expect(part.shown).toBe(text.slice(0, LARGE_TEXT_PREVIEW_CHARS));
    expect(part.rest).toEqual({
      label: 'Show all (10 MB)',
      note: 'Showing the first 131 kB of 10 MB: all of it at once would keep the page busy.',
    });
  });

  it('shows all of a large text once asked', () => {
    const text = 'b'.repeat(LARGE_TEXT_CHARS + 1);
    expect(textPart(text, true)).toEqual({ shown: text });
  });
});
