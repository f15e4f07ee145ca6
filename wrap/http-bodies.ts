// The JSON-RPC frames in an HTTP body, for the recorder (wrap --listen): a
// JSON body (a request, or a server's JSON answer) is one frame; each event of
// a text/event-stream answer is one. Both are bounded: a frame longer than the
// limit is recorded as its length, its bytes not kept.
import { TextDecoder } from 'node:util';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { SseReader, decodeLine, type LineEvent } from '../src/protocol/wire.js';
import type { BodyFramer } from './recorder.js';

export const DEFAULT_MAX_FRAME_BYTES = 8 * 1024 * 1024;

/** A whole body as one frame (empty bodies, a 202 say, are none). */
export class JsonBodyFramer implements BodyFramer {
  private parts: Buffer[] = [];
  private size = 0;

  constructor(
    readonly source: 'host' | 'server',
    private readonly maxBytes: number = DEFAULT_MAX_FRAME_BYTES,
  ) {}

  push(bytes: Buffer): LineEvent[] {
    this.size += bytes.length;
    if (this.size <= this.maxBytes) this.parts.push(bytes);
    else this.parts = [];
    return [];
  }

  end(): LineEvent[] {
    const size = this.size;
    const parts = this.parts;
    this.reset();
    if (size > this.maxBytes) return [{ type: 'oversize', bytes: size, limit: this.maxBytes }];
    const bytes = Buffer.concat(parts);
    if (bytes.toString('latin1').trim() === '') return [];
    return [{ type: 'message', ...decodeLine(bytes) }];
  }

  reset(): void {
    this.parts = [];
    this.size = 0;
  }
}

/** Each event's data as one frame, parsed by eventsource-parser (through the core's SseReader). */
export class SseBodyFramer implements BodyFramer {
  readonly source = 'server' as const;
  // Made when the recorder first reads the body, off the forwarding path (where the framer is made).
  private reader: SseReader | undefined;
  private decoder = new TextDecoder();
  private ready: LineEvent[] = [];
  private told = false;

  constructor(private readonly maxBytes: number = DEFAULT_MAX_FRAME_BYTES) {}

  push(bytes: Buffer): LineEvent[] {
    this.reader ??= this.newReader();
    this.reader.feed(this.decoder.decode(bytes, { stream: true }));
    if (this.reader.overflow && !this.told) {
      // The reader stops at an event over the limit: the rest of this stream is forwarded, not recorded.
      this.told = true;
      this.ready.push({ type: 'oversize', bytes: this.maxBytes, limit: this.maxBytes });
    }
    return this.take();
  }

  end(): LineEvent[] {
    this.reader?.feed(this.decoder.decode());
    return this.take();
  }

  reset(): void {
    this.decoder = new TextDecoder();
    this.told = false;
    this.reader = undefined;
  }

  private newReader(): SseReader {
    return new SseReader(
      {
        onEvent: (e) => {
          // An event without data (a keep-alive, a priming event with only an id) carries no frame.
          if (e.data !== '') this.ready.push({ type: 'message', ...decodeLine(Buffer.from(e.data)) });
        },
      },
      this.maxBytes,
    );
  }

  private take(): LineEvent[] {
    const out = this.ready;
    this.ready = [];
    return out;
  }
}

/** Where a body's copy goes: its bytes, then null at its end. */
export type BodySink = (bytes: Buffer | null) => void;

const DECODERS = new Map<string, () => Transform>([
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
  ['br', createBrotliDecompress],
]);

/**
 * The copy of a body the recorder reads, decoded from its Content-Encoding (the host gets the bytes as they
 * came). An encoding it cannot decode, or a stream that fails to decode, is not recorded: it goes nowhere.
 */
export function decodedCopy(encoding: string | undefined, sink: BodySink): { write(bytes: Buffer): void; end(): void } {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return { write: (bytes) => sink(bytes), end: () => sink(null) };
  const make = DECODERS.get(name);
  if (make === undefined) return { write: () => {}, end: () => {} };
  const decoder = make();
  let failed = false;
  decoder.on('data', (bytes: Buffer) => sink(bytes));
  decoder.on('end', () => sink(null));
  decoder.on('error', () => {
    failed = true;
    sink(null);
  });
  return {
    write: (bytes) => {
      if (!failed) decoder.write(bytes);
    },
    end: () => {
      if (!failed) decoder.end();
    },
  };
}
