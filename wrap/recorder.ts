// The recording side of the passthrough. The tap only queues the chunks it is
// handed (bounded: past the limit a chunk is counted, not kept) and framing,
// classifying and writing happen later, off the forwarding path. Each line is
// framed as the proxy frames a stdio server's output (src/protocol/framing),
// classified once by the codec and written as a record of the Log's export
// format, the host's frames as the client side ('out') and the server's as the
// server side ('in').
import {
  LineSplitter,
  NdjsonDecoder,
  RequestLedger,
  classifyFrame,
  decodeLine,
  frameId,
  frameMethod,
  frameRequestId,
  maskCredentials,
  plural,
  recordToLine,
  type DecodedLine,
  type Frame,
  type LineEvent,
  type LogRecord,
} from '../src/protocol/wire.js';
import type { ChunkSource, PassthroughTap } from './passthrough.js';

/** Where records go, one JSON line each; it may drop them (a full disk), but never blocks. */
export interface RecordSink {
  write(lines: string): void;
}

export interface RecorderOptions {
  sink: RecordSink;
  /** Epoch ms of t = 0. */
  startedAt: number;
  /** Milliseconds since start (a monotonic clock). */
  now: () => number;
  /** Bytes of chunks waiting to be recorded; more is counted, not kept. */
  maxQueuedBytes?: number;
  /** The longest stdout/stdin line recorded; a longer one is forwarded all the same, and recorded as its length. */
  maxLineBytes?: number;
  /** Told once when the recorder falls behind. */
  onFallBehind?: () => void;
}

const DEFAULT_MAX_QUEUED_BYTES = 8 * 1024 * 1024;
/**
 * Recording waits this long to take a batch: framing and writing a line per round trip would sit between a
 * host's request and the next one read; a batch every few milliseconds does not (bench/wrap-latency.mjs).
 */
const BATCH_MS = 10;
/** A batch this large is taken at once. */
const BATCH_BYTES = 256 * 1024;
const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;
/**
 * The ledger remembers every request id it saw (to tell a reused one): after this many requests it starts
 * afresh, so memory stays bounded however many a peer sends; answers to requests from before are not paired.
 */
const LEDGER_REQUESTS = 100_000;
/** stderr is for log lines, as the proxy reads it. */
const STDERR_MAX_LINE_BYTES = 1024 * 1024;

/**
 * An HTTP body (wrap --listen), framed when the recorder drains: each event it yields is one frame of
 * its side. It keeps its own bounds (the longest frame), as the stdio decoders do.
 */
export interface BodyFramer {
  readonly source: 'host' | 'server';
  push(bytes: Buffer): LineEvent[];
  end(): LineEvent[];
  /** Start afresh after a gap: the frame it was in is gone. */
  reset(): void;
}

/** What is lost while the recorder is behind, counted per HTTP body, or for exchange records. */
type LostKey = BodyFramer | 'exchange';

type Queued =
  | { source: ChunkSource; t: number; bytes: Buffer }
  | { source: ChunkSource; t: number; lost: number }
  /** HTTP: a body's bytes or end, an exchange's record, or what of them was lost; run when drained. */
  | { t: number; run: () => string; lostKey?: LostKey; lostCount?: number };

const WRITER: Record<ChunkSource, string> = { host: 'the host', server: 'the server', stderr: "the server's stderr" };

export class Recorder implements PassthroughTap {
  private queue: Queued[] = [];
  private queuedBytes = 0;
  private scheduled = false;
  private seq = 0;
  private fellBehind = false;
  private readonly frames: Record<'host' | 'server', NdjsonDecoder>;
  private stderrLines: LineSplitter;
  /** Sources whose next line lost its beginning to a gap. */
  private readonly broken = new Set<ChunkSource>();
  private readonly maxQueuedBytes: number;
  private readonly maxLineBytes: number;
  /** Each side's requests by id, with the seq of their record: an answer's record names its request and round trip. */
  private ledger = new RequestLedger<number>();
  private ledgerRequests = 0;

  constructor(private readonly o: RecorderOptions) {
    this.maxQueuedBytes = o.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.maxLineBytes = o.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.frames = { host: this.decoder(), server: this.decoder() };
    this.stderrLines = new LineSplitter(STDERR_MAX_LINE_BYTES);
  }

  /** The tap: O(1), the chunk kept as it is (nothing writes into a chunk once it was emitted). */
  chunk(source: ChunkSource, bytes: Buffer): void {
    const t = this.o.now();
    if (this.queuedBytes + bytes.length > this.maxQueuedBytes) {
      const last = this.queue.at(-1);
      if (last !== undefined && 'lost' in last && last.source === source) last.lost += bytes.length;
      else this.queue.push({ source, t, lost: bytes.length });
      if (!this.fellBehind) {
        this.fellBehind = true;
        this.o.onFallBehind?.();
      }
    } else {
      this.queue.push({ source, t, bytes });
      this.queuedBytes += bytes.length;
    }
    this.schedule();
  }

  /** HTTP: bytes of a body (null: it ended), queued as chunk() queues and framed when drained. */
  body(framer: BodyFramer, bytes: Buffer | null): void {
    const t = this.o.now();
    if (bytes === null) return this.later(t, 0, () => this.framed(framer, t, framer.end()));
    if (!this.room(bytes.length)) return this.lose(t, framer, bytes.length);
    this.later(t, bytes.length, () => this.framed(framer, t, framer.push(bytes)));
  }

  /** HTTP: one exchange (its summary, and every header and timing in the note), in order with its frames. */
  exchange(raw: string, note: string): void {
    const t = this.o.now();
    const size = raw.length + note.length;
    if (!this.room(size)) return this.lose(t, 'exchange', 1);
    this.later(t, size, () => this.line({ t, direction: 'system', kind: 'http', raw: maskCredentials(raw), note: maskCredentials(note) }));
  }

  /** mcpscope's own line in the capture (the server started, exited, …). */
  system(raw: string, note?: string): void {
    this.drain();
    this.o.sink.write(
      this.line({ t: this.o.now(), direction: 'system', kind: 'system', raw: maskCredentials(raw), ...(note ? { note: maskCredentials(note) } : {}) }),
    );
  }

  /** Record what is still queued and the last lines that had no newline. */
  flush(): void {
    this.drain();
    const t = this.o.now();
    const lines = [
      ...this.frames.host.end().map((e) => this.lineEvent('host', t, e)),
      ...this.frames.server.end().map((e) => this.lineEvent('server', t, e)),
      ...this.stderrLines.end().map((l) => this.stderrRecord(t, l)),
    ];
    if (lines.length > 0) this.o.sink.write(lines.join(''));
  }

  private room(size: number): boolean {
    return this.queuedBytes + size <= this.maxQueuedBytes;
  }

  private later(t: number, size: number, run: () => string): void {
    this.queue.push({ t, run });
    this.queuedBytes += size;
    this.schedule();
  }

  /** Counted, not kept: one record says how much, when drained (consecutive losses of one kind are merged). */
  private lose(t: number, key: LostKey, count: number): void {
    const last = this.queue.at(-1);
    if (last !== undefined && 'run' in last && last.lostKey === key) last.lostCount! += count;
    else {
      const item: Extract<Queued, { run: unknown }> = { t, lostKey: key, lostCount: count, run: () => this.httpGap(t, key, item.lostCount!) };
      this.queue.push(item);
    }
    if (!this.fellBehind) {
      this.fellBehind = true;
      this.o.onFallBehind?.();
    }
    this.schedule();
  }

  private httpGap(t: number, key: LostKey, count: number): string {
    let raw: string;
    if (key === 'exchange') raw = `${plural(count, 'HTTP exchange')} went through but ${count === 1 ? 'was' : 'were'} not recorded: the recorder fell behind.`;
    else {
      key.reset();
      this.broken.add(key.source);
      raw = `${plural(count, 'byte')} of an HTTP body that ${WRITER[key.source]} sent were forwarded but not recorded: the recorder fell behind.`;
    }
    return this.line({ t, direction: 'system', kind: 'system', raw });
  }

  private framed(framer: BodyFramer, t: number, events: LineEvent[]): string {
    let out = '';
    for (const e of events) out += this.lineEvent(framer.source, t, e);
    return out;
  }

  private decoder(): NdjsonDecoder {
    return new NdjsonDecoder({ maxLineBytes: this.maxLineBytes });
  }

  private schedule(): void {
    if (this.queuedBytes >= BATCH_BYTES) {
      setImmediate(() => this.drain());
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => this.drain(), BATCH_MS);
  }

  private drain(): void {
    this.scheduled = false;
    if (this.queue.length === 0) return;
    const queue = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    let out = '';
    for (const item of queue) {
      if ('run' in item) out += item.run();
      else if ('lost' in item) out += this.gap(item.source, item.t, item.lost);
      else if (item.source === 'stderr') for (const l of this.stderrLines.push(item.bytes)) out += this.stderrRecord(item.t, l);
      else for (const e of this.frames[item.source].push(item.bytes)) out += this.lineEvent(item.source, item.t, e);
    }
    if (out !== '') this.o.sink.write(out);
  }

  /** Bytes forwarded but not recorded: the line they were in is gone, so framing starts afresh. */
  private gap(source: ChunkSource, t: number, lost: number): string {
    if (source === 'stderr') this.stderrLines = new LineSplitter(STDERR_MAX_LINE_BYTES);
    else this.frames[source] = this.decoder();
    this.broken.add(source);
    return this.line({
      t,
      direction: 'system',
      kind: 'system',
      raw: `${plural(lost, 'byte')} that ${WRITER[source]} wrote were forwarded but not recorded: the recorder fell behind.`,
    });
  }

  private lineEvent(source: 'host' | 'server', t: number, e: LineEvent): string {
    const direction = source === 'host' ? 'out' : 'in';
    if (e.type === 'oversize') {
      return this.line(
        { t, direction, kind: 'oversize', raw: `(${e.bytes} bytes, over the recorder's ${e.limit}-byte limit: forwarded, not recorded)` },
        source,
      );
    }
    if (e.type === 'noise') {
      return this.line(
        { t, direction: 'noise', kind: 'noise', ...this.text(e), ...(source === 'host' ? { note: "Written by the host to the server's stdin." } : {}) },
        source,
      );
    }
    const frame = classifyFrame(e.text);
    const record: Omit<LogRecord, 'seq' | 'time' | 'connection'> = { t, direction, kind: frame.kind, ...this.text(e) };
    const method = frameMethod(frame);
    const id = frameId(frame);
    if (method !== undefined) record.method = method;
    if (id !== undefined) record.id = id;
    if (frame.kind === 'invalid') record.note = frame.reason;
    if (frame.kind === 'batch') record.note = `Batch of ${frame.items.length}`;
    this.pair(source, frame, record);
    return this.line(record, source);
  }

  /** Requests go into the ledger (with the seq this record is about to get); an answer takes its request's method, seq and round trip. */
  private pair(source: 'host' | 'server', frame: Frame, record: Omit<LogRecord, 'seq' | 'time' | 'connection'>): void {
    const side = source === 'host' ? 'client' : 'server';
    for (const item of frame.kind === 'batch' ? frame.items : [frame]) {
      if (item.kind === 'request') {
        if (++this.ledgerRequests > LEDGER_REQUESTS) {
          this.ledger = new RequestLedger<number>();
          this.ledgerRequests = 1;
        }
        this.ledger.request(side, frameRequestId(item)!, item.message.method, record.t, this.seq + 1);
      } else if (item.kind === 'response' || item.kind === 'error') {
        const verdict = this.ledger.answer(side, frameRequestId(item), record.t);
        if (record.pair !== undefined || (verdict.kind !== 'paired' && verdict.kind !== 'duplicate' && verdict.kind !== 'late')) continue;
        if (frame.kind !== 'batch') record.method = verdict.request.method;
        record.pair = verdict.request.data;
        record.rtt = Math.round(verdict.rttMs * 1000) / 1000;
      }
    }
  }

  private stderrRecord(t: number, l: ReturnType<LineSplitter['push']>[number]): string {
    if (l.type === 'oversize')
      return this.line({ t, direction: 'stderr', kind: 'stderr', raw: `[mcpscope: a stderr line of ${l.bytes} bytes was not recorded: over the limit]` });
    return this.line({ t, direction: 'stderr', kind: 'stderr', ...this.text(decodeLine(l.bytes)) }, 'stderr');
  }

  /** The text as it may be shown: credentials masked; the exact bytes kept for invalid UTF-8 unless a mask changed the text. */
  private text(d: DecodedLine): Pick<LogRecord, 'raw' | 'invalidUtf8' | 'bytes' | 'note'> {
    const raw = maskCredentials(d.text);
    const masked = raw !== d.text;
    const out: Pick<LogRecord, 'raw' | 'invalidUtf8' | 'bytes' | 'note'> = { raw };
    if (d.invalidUtf8) {
      out.invalidUtf8 = true;
      if (!masked) out.bytes = Buffer.from(d.bytes.buffer, d.bytes.byteOffset, d.bytes.byteLength).toString('base64');
    }
    if (masked) out.note = 'A credential in this line was masked in the capture (the peer got it unchanged).';
    return out;
  }

  private line(r: Omit<LogRecord, 'seq' | 'time' | 'connection'>, source?: ChunkSource): string {
    const record: LogRecord = { seq: ++this.seq, time: new Date(this.o.startedAt + r.t).toISOString(), connection: 1, ...r, t: Math.round(r.t * 1000) / 1000 };
    if (source !== undefined && this.broken.delete(source)) {
      const lost = 'Its beginning was not recorded (see the line before).';
      record.note = record.note ? `${record.note} ${lost}` : lost;
    }
    return `${recordToLine(record)}\n`;
  }
}
