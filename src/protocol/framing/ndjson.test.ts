import { describe, expect, it } from 'vitest';
import { LineSplitter, NdjsonDecoder, decodeLine, type LineEvent } from './ndjson.js';

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

  it('keeps the exact bytes of a line that is not valid UTF-8, noise lines too', () => {
    const bad = Uint8Array.from([...enc.encode('log: caf'), 0xe9, ...enc.encode(' ok')]);
    const events = feed(new NdjsonDecoder(), [Uint8Array.from([...bad, 0x0a, ...enc.encode('{"a":1}\n')])]);
    expect(events).toEqual([
      { type: 'noise', text: 'log: caf\ufffd ok', invalidUtf8: true, bytes: bad },
      { type: 'message', text: '{"a":1}', invalidUtf8: false },
    ]);
  });

  it('keeps a byte-order mark at the start of a line instead of decoding it away', () => {
    const withBom = (text: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...enc.encode(text)]);
    const events = feed(new NdjsonDecoder(), [withBom('{"jsonrpc":"2.0","method":"m"}\n'), withBom('hello\n'), withBom('{"a":1}')]);
    expect(events).toEqual([
      // JSON after the mark: a frame (the codec says why a peer would reject it), not noise.
      { type: 'message', text: '\uFEFF{"jsonrpc":"2.0","method":"m"}', invalidUtf8: false },
      { type: 'noise', text: '\uFEFFhello', invalidUtf8: false },
      { type: 'message', text: '\uFEFF{"a":1}', invalidUtf8: false },
    ]);
  });

  it('keeps a byte-order mark on a line that is also invalid UTF-8', () => {
    expect(decodeLine(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0xc3]))).toEqual({
      text: '\uFEFFa\ufffd',
      invalidUtf8: true,
      bytes: Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0xc3]),
    });
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

  it('does not keep a reference to a Node Buffer either (its slice() is a view)', () => {
    // What Node's Buffer does; src/protocol cannot name Buffer itself.
    class ViewSlicing extends Uint8Array {
      override slice(start?: number, end?: number): Uint8Array<ArrayBuffer> {
        return this.subarray(start, end);
      }
    }
    const decoder = new NdjsonDecoder();
    const buf = ViewSlicing.of(0x22, 0xff, 0x41); // "\xffA: not UTF-8, so the bytes are kept
    decoder.push(buf);
    buf.fill(0x20);
    const [e] = decoder.push(enc.encode('\n'));
    expect(e).toEqual({ type: 'noise', text: '"\ufffdA', invalidUtf8: true, bytes: Uint8Array.of(0x22, 0xff, 0x41) });
  });
});

describe('LineSplitter', () => {
  it('keeps empty lines as lines (stderr wants them)', () => {
    const s = new LineSplitter();
    expect(s.push(enc.encode('a\n\nb\n')).map((l) => (l.type === 'line' ? l.bytes.length : -1))).toEqual([1, 0, 1]);
  });
});
