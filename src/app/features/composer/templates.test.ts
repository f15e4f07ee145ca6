import { describe, expect, it } from 'vitest';
import { shownNote, TEMPLATES } from './templates.js';

describe('the note under the composer', () => {
  const malformed = TEMPLATES.find((t) => t.id === 'malformed')!;
  const noted = { note: malformed.note, text: malformed.text(() => 'composer-1') };

  it('is shown for the text it came with', () => {
    expect(shownNote(noted, noted.text)).toBe(malformed.note);
  });

  it('is gone once the text is replaced or edited', () => {
    expect(shownNote(noted, '{"jsonrpc":"2.0","id":1,"method":"ping"}')).toBeUndefined();
    expect(shownNote(noted, `${noted.text}}`)).toBeUndefined();
    expect(shownNote(undefined, '')).toBeUndefined();
  });
});
