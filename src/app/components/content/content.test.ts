import { describe, expect, it } from 'vitest';
import { base64ByteLength } from '../../../protocol/index.js';
import { base64Problem, dataUrl, downloadName, mediaType, prettyJsonText } from './content.js';

describe('content helpers', () => {
  it('checks base64 and measures its decoded size', () => {
    expect(base64Problem('aGVsbG8=')).toBeUndefined();
    expect(base64Problem('aGVs\nbG8=')).toBeUndefined();
    expect(base64Problem('not base64!')).toMatch(/not valid base64/);
    expect(base64Problem('abcde')).toMatch(/not valid base64/);
    expect(base64Problem(42)).toMatch(/not a string/);
    expect(base64ByteLength('aGVsbG8=')).toBe(5);
    expect(base64ByteLength('aGVsbG8h')).toBe(6);
    expect(base64ByteLength('aGk=')).toBe(2);
    expect(base64ByteLength('aGVs\nbG8=')).toBe(5);
  });

  it('accepts only well-formed media types of the expected kind', () => {
    expect(mediaType('image/png', 'image')).toBe('image/png');
    expect(mediaType('Audio/WAV; codecs=1', 'audio')).toBe('audio/wav');
    expect(mediaType('text/html', 'image')).toBeUndefined();
    expect(mediaType('image/png,<script>', 'image')).toBeUndefined();
    expect(mediaType(undefined, 'audio')).toBeUndefined();
    expect(dataUrl('image/png', 'AA\nAA')).toBe('data:image/png;base64,AAAA');
  });

  it('pretty-prints text only when it is a JSON object or array', () => {
    expect(prettyJsonText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJsonText(' [1,2] ')).toBe('[\n  1,\n  2\n]');
    expect(prettyJsonText('8')).toBeUndefined();
    expect(prettyJsonText('{not json')).toBeUndefined();
    expect(prettyJsonText('hello')).toBeUndefined();
  });

  it('names downloads after the URI', () => {
    expect(downloadName('demo://data.bin')).toBe('data.bin');
    expect(downloadName('file:///tmp/a b.txt')).toBe('a_b.txt');
    expect(downloadName('demo://')).toBe('resource');
    expect(downloadName(undefined)).toBe('resource');
  });
});
