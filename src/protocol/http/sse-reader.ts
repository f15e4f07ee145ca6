// Reads one Server-Sent Events stream (text chunks in, events out) with
// eventsource-parser, and keeps the bookkeeping a resumable MCP stream needs:
// the last event id, the server's retry interval, and whether the stream
// stopped in the middle of an event.

import { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser';

export interface SseEvent {
  /** The `event:` field; undefined means the default type, "message". */
  event?: string;
  id?: string;
  data: string;
}

export interface SseReaderCallbacks {
  onEvent(event: SseEvent): void;
  onRetry?(ms: number): void;
  /** A line the parser could not use (unknown field, bad retry value): a deviation worth showing. */
  onProblem?(message: string): void;
}

export interface SseEnd {
  /** Characters of an event that never got its closing blank line. */
  unfinishedChars: number;
}

/** Buffered characters of one event above which the stream is refused. */
export const DEFAULT_MAX_EVENT_CHARS = 64 * 1024 * 1024;

export class SseReader {
  private readonly parser: EventSourceParser;
  private _lastEventId: string | undefined;
  private _retryMs: number | undefined;
  private _events = 0;
  private overflowed = false;
  // Line-terminator state, to know whether the stream ends between events.
  private sinceBoundary = 0;
  private lineChars = 0;
  private afterCR = false;

  constructor(callbacks: SseReaderCallbacks, maxEventChars: number = DEFAULT_MAX_EVENT_CHARS) {
    this.parser = createParser({
      maxBufferSize: maxEventChars,
      onEvent: (e: EventSourceMessage) => {
        this._events++;
        if (e.id !== undefined) this._lastEventId = e.id;
        const event: SseEvent = { data: e.data };
        if (e.event !== undefined) event.event = e.event;
        if (e.id !== undefined) event.id = e.id;
        callbacks.onEvent(event);
      },
      onRetry: (ms) => {
        this._retryMs = ms;
        callbacks.onRetry?.(ms);
      },
      onError: (err) => {
        if (err.type === 'max-buffer-size-exceeded') this.overflowed = true;
        // The parser's own message may quote a whole (hostile, huge) line: keep a short piece.
        const what = err.message.length > 200 ? `${err.message.slice(0, 200)}…` : err.message;
        callbacks.onProblem?.(`SSE: ${what}${err.line !== undefined ? ` (line ${JSON.stringify(err.line.slice(0, 80))})` : ''}`);
      },
    });
  }

  get lastEventId(): string | undefined {
    return this._lastEventId;
  }

  get retryMs(): number | undefined {
    return this._retryMs;
  }

  get events(): number {
    return this._events;
  }

  /** True once an event grew past the limit: the caller should stop reading. */
  get overflow(): boolean {
    return this.overflowed;
  }

  feed(chunk: string): void {
    if (this.overflowed) return;
    this.track(chunk);
    this.parser.feed(chunk);
  }

  /** The stream ended: report whether it stopped inside an event. */
  end(): SseEnd {
    return { unfinishedChars: this.sinceBoundary };
  }

  private track(chunk: string): void {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10 && this.afterCR) {
        this.afterCR = false; // the LF of a CRLF: that line already ended
        continue;
      }
      if (c === 10 || c === 13) {
        if (this.lineChars === 0) this.sinceBoundary = 0; // a blank line ends the event
        this.lineChars = 0;
        this.afterCR = c === 13;
        continue;
      }
      this.afterCR = false;
      this.lineChars++;
      this.sinceBoundary++;
    }
  }
}

/** Event ids already delivered in this session: a replay must not deliver them twice. */
export class SeenEventIds {
  private readonly ids = new Set<string>();

  constructor(private readonly limit = 10_000) {}

  /** Records the id; false when it was seen before. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.limit) {
      const oldest = this.ids.values().next();
      if (!oldest.done) this.ids.delete(oldest.value);
    }
    return true;
  }
}
