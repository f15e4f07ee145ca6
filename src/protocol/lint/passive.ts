// The passive linter: reads a session's records (the Log's entries, a capture
// of mcpscope wrap) of both directions, in order, without driving anything,
// and returns what the lint engine finds on each. 'out' frames are the
// client's (the host's, when wrapped), 'in' frames the server's, noise is the
// server's stdout noise, an HTTP record is read back into an exchange; stderr,
// mcpscope's own lines and oversize placeholders are not linted.

import type { Frame } from '../jsonrpc/codec.js';
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
  private readonly linter: Linter;

  constructor(options: LinterOptions = {}) {
    this.linter = new Linter(options);
  }

  /** The version rules are checked against: negotiated, or offered until then. */
  get version(): string {
    return this.linter.version;
  }

  /** Every finding so far, in order. */
  get findings(): readonly Finding[] {
    return this.linter.findings;
  }

  /** The next record of the session; never throws (a failure of ours is a LINT-INTERNAL finding on the record). */
  record(r: PassiveRecord, options: PassiveRecordOptions = {}): Finding[] {
    const meta = { seq: r.seq, at: r.t, invalidUtf8: r.invalidUtf8 === true };
    const sender = senderOf(r.direction);
    try {
      if (FRAME_KINDS.has(r.kind) && sender !== undefined) {
        return this.linter.frame(sender, r.raw, options.frame ? { ...meta, frame: options.frame } : meta);
      }
      if (r.kind === 'noise') return this.linter.stdoutNoise(r.raw, meta);
      if (r.kind === 'http' && options.httpRecords !== false) {
        const facts = exchangeFactsOfRecord(r.note);
        return facts ? this.linter.httpExchange(facts, { seq: r.seq, at: r.t }) : [];
      }
    } catch (error) {
      // The Linter guards its own rules; should it throw anyway, this record gets a finding and the rest go on.
      return [internalFinding('the linter', `frame #${r.seq}`, error, sender ?? 'server', r.seq)];
    }
    return [];
  }

  /** An HTTP exchange judged live, with every fact the upstream knew (the page's driven connections). */
  exchange(facts: HttpExchangeFacts): Finding[] {
    return this.linter.httpExchange(facts);
  }
}
