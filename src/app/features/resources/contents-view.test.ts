import { describe, expect, it } from 'vitest';
import { contentsNotes, contentsView } from './contents-view.js';
import { isNotAnObject, parseReadResult } from './read-result.js';

const b64 = (input: number[] | string) => btoa(String.fromCharCode(...(typeof input === 'string' ? new TextEncoder().encode(input) : input)));

describe('contentsView', () => {
  it('pretty-prints JSON text', () => {
    const v = contentsView({ uri: 'demo://config.json', mimeType: 'application/json', text: '{"retries":3}' });
    expect(v).toEqual({ kind: 'json', pretty: '{\n  "retries": 3\n}' });
  });

  it('treats +json and parameters as JSON', () => {
    expect(contentsView({ mimeType: 'application/ld+json; charset=utf-8', text: '[1]' }).kind).toBe('json');
  });

  it('keeps JSON that does not parse, with the parse error', () => {
    const v = contentsView({ mimeType: 'application/json', text: '{"a":' });
    expect(v.kind).toBe('json-invalid');
    if (v.kind === 'json-invalid') expect(v.text).toBe('{"a":');
  });

  it('shows plain text and markdown as text', () => {
    expect(contentsView({ mimeType: 'text/plain', text: 'count: 3' })).toEqual({ kind: 'text', text: 'count: 3', format: 'plain' });
    expect(contentsView({ mimeType: 'text/markdown', text: '# Hi' })).toMatchObject({ kind: 'text', format: 'markdown' });
  });

  it('previews image blobs and offers other blobs as downloads', () => {
    const image = contentsView({ uri: 'demo://logo.png', mimeType: 'image/png', blob: b64([137, 80, 78, 71]) });
    expect(image).toMatchObject({ kind: 'image', mimeType: 'image/png', fileName: 'logo.png' });
    const bin = contentsView({ uri: 'demo://data.bin', mimeType: 'application/octet-stream', blob: b64(new Array(1536).fill(1)) });
    expect(bin).toMatchObject({ kind: 'download', fileName: 'data.bin' });
    if (bin.kind === 'download') expect(bin.bytes.length).toBe(1536);
  });

  it('downloads image types a browser cannot display, and blobs without a mime type', () => {
    expect(contentsView({ uri: 'x://a.tiff', mimeType: 'image/tiff', blob: b64([1]) }).kind).toBe('download');
    expect(contentsView({ uri: 'x://a', blob: b64([1]) })).toMatchObject({ kind: 'download', mimeType: 'application/octet-stream' });
  });

  it('plays audio blobs', () => {
    expect(contentsView({ uri: 'x://t.wav', mimeType: 'audio/wav', blob: b64([1, 2]) }).kind).toBe('audio');
  });

  it('decodes a textual blob as UTF-8 text, with a note', () => {
    const v = contentsView({ uri: 'x://a.json', mimeType: 'application/json', blob: b64('{"a":1}') });
    expect(v).toEqual({ kind: 'json', pretty: '{\n  "a": 1\n}' });
    const t = contentsView({ uri: 'x://a.txt', mimeType: 'text/plain', blob: b64('héllo') });
    expect(t).toMatchObject({ kind: 'text', text: 'héllo', note: expect.stringMatching(/base64 blob/) });
  });

  it('explains items that cannot be shown', () => {
    expect(contentsView({ uri: 'x://a' })).toMatchObject({ kind: 'invalid', error: expect.stringMatching(/neither/) });
    expect(contentsView({ uri: 'x://a', blob: '***' })).toMatchObject({ kind: 'invalid', error: expect.stringMatching(/base64/) });
  });
});

describe('contentsNotes', () => {
  it('notes a missing uri and text-and-blob items', () => {
    expect(contentsNotes({ text: 'a', blob: 'YQ==' })).toHaveLength(2);
    expect(contentsNotes({ uri: 'x://a', text: 'a' })).toEqual([]);
  });
});

describe('parseReadResult', () => {
  it('accepts contents and keeps items that are not objects', () => {
    const r = parseReadResult({ contents: [{ uri: 'x://a', text: 'a' }, 7] });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.contents).toHaveLength(2);
      expect(isNotAnObject(r.contents[1]!)).toBe(true);
      expect(isNotAnObject(r.contents[0]!)).toBe(false);
    }
  });

  it('rejects a result without a contents array', () => {
    expect(parseReadResult({})).toEqual({ ok: false, error: expect.stringMatching(/"contents" array/) });
    expect(parseReadResult(null).ok).toBe(false);
  });
});
