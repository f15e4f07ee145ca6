// Base64 blobs of resources/read and content blocks: decoding (shared with the
// CLI, in src/protocol), sizes and the file name a download gets.
import { ownValue } from '../../../protocol/index.js';

export { decodeBase64, type DecodedBlob } from '../../../protocol/index.js';

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

/**
 * A data: URL for previews (the proxy's Content-Security-Policy allows data:
 * images and media, not blob:). Undefined when the mime type is not a plain
 * type/subtype that can go in the URL.
 */
export function dataUrl(mimeType: string, base64: string): string | undefined {
  return MIME.test(mimeType) ? `data:${mimeType};base64,${base64}` : undefined;
}

/** Decode bytes as UTF-8; undefined when they are not UTF-8 text. */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** "512 bytes", "1.5 KiB (1,536 bytes)", "2.3 MiB (2,411,724 bytes)". */
export function formatByteSize(n: number): string {
  if (!Number.isFinite(n) || n < 0) return `${String(n)} bytes`;
  const exact = `${n.toLocaleString('en-US')} ${n === 1 ? 'byte' : 'bytes'}`;
  if (n < 1024) return exact;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
  return `${rounded} ${units[unit]} (${exact})`;
}

const EXTENSIONS: Record<string, string> = {
  'application/json': 'json',
  'application/octet-stream': 'bin',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/xml': 'xml',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/html': 'html',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
};

/** The file name a download of `uri` gets: its last path segment, with an extension from the mime type if it has none. */
export function downloadFileName(uri: string, mimeType?: string): string {
  const path = uri.replace(/[?#].*$/, '').replace(/\/+$/, '');
  let last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes(':')) last = last.slice(last.lastIndexOf(':') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    // Keep the encoded form when it is not valid percent-encoding.
  }
  // Characters no file system accepts, and control characters.
  // eslint-disable-next-line no-control-regex
  let name = last
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  if (name === '') name = 'resource';
  // The mime type is server-chosen: own members only ("constructor" is no extension).
  const ext = mimeType ? ownValue(EXTENSIONS, mimeType.split(';')[0]!.trim().toLowerCase()) : undefined;
  if (ext && !/\.[A-Za-z0-9]{1,8}$/.test(name)) name = `${name}.${ext}`;
  return name;
}
