// NDJSON framing over raw bytes, as MCP's stdio transport uses it.
// Bytes are buffered and only complete lines are decoded, so a chunk may end
// anywhere (inside a multi-byte UTF-8 character too). A line that is not JSON is
// reported as stdout noise, never dropped; an over-long line is skipped with a
// report, holding no more than the limit in memory.

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

export type LineEvent =
  /**
   * A line that parses as JSON (it may still be an invalid JSON-RPC message), or
   * would but for a leading byte-order mark: the codec then says why it is invalid.
   */
  | ({ type: 'message' } & DecodedLine)
  /** A line that is not JSON at all: a server writing logs to stdout, say. */
  | ({ type: 'noise' } & DecodedLine)
  /** A line longer than the limit; its bytes were discarded. */
  | { type: 'oversize'; bytes: number; limit: number };

export interface NdjsonDecoderOptions {
  maxLineBytes?: number;
}

const LF = 0x0a;
const CR = 0x0d;

// ignoreBOM keeps a leading byte-order mark in the text: a peer's JSON.parse fails on it, so it must show.
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The byte-order mark (U+FEFF; EF BB BF in UTF-8). */
export const BOM = '\uFEFF';

function looksLikeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export type RawLine = { type: 'line'; bytes: Uint8Array } | { type: 'oversize'; bytes: number; limit: number };

/**
 * Splits a byte stream into lines (LF, with a trailing CR removed). Holds at most
 * `maxLineBytes` of an unfinished line; a longer line is skipped and reported.
 */
export class LineSplitter {
  private readonly maxLineBytes: number;
  private parts: Uint8Array[] = [];
  private partsLength = 0;
  /** Bytes of the current line discarded because it grew past the limit. */
  private overflow = 0;

  constructor(maxLineBytes: number = DEFAULT_MAX_LINE_BYTES) {
    this.maxLineBytes = maxLineBytes;
  }

  /** Feed a chunk of bytes; returns the lines it completed. */
  push(chunk: Uint8Array): RawLine[] {
    const lines: RawLine[] = [];
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(LF, start);
      if (nl === -1) {
        this.append(chunk.subarray(start));
        break;
      }
      this.append(chunk.subarray(start, nl));
      this.finishLine(lines);
      start = nl + 1;
    }
    return lines;
  }

  /** The stream ended: a last line without a newline is still a line. */
  end(): RawLine[] {
    const lines: RawLine[] = [];
    if (this.partsLength > 0 || this.overflow > 0) this.finishLine(lines);
    return lines;
  }

  /** Bytes currently held for an unfinished line. */
  get bufferedBytes(): number {
    return this.partsLength;
  }

  private append(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    if (this.overflow > 0) {
      this.overflow += bytes.length;
      return;
    }
    if (this.partsLength + bytes.length > this.maxLineBytes) {
      this.overflow = this.partsLength + bytes.length;
      this.parts = [];
      this.partsLength = 0;
      return;
    }
    // Copy: the caller may reuse its buffer. Not bytes.slice(): on a Node Buffer that is a view, not a copy.
    this.parts.push(new Uint8Array(bytes));
    this.partsLength += bytes.length;
  }

  private finishLine(lines: RawLine[]): void {
    if (this.overflow > 0) {
      lines.push({ type: 'oversize', bytes: this.overflow, limit: this.maxLineBytes });
      this.overflow = 0;
      return;
    }
    let bytes: Uint8Array;
    if (this.parts.length === 1) bytes = this.parts[0]!;
    else {
      bytes = new Uint8Array(this.partsLength);
      let offset = 0;
      for (const p of this.parts) {
        bytes.set(p, offset);
        offset += p.length;
      }
    }
    this.parts = [];
    this.partsLength = 0;
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    lines.push({ type: 'line', bytes });
  }
}

/** One line as text. Invalid UTF-8 becomes U+FFFD in `text`; `bytes` then keeps what was really sent. */
export type DecodedLine = { text: string; invalidUtf8: false } | { text: string; invalidUtf8: true; bytes: Uint8Array };

/** Decode one line's bytes as UTF-8, noting (not failing on) invalid sequences; a byte-order mark is kept. */
export function decodeLine(bytes: Uint8Array): DecodedLine {
  try {
    return { text: strictDecoder.decode(bytes), invalidUtf8: false };
  } catch {
    return { text: lenientDecoder.decode(bytes), invalidUtf8: true, bytes };
  }
}

/** NDJSON over bytes: each line is a JSON message, stdout noise, or too long. */
export class NdjsonDecoder {
  private readonly splitter: LineSplitter;

  constructor(options: NdjsonDecoderOptions = {}) {
    this.splitter = new LineSplitter(options.maxLineBytes);
  }

  push(chunk: Uint8Array): LineEvent[] {
    return this.toEvents(this.splitter.push(chunk));
  }

  end(): LineEvent[] {
    return this.toEvents(this.splitter.end());
  }

  get bufferedBytes(): number {
    return this.splitter.bufferedBytes;
  }

  private toEvents(lines: RawLine[]): LineEvent[] {
    const events: LineEvent[] = [];
    for (const line of lines) {
      if (line.type === 'oversize') {
        events.push(line);
        continue;
      }
      if (line.bytes.length === 0) continue; // a blank line carries nothing
      const decoded = decodeLine(line.bytes);
      const json = decoded.text.startsWith(BOM) ? decoded.text.slice(BOM.length) : decoded.text;
      const type = json.trim() !== '' && looksLikeJson(json) ? 'message' : 'noise';
      events.push({ type, ...decoded });
    }
    return events;
  }
}
