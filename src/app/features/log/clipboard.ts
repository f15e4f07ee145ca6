// Copy text to the clipboard, or say why not so the person can copy by hand.

export type CopyOutcome = { ok: true } | { ok: false; message: string };

export async function copyText(text: string): Promise<CopyOutcome> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!clipboard?.writeText) {
    return { ok: false, message: 'This browser gives the page no clipboard access here. The text is selected: press Ctrl+C (⌘C on a Mac).' };
  }
  try {
    await clipboard.writeText(text);
    return { ok: true };
  } catch (e) {
    const why = e instanceof Error && e.message ? ` (${e.message})` : '';
    return { ok: false, message: `The browser refused to copy${why}. The text is selected: press Ctrl+C (⌘C on a Mac).` };
  }
}

/** Select an element's text, for copying by hand. */
export function selectContents(el: Element | null): void {
  const selection = el ? window.getSelection() : null;
  if (el && selection) selection.selectAllChildren(el);
}
