// Pure helpers for showing content blocks: base64 checks and sizes, safe
// media types for data: URLs, pretty JSON for text that is JSON.

import { decodeBase64 } from './blob.js';

const MIME = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/** Why `data` is not usable base64, or undefined when it is. */
export function base64Problem(data: unknown): string | undefined {
  if (typeof data !== 'string') return 'the data is not a string';
  return decodeBase64(data).ok ? undefined : 'the data is not valid base64';
}

/** The mime type when it is well-formed and of the expected kind ("image", "audio"), else undefined. */
export function mediaType(mimeType: unknown, kind: 'image' | 'audio'): string | undefined {
  if (typeof mimeType !== 'string') return undefined;
  const clean = mimeType.split(';')[0]!.trim().toLowerCase();
  return MIME.test(clean) && clean.startsWith(`${kind}/`) ? clean : undefined;
}

/** A data: URL for base64 data of a checked media type. */
export function dataUrl(mimeType: string, base64: string): string {
  return `data:${mimeType};base64,${base64.replace(/\s+/g, '')}`;
}

/** Text that is a JSON object or array, pretty-printed; undefined for anything else. */
export function prettyJsonText(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return undefined;
  }
}

/** A file name for downloading an embedded resource: the URI's last segment, else "resource". */
export function downloadName(uri: unknown): string {
  if (typeof uri !== 'string') return 'resource';
  const last = uri.split(/[/?#]/).filter(Boolean).pop();
  const safe = last?.replace(/[^\w.-]+/g, '_');
  return safe && safe !== '_' && !/^[a-z]+:$/i.test(last ?? '') ? safe : 'resource';
}
