import { describe, expect, it } from 'vitest';
import { dataUrl, decodeBase64, downloadFileName, utf8Text } from './blob.js';

describe('decodeBase64', () => {
  it('decodes standard base64, ignoring line breaks', () => {
    const r = decodeBase64('AAEC\n/w==');
    expect(r.ok && Array.from(r.bytes)).toEqual([0, 1, 2, 255]);
    expect(r.ok && r.base64).toBe('AAEC/w==');
  });

  it('counts the bytes of a 1536-byte blob exactly', () => {
    const b64 = btoa(String.fromCharCode(...new Array<number>(1536).fill(7)));
    const r = decodeBase64(b64);
    expect(r.ok && r.bytes.length).toBe(1536);
  });

  it('says so when the blob is base64url, not base64', () => {
    const r = decodeBase64('AAEC_-8');
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/base64url/) });
  });

  it('rejects text that is not base64', () => {
    expect(decodeBase64('hello world!').ok).toBe(false);
    expect(decodeBase64('abcde').ok).toBe(false);
  });
});

describe('utf8Text', () => {
  it('decodes UTF-8 and refuses bytes that are not', () => {
    expect(utf8Text(new TextEncoder().encode('Olá'))).toBe('Olá');
    expect(utf8Text(new Uint8Array([0xff, 0xfe, 0x00]))).toBeUndefined();
  });
});

describe('downloadFileName', () => {
  it('takes the last path segment', () => {
    expect(downloadFileName('demo://data.bin', 'application/octet-stream')).toBe('data.bin');
    expect(downloadFileName('file:///tmp/report%20final.pdf?x=1#top', 'application/pdf')).toBe('report final.pdf');
  });

  it('adds an extension from the mime type when there is none', () => {
    expect(downloadFileName('demo://blobs/42', 'image/png')).toBe('42.png');
    expect(downloadFileName('urn:uuid:1234', 'application/json')).toBe('1234.json');
  });

  it('never produces an empty or path-like name', () => {
    expect(downloadFileName('demo://', undefined)).toBe('resource');
    expect(downloadFileName('demo://x/..%2F..%2Fetc', undefined)).not.toMatch(/[/\\]|^\./);
  });
});

describe('dataUrl', () => {
  it('builds a data: URL for a plain mime type and refuses anything else', () => {
    expect(dataUrl('image/png', 'AAEC')).toBe('data:image/png;base64,AAEC');
    expect(dataUrl('image/svg+xml', 'AAEC')).toBe('data:image/svg+xml;base64,AAEC');
    expect(dataUrl('audio/wav;x=1,AAAA', 'AAEC')).toBeUndefined();
    expect(dataUrl('text/html"><script>', 'AAEC')).toBeUndefined();
  });
});
