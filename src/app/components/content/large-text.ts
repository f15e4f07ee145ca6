// When a text is too large to put in the page at once: the threshold and the
// size of the first part shown, for every text view (content blocks, resource
// contents, raw frames), so they all choose alike.
import { formatBytes, utf8ByteLength } from '../../../protocol/index.js';

/** Texts up to this many characters are shown whole. */
export const LARGE_TEXT_CHARS = 512 * 1024;
/** A larger text shows this many characters until the person asks for all of it. */
export const LARGE_TEXT_PREVIEW_CHARS = 64 * 1024;

export interface TextPart {
  /** The text to put in the page. */
  shown: string;
  /** Undefined when `shown` is all of it; else what "Show all" offers. */
  rest?: { label: string; note: string };
}

/** The part of `text` to show: all of it when it is small or the person asked for all. */
export function textPart(text: string, showAll: boolean): TextPart {
  if (showAll || text.length <= LARGE_TEXT_CHARS) return { shown: text };
  const size = formatBytes(utf8ByteLength(text));
  const shown = text.slice(0, LARGE_TEXT_PREVIEW_CHARS);
  return {
    shown,
    rest: {
      label: `Show all (${size})`,
      note: `Showing the first ${formatBytes(utf8ByteLength(shown))} of ${size}: all of it at once would keep the page busy.`,
    },
  };
}
