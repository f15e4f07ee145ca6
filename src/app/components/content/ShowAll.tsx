// A large text's first part, and the button that puts all of it in the page.

import { useMemo, useState } from 'react';
import { textPart, type TextPart } from './large-text.js';

/** The part of `text` to show now, and `showAll` for the rest; a new text starts in part again. */
export function useTextPart(text: string): TextPart & { showAll: () => void } {
  const [allOf, setAllOf] = useState<string>();
  const whole = allOf === text;
  const part = useMemo(() => textPart(text, whole), [text, whole]);
  return { ...part, showAll: () => setAllOf(text) };
}

export function ShowAll({ rest, onShowAll }: { rest: TextPart['rest']; onShowAll: () => void }) {
  if (!rest) return null;
  return (
    <p className="hint show-all">
      {rest.note}{' '}
      <button type="button" className="small" onClick={onShowAll}>
        {rest.label}
      </button>
    </p>
  );
}

/** A <pre> of a text that may be large: its first part, then Show all. */
export function LargePre({ text, className, label }: { text: string; className: string; label: string }) {
  const part = useTextPart(text);
  return (
    <>
      <pre className={className} aria-label={label}>
        {part.shown}
      </pre>
      <ShowAll rest={part.rest} onShowAll={part.showAll} />
    </>
  );
}
