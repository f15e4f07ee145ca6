// The passive linter: reads a session's records (the Log's entries, a capture
// of mcpscope wrap) of both directions, in order, without driving anything,
// and returns what the lint engine finds on each. 'out' frames are the
// client's (the host's, when wrapped), 'in' frames the server's, noise is the
// server's stdout noise, an HTTP record is read back into an exchange; stderr,
// mcpscope's own lines and oversize placeholders are not linted. A capture of
// `mcpscope wrap --listen` may hold several HTTP sessions, one after another:
// an initialize there starts a new one (a stdio capture is one session).

import { classifyFrame, type Frame } from '../jsonrpc/codec.js';
import type { LogRecord } from '../capture/record.js';
import { internalFinding } from './internal.js';
import { exchangeFactsOfRecord } from './http-record.js';
import { Linter, type LinterOptions } from './linter.js';
import type { Sender } from './methods.js';
import type { Finding } from './state.js';
import type { HttpExchangeFacts } from './transport.js';

/** What the passive linter reads of a record: a capture's LogRecord, or a Log entry, has these. */
export type PassiveRecord = Pick<LogRecord, 'seq' | 't' | 'direction' | 'kind' | 'raw' | 'note'> & { invalidUtf8?: boolean };

export interface PassiveRecordOptions {
  /** The frame's classification, when the caller already has it: a frame is parsed once. */
  frame?: Frame;
  /** Read an HTTP record as an exchange (default true); false where its exchange is judged live, with its full facts (`exchange`). */
  httpRecords?: boolean;
}

const FRAME_KINDS: ReadonlySet<string> = new Set(['request', 'notification', 'response', 'error', 'batch', 'invalid']);

/** The side that wrote a frame of this direction. */
export function senderOf(direction: LogRecord['direction']): Sender | undefined {
  return direction === 'out' ? 'client' : direction === 'in' ? 'server' : undefined;
}

export class PassiveLinter {
  private linter: Linter;
  private readonly all: Finding[] = [];
  /** HTTP records were read: the records are of an HTTP transport, where an initialize opens a new session. */
  private http = false;
  /** How many frames the client sent since the last HTTP record, and the first: a wrapper's record does not say what its POST carried. */
  private sent: { count: number; first?: Frame } = { count: 0 };

  constructor(private readonly options: LinterOptions = {}) {
    this.linter = new Linter(options);
  }

  /** The version rules are checked against: negotiated, or offered until then. */
  get version(): string {
    return this.linter.version;
  }

  /** Every finding so far, in order. */
  get findings(): readonly Finding[] {
    return this.all;
  }

  /** The next record of the session; never throws (a failure of ours is a LINT-INTERNAL finding on the record). */
  record(r: PassiveRecord, options: PassiveRecordOptions = {}): Finding[] {
    const found = this.read(r, options);
    this.all.push(...found);
    return found;
  }

  private read(r: PassiveRecord, options: PassiveRecordOptions): Finding[] {
    const meta = { seq: r.seq, at: r.t, invalidUtf8: r.invalidUtf8 === true };
    const sender = senderOf(r.direction);
    try {
      if (FRAME_KINDS.has(r.kind) && sender !== undefined) {
        let frame = options.frame;
        if (sender === 'client') {
          frame ??= classifyFrame(r.raw);
          if (this.http && frame.kind === 'request' && frame.message.method === 'initialize') this.linter = new Linter(this.options);
          if (this.sent.count++ === 0) this.sent.first = frame;
        }
        return this.linter.frame(sender, r.raw, frame ? { ...meta, frame } : meta);
      }
      if (r.kind === 'noise') return this.linter.stdoutNoise(r.raw, meta);
      if (r.kind === 'http' && options.httpRecords !== false) return this.exchangeRecord(r);
    } catch (error) {
      // The Linter guards its own rules; should it throw anyway, this record gets a finding and the rest go on.
      return [internalFinding('the linter', `frame #${r.seq}`, error, sender ?? 'server', r.seq)];
    }
    return [];
  }

  private exchangeRecord(r: PassiveRecord): Finding[] {
    const facts = exchangeFactsOfRecord(r.note);
    const sent = this.sent;
    this.sent = { count: 0 };
    if (!facts) return [];
    this.http = true;
    // One frame of the client's since the last exchange is what this POST carried; with more, it cannot be told.
    const only = sent.count === 1 ? sent.first : undefined;
    if (facts.method === 'POST' && facts.carried === undefined && only !== undefined) {
      if (only.kind === 'request' || only.kind === 'notification' || only.kind === 'batch') facts.carried = only.kind;
      else if (only.kind === 'response' || only.kind === 'error') facts.carried = 'response';
      if (only.kind === 'request' && only.message.method === 'initialize') facts.initialize = true;
    }
    return this.linter.httpExchange(facts, { seq: r.seq, at: r.t });
  }

  /** An HTTP exchange judged live, with every fact the upstream knew (the page's driven connections). */
  exchange(facts: HttpExchangeFacts): Finding[] {
    return this.linter.httpExchange(facts);
  }
}
