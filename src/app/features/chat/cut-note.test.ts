import { describe, expect, it } from 'vitest';
import { cutNote } from './cut-note.js';

describe('cutNote', () => {
  it('names the characters given and the whole, and where the whole is', () => {
    expect(cutNote({ given: 20_000, whole: 25_006 })).toBe(
      "The model was given the first 20,000 characters of this result's 25,006; the whole result is in the Log.",
    );
  });
});
