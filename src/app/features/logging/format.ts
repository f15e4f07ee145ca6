// How a log message's data reads: one line in the list, pretty JSON (bounded)
// in the detail. A string is shown as it is, not quoted.

import type { ReceivedLogMessage } from './logging-store.js';

export const PREVIEW_CHARS = 300;
export const DETAIL_CHARS = 20_000;

function jsonOf(data: unknown, indent?: number): string | undefined {
  try {
    return JSON.stringify(data, null, indent);
  } catch {
    // A value nested deeper than the stack allows.
    return undefined;
  }
}

export function dataPreview(m: ReceivedLogMessage): string {
  if (!m.hasData) return '(no data)';
  const text = typeof m.data === 'string' ? m.data : (jsonOf(m.data) ?? '(nested too deeply to show)');
  const line = text.replace(/\s+/g, ' ');
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS)}…` : line;
}

/** Pretty JSON of the data, cut at `max` characters with a note saying how much was left out. */
export function dataDetail(m: ReceivedLogMessage, max = DETAIL_CHARS): { text: string; cut: number } {
  if (!m.hasData) return { text: '(no data: the server sent none)', cut: 0 };
  const text =
    typeof m.data === 'string' ? m.data : (jsonOf(m.data, 2) ?? '(the data is nested too deeply to show here; the frame in the Log tab has it as sent)');
  return text.length > max ? { text: text.slice(0, max), cut: text.length - max } : { text, cut: 0 };
}
