// Bounds for showing what a server sent: a huge message or a long list is
// shown in part, with a sentence saying how much is left out (it is all in
// the Log), so the page never freezes on it.

export const MAX_TEXT_CHARS = 20_000;
export const MAX_MESSAGES_SHOWN = 50;

export interface Bounded {
  shown: string;
  /** Characters left out. */
  hidden: number;
}

export function boundedText(text: string, max = MAX_TEXT_CHARS): Bounded {
  return text.length > max ? { shown: text.slice(0, max), hidden: text.length - max } : { shown: text, hidden: 0 };
}

/** Pretty JSON, bounded; a sentence for what cannot be shown as JSON. */
export function boundedJson(value: unknown, max = MAX_TEXT_CHARS): Bounded {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch (e) {
    text = `(cannot be shown as JSON: ${e instanceof Error ? e.message : String(e)})`;
  }
  return boundedText(text, max);
}

export function leftOutNote(hidden: number): string {
  return `… ${hidden.toLocaleString('en')} more characters not shown here; the whole frame is in the Log.`;
}
