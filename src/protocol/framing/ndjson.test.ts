import { describe, expect, it } from 'vitest';
import { LineSplitter, NdjsonDecoder, type LineEvent } from './ndjson.js';

const enc = new TextEncoder();

function feed(decoder: NdjsonDecoder, chunks: Uint8Array[]): LineEvent[] {
  const out: LineEvent[] = [];
  for (const c of chunks) out.push(...decoder.push(c));
  out.push(...decoder.end());
  return out;
}

describe('NdjsonDecoder', () => {
  it('decodes a multi-byte character split at every byte position', () => {
    // "é" is 2 bytes, "€" 3, "😀" 4: every split point lands inside some character.
    const line = '{"jsonrpc":"2.0","method":"m","params":{"t":"é€😀"}}\n';
    const bytes = enc.encode(line);
    for (let cut = 1; cut < bytes.length; cut++) {
      const events = feed(new NdjsonDecoder(), [bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(events, `cut at ${cut}`).toEqual([{ type: 'message', text: line.trimEnd(), invalidUtf8: false }]);
    }
  });

  it('decodes one byte at a time', () => {
    const text = '{"a":"😀"}\n{"b":2}\n';
    const bytes = enc.encode(text);
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(feed(new NdjsonDecoder(), chunks).map((e) => e.type === 'message' && e.text)).toEqual(['{"a":"😀"}', '{"b":2}']);
  });

  it('handles CRLF, blank lines and a last line without a newline', () => {
    const events = feed(new NdjsonDecoder(), [enc.encode('{"a":1}\r\n\r\n\n{"b":2}\r\n{"c":3}')]);
    expect(events).toEqual([
      { type: 'message', text: '{"a":1}', invalidUtf8: false },
      { type: 'message', text: '{"b":2}', invalidUtf8: false },
      { type: 'message', text: '{"c":3}', invalidUtf8: false },
    ]);
  });

  it('turns a line that is not JSON into a noise event, never dropping it', () => {
    const events = feed(new NdjsonDecoder(), [enc.encode('Server starting on stdio...\n{"a":1}\n{broken\n')]);
    expect(events).toEqual([
      { type: 'noise', text: 'Server starting on stdio...', invalidUtf8: false },
      { type: 'message', text: '{"a":1}', invalidUtf8: false },
      { type: 'noise', text: '{broken', invalidUtf8: false },
    ]);
  });

  it('flags invalid UTF-8 and still delivers the line', () => {
    const bad = Uint8Array.from([...enc.encode('{"a":"'), 0xff, 0xfe, ...enc.encode('"}\n')]);
    const [e] = feed(new NdjsonDecoder(), [bad]);
    expect(e).toMatchObject({ type: 'message', invalidUtf8: true });
  });

  it('reports and skips an over-long line, keeps going, and holds no more than the limit', () => {
    const decoder = new NdjsonDecoder({ maxLineBytes: 100 });
    const events: LineEvent[] = [];
    events.push(...decoder.push(enc.encode('{"ok":1}\n{"big":"')));
    for (let i = 0; i < 50; i++) {
      events.push(...decoder.push(enc.encode('x'.repeat(1000))));
      expect(decoder.bufferedBytes).toBeLessThanOrEqual(100);
    }
    events.push(...decoder.push(enc.encode('"}\n{"after":2}\n')));
    expect(events).toEqual([
      { type: 'message', text: '{"ok":1}', invalidUtf8: false },
      { type: 'oversize', bytes: 8 + 50_000 + 2, limit: 100 },
      { type: 'message', text: '{"after":2}', invalidUtf8: false },
    ]);
  });

  it('reports an over-long last line at end of stream', () => {
    const decoder = new NdjsonDecoder({ maxLineBytes: 4 });
    expect([...decoder.push(enc.encode('123456')), ...decoder.end()]).toEqual([{ type: 'oversize', bytes: 6, limit: 4 }]);
  });

  it('does not keep a reference to the caller buffer', () => {
    const decoder = new NdjsonDecoder();
    const buf = enc.encode('{"a":1');
    decoder.push(buf);
    buf.fill(0x20);
    expect(decoder.push(enc.encode('}\n'))).toEqual([{ type: 'message', text: '{"a":1}', invalidUtf8: false }]);
  });
});

describe('LineSplitter', () => {
  it('keeps empty lines as lines (stderr wants them)', () => {
    const s = new LineSplitter();
    expect(s.push(enc.encode('a\n\nb\n')).map((l) => (l.type === 'line' ? l.bytes.length : -1))).toEqual([1, 0, 1]);
  });
});
