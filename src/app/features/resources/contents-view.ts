// How one item of resources/read `contents` (or an embedded resource) is
// shown, decided from its mime type and whether it carries text or a blob.

import { isJsonMime, isTextualMime, mimeEssence as essence } from '../../../protocol/index.js';
import { decodeBase64, downloadFileName, utf8Text } from '../../components/content/blob.js';

export type ContentsView =
  | { kind: 'json'; pretty: string }
  | { kind: 'text'; text: string; format: 'plain' | 'markdown'; note?: string }
  /** Declared as JSON but does not parse: shown as text, with the parse error. */
  | { kind: 'json-invalid'; text: string; error: string }
  | { kind: 'image'; bytes: Uint8Array<ArrayBuffer>; base64: string; mimeType: string; fileName: string }
  | { kind: 'audio'; bytes: Uint8Array<ArrayBuffer>; base64: string; mimeType: string; fileName: string }
  | { kind: 'download'; bytes: Uint8Array<ArrayBuffer>; mimeType: string; fileName: string }
  | { kind: 'invalid'; error: string };

/** Image types browsers display in an <img>. */
const PREVIEWABLE_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

function isMarkdownMime(mime: string): boolean {
  return mime === 'text/markdown' || mime === 'text/x-markdown';
}

function textView(text: string, mime: string, note?: string): ContentsView {
  const looksJson = mime === '' && /^\s*[[{]/.test(text);
  if (isJsonMime(mime) || looksJson) {
    try {
      return { kind: 'json', pretty: JSON.stringify(JSON.parse(text), null, 2) };
    } catch (err) {
      if (looksJson) return { kind: 'text', text, format: 'plain', ...(note ? { note } : {}) };
      return { kind: 'json-invalid', text, error: err instanceof Error ? err.message : String(err) };
    }
  }
  return { kind: 'text', text, format: isMarkdownMime(mime) ? 'markdown' : 'plain', ...(note ? { note } : {}) };
}

export interface ContentsLike {
  uri?: unknown;
  mimeType?: unknown;
  text?: unknown;
  blob?: unknown;
  annotations?: unknown;
}

export function contentsView(item: ContentsLike): ContentsView {
  const mime = typeof item.mimeType === 'string' ? essence(item.mimeType) : '';
  if (typeof item.text === 'string') return textView(item.text, mime);
  if (typeof item.blob !== 'string') {
    return { kind: 'invalid', error: 'This item has neither a "text" string nor a "blob" string, so there is nothing to show.' };
  }
  const decoded = decodeBase64(item.blob);
  if (!decoded.ok) return { kind: 'invalid', error: decoded.error };
  const uri = typeof item.uri === 'string' ? item.uri : '';
  const mimeType = mime || 'application/octet-stream';
  const fileName = downloadFileName(uri, mimeType);
  const { bytes, base64 } = decoded;
  if (PREVIEWABLE_IMAGES.has(mime)) return { kind: 'image', bytes, base64, mimeType, fileName };
  if (mime.startsWith('audio/')) return { kind: 'audio', bytes, base64, mimeType, fileName };
  if (isTextualMime(mime)) {
    const text = utf8Text(decoded.bytes);
    if (text !== undefined) return textView(text, mime, 'Sent as a base64 blob; decoded as UTF-8.');
  }
  return { kind: 'download', bytes: decoded.bytes, mimeType, fileName };
}

/** Problems with an item's shape worth a note beside its view. */
export function contentsNotes(item: ContentsLike): string[] {
  const notes: string[] = [];
  if (typeof item.uri !== 'string') notes.push('This item has no "uri" string, which every resource contents item needs.');
  if (typeof item.text === 'string' && item.blob !== undefined) notes.push('This item has both "text" and "blob"; the text is shown.');
  if (item.mimeType !== undefined && typeof item.mimeType !== 'string') notes.push('"mimeType" is not a string; it was ignored.');
  return notes;
}
