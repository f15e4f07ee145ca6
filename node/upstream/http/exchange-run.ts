// One HTTP exchange's record as it changes (sending, streaming, done,
// failed, cancelled), reported to the listener; and the switch that stops
// reading its body.

import { performance } from 'node:perf_hooks';
import type { HttpExchange } from '../../../src/protocol/wire.js';
import type { HttpFailure } from './errors.js';
import type { WireResponse } from './wire.js';

const PROGRESS_EMIT_MS = 500;
/**
 * A POST that is answered quickly is reported once, when it ends; one still
 * under way after this long is reported as pending (the Network view shows it).
 */
const PENDING_REPORT_MS = 150;

/** One exchange's record, and the reader of its body so it can be stopped. */
const MAX_WARNING_CHARS = 300;
const MAX_WARNINGS = 50;

export class ExchangeRun {
  readonly record: HttpExchange;
  /** Set once the response arrived: cancelling it ends any read. */
  private response: WireResponse | undefined;
  private readonly t0 = performance.now();
  private lastEmit = this.t0;
  private deferred: ReturnType<typeof setTimeout> | undefined;
  /** Cancelling aborts the request itself when no response has come yet. */
  readonly abort = new AbortController();
  /** A refused request waiting for authorization: cancelling its (ended) exchange ends the wait. */
  onCancelAfterEnd: (() => void) | undefined;

  constructor(
    record: HttpExchange,
    private readonly emitter: (x: HttpExchange) => void,
    private readonly onEnd: (run: ExchangeRun) => void,
  ) {
    this.record = record;
  }

  get ended(): boolean {
    const s = this.record.state;
    return s === 'done' || s === 'failed' || s === 'cancelled';
  }

  elapsed(): number {
    return Math.round((performance.now() - this.t0) * 1000) / 1000;
  }

  /** Record a deviation, bounded: a hostile server can produce them without end. */
  warn(message: string): void {
    const text =
      message.length > MAX_WARNING_CHARS ? `${message.slice(0, MAX_WARNING_CHARS)}… (${message.length - MAX_WARNING_CHARS} more characters)` : message;
    const warnings = this.record.warnings;
    if (warnings.includes(text)) return;
    if (warnings.length < MAX_WARNINGS) warnings.push(text);
    else if (warnings.length === MAX_WARNINGS) warnings.push('Further warnings on this exchange were dropped: there were too many.');
  }

  emit(): void {
    if (this.deferred !== undefined) clearTimeout(this.deferred);
    this.deferred = undefined;
    this.lastEmit = performance.now();
    // Headers and carried messages never change once set; the warnings list does.
    this.emitter({ ...this.record, warnings: [...this.record.warnings] });
  }

  /** Report now, or — for a POST, which is usually answered at once — only if it is still under way soon. */
  report(): void {
    if (this.record.purpose !== 'message') this.emit();
    else this.deferred ??= setTimeout(() => this.emit(), PENDING_REPORT_MS);
  }

  /** Re-emit a long-running stream's counters, at most twice a second. */
  progress(): void {
    if (performance.now() - this.lastEmit >= PROGRESS_EMIT_MS) this.emit();
  }

  streaming(): void {
    if (this.ended) return;
    this.record.state = 'streaming';
    this.report();
  }

  done(note?: string): void {
    this.end('done', note);
  }

  fail(failure: HttpFailure): void {
    if (this.ended) return;
    this.record.failure = { problem: failure.problem, message: failure.message };
    this.end('failed');
  }

  cancel(note?: string): void {
    if (this.ended) {
      this.onCancelAfterEnd?.();
      return;
    }
    this.end('cancelled', note);
    this.stopReading();
    if (this.response === undefined) this.abort.abort();
  }

  /** An exchange that ended waiting for authorization, which then failed: it is the request's failure after all. */
  refuse(failure: HttpFailure): void {
    this.record.failure = { problem: failure.problem, message: failure.message };
    this.record.state = 'failed';
    this.emit();
  }

  /** The response whose body stopReading() ends. */
  received(response: WireResponse): void {
    this.response = response;
  }

  /** Stop reading the body (the connection is then closed, not reused). */
  stopReading(): void {
    this.response?.cancel();
  }

  private end(state: 'done' | 'failed' | 'cancelled', note?: string): void {
    if (this.ended) return;
    if (note !== undefined) this.record.note = this.record.note ? `${this.record.note} ${note}` : note;
    this.record.state = state;
    this.record.durationMs = this.elapsed();
    this.emit();
    this.onEnd(this);
  }
}
