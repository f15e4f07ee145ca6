// Base64 blobs (resources/read contents, embedded resources, image and audio
// blocks) and the mime types that say a blob is text. Shared by the UI and the
// CLI; atob exists in browsers and in Node.

/** `base64` is the blob without line breaks, ready for a data: URL. */
export type DecodedBlob = { ok: true; bytes: Uint8Array<ArrayBuffer>; base64: string } | { ok: false; error: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decode standard base64 (line breaks allowed); a clear sentence when it is not base64. */
export function decodeBase64(blob: string): DecodedBlob {
  const compact = blob.replace(/\s+/g, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1) {
    const urlSafe = /^[A-Za-z0-9_-]*={0,2}$/.test(compact);
    return {
      ok: false,
      error: urlSafe
        ? 'The blob looks like base64url ("-" and "_"); MCP blobs are standard base64 ("+" and "/").'
        : 'The blob is not valid base64, so its bytes cannot be shown.',
    };
  }
  try {
    const binary = atob(compact);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return { ok: true, bytes, base64: compact };
  } catch {
    return { ok: false, error: 'The blob is not valid base64, so its bytes cannot be shown.' };
  }
}

/** "Text/Markdown; charset=utf-8" → "text/markdown". */
export function mimeEssence(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Takes an essence (see mimeEssence). */
export function isJsonMime(mime: string): boolean {
  return mime === 'application/json' || mime.endsWith('+json') || mime === 'text/json';
}

/** Whether a blob of this type (an essence) is text worth decoding: text/*, JSON, XML and their +json/+xml kin. */
export function isTextualMime(mime: string): boolean {
  return mime.startsWith('text/') || isJsonMime(mime) || mime === 'application/xml' || mime.endsWith('+xml') || mime === 'application/javascript';
}
