// The exact bytes of a line whose text is not them: a line that is not valid
// UTF-8 reads with U+FFFD in place of the bad bytes, so the bytes travel (and
// are exported) alongside, as base64.

import { decodeLine } from '../framing/ndjson.js';
import { decodeBase64 } from '../mcp/blob.js';

/** Standard base64 to bytes; undefined when it is not that. */
export function bytesFromBase64(base64: string): Uint8Array | undefined {
  const decoded = decodeBase64(base64);
  return decoded.ok ? decoded.bytes : undefined;
}

/** How many bytes padded base64 holds, without decoding it (line breaks, as MIME writes them, carry none). */
export function base64ByteLength(base64: string): number {
  const compact = /\s/.test(base64) ? base64.replace(/\s+/g, '') : base64;
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((compact.length * 3) / 4) - padding);
}

/** Whether `bytes` (base64) is what `text` was decoded from: a check on imported logs. */
export function bytesMatchText(base64: string, text: string): boolean {
  const bytes = bytesFromBase64(base64);
  return bytes !== undefined && decodeLine(bytes).text === text;
}
