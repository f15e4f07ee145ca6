import { describe, expect, it } from 'vitest';
import { blobView, describeContent, describeContents } from './format.js';

const b64 = (bytes: string | number[]) => (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes)).toString('base64');

describe('blobView', () => {
  it('prints the text of a blob whose mime type is text, saying it was a blob', () => {
    expect(blobView(b64('a\nb'), 'text/plain')).toEqual({ summary: 'blob text/plain, 3 bytes, decoded as UTF-8', text: 'a\nb' });
    for (const type of ['application/json', 'application/ld+json', 'application/xml', 'image/svg+xml', 'Text/CSV; charset=utf-8']) {
      expect(blobView(b64('<x/>'), type).text).toBe('<x/>');
    }
  });

  it('marks bytes that are not UTF-8', () => {
    const view = blobView(b64([0x63, 0x61, 0x66, 0xe9]), 'text/plain');
    expect(view.text).toBe('caf\uFFFD');
    expect(view.summary).toBe('blob text/plain, 4 bytes, decoded as UTF-8; it is not valid UTF-8, bad bytes shown as \uFFFD');
  });

  it('keeps binary to its type and size (1 byte, 2 bytes)', () => {
    expect(blobView(b64([0x89]), 'image/png')).toEqual({ summary: 'blob image/png, 1 byte' });
    expect(blobView(b64([1, 2]), undefined)).toEqual({ summary: 'blob application/octet-stream, 2 bytes' });
  });

  it('says when a text blob is not base64', () => {
    expect(blobView('not base64!', 'text/plain').summary).toBe('blob text/plain: The blob is not valid base64, so its bytes cannot be shown.');
  });
});

describe('describeContents and describeContent', () => {
  it('a text/plain blob in resources/read contents and in an embedded resource prints its text', () => {
    const item = { uri: 'x://a', mimeType: 'text/plain', blob: b64('hello') };
    expect(describeContents(item)).toBe('[blob text/plain, 5 bytes, decoded as UTF-8]\nhello');
    expect(describeContent({ type: 'resource', resource: item })).toBe('[resource x://a, blob text/plain, 5 bytes, decoded as UTF-8]\nhello');
    expect(describeContent({ type: 'resource', resource: { uri: 'x://a', text: 'hi' } })).toBe('[resource x://a] hi');
  });

  it('an item with neither text nor blob says so', () => {
    expect(describeContents({ uri: 'x://a' })).toBe('[neither "text" nor "blob": nothing to show]');
  });

  it('a block nested too deeply for JSON.stringify is named, not a crash', () => {
    const deep = JSON.parse(`${'{"x":'.repeat(20000)}1${'}'.repeat(20000)}`) as unknown;
    expect(describeContent({ type: 'weird', x: deep })).toBe('[content block of type "weird", nested too deeply to print (--verbose prints the raw frame)]');
  });
});
