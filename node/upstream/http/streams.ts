// Server-Sent Event streams of the Streamable HTTP transport: the reply stream
// of a POST (resumed with GET + Last-Event-ID when it drops before the answer)
// and the optional GET stream for messages the server starts. Every event id
// is delivered at most once, so a replay never duplicates a message.

import { SeenEventIds, SseReader, plural, type RequestId, type SingleFrame, type SseEvent } from '../../../src/protocol/wire.js';
import { contentType, type ExchangeRun, type HttpClient, type StreamEnd } from './client.js';
import type { WireResponse } from './wire.js';
import { statusFailure, type HttpFailure } from './errors.js';
import type { Inbox } from './inbox.js';

export interface StreamHost {
  readonly client: HttpClient;
  readonly inbox: Inbox;
  readonly url: string;
  /** GET headers: Accept, session id, protocol version. */
  getHeaders(): Record<string, string>;
  /** True once the connection is over: no more requests, no reconnects. */
  isEnded(): boolean;
  /** Whether dropped streams may be resumed (not in plain mode). */
  canResume(): boolean;
  /** The server ended the session (404). */
  expire(failure: HttpFailure): void;
  /** A timer the host cancels on shutdown. */
  later(ms: number, run: () => void): void;
  /** Frames the server sent (the host watches for the initialize answer). */
  onFrames(frames: SingleFrame[]): void;
  reconnectDelayMs: number;
  maxReconnects: number;
}

const MAX_BACKOFF_MS = 30_000;

export class StreamKeeper {
  private readonly seen = new SeenEventIds();
  /** The server's last `retry`, which applies to every later reconnect. */
  private retryMs: number | undefined;

  constructor(private readonly host: StreamHost) {}

  private reader(run: ExchangeRun): SseReader {
    return new SseReader({
      onEvent: (e) => this.onEvent(e, run),
      onRetry: (ms) => (this.retryMs = ms),
      onProblem: (message) => run.warn(message),
    });
  }

  private onEvent(e: SseEvent, run: ExchangeRun): void {
    if (e.id !== undefined && !this.seen.add(e.id)) {
      run.warn('A replayed event had already been delivered; it was not forwarded twice.');
      return;
    }
    if (e.data === '') return; // a priming event: it only carries an id to resume from
    const message = this.host.inbox.inspect(e.data);
    if (e.event !== undefined && e.event !== 'message') {
      run.warn(`An SSE event of type "${e.event}" is not part of the transport; its data is shown as noise.`);
      this.host.inbox.deliver({ ...message, json: false, answers: [] }, false);
      return;
    }
    this.host.inbox.deliver(message, false, run);
    this.host.onFrames(message.frames);
  }

  private delay(failures: number): number {
    return this.retryMs ?? Math.min(MAX_BACKOFF_MS, this.host.reconnectDelayMs * 2 ** Math.max(0, failures - 1));
  }

  /**
   * Read the SSE reply of a POST carrying `ids`; resume it if it drops before answering them —
   * unless `modern`: 2026-07-28 streams are not resumable, so the request fails, to be sent anew.
   */
  async readReply(run: ExchangeRun, response: WireResponse, ids: RequestId[], attempt = 0, lastEventId?: string, modern = false): Promise<void> {
    const reader = this.reader(run);
    const end = await this.host.client.readSse(run, response, reader);
    if (end === 'cancelled') return;
    const inbox = this.host.inbox;
    if (end === 'overflow') {
      const failure: HttpFailure = { problem: 'too-large', message: 'An SSE event grew past the size limit; mcpscope stopped reading the stream.' };
      run.fail(failure);
      inbox.fail(inbox.unanswered(ids), failure);
      return;
    }
    const cut = unfinished(reader, run);
    const missing = inbox.unanswered(ids);
    if (missing.length === 0) {
      run.done();
      return;
    }
    const resumeFrom = reader.lastEventId ?? lastEventId;
    const how = end === 'dropped' ? 'dropped' : 'ended';
    if (modern) {
      const failure: HttpFailure = {
        problem: 'stream-cut',
        message: `The server ${how} the SSE stream before answering ${inbox.describe(missing)}.${cut} In 2026-07-28 a response stream cannot be resumed: send the request again (it goes out with a new id).`,
      };
      run.fail(failure);
      inbox.fail(missing, failure);
      return;
    }
    if (this.host.canResume() && resumeFrom !== undefined && attempt < this.host.maxReconnects && !this.host.isEnded()) {
      const wait = this.delay(attempt + 1);
      run.done(`The stream ${how} before the answer to ${inbox.describe(missing)}; resuming with Last-Event-ID ${resumeFrom} in ${wait} ms.`);
      this.host.later(wait, () => void this.resume(missing, resumeFrom, attempt + 1));
      return;
    }
    const failure: HttpFailure = {
      problem: 'stream-cut',
      message: `The server ${how} the SSE stream before answering ${inbox.describe(missing)}.${cut}${
        resumeFrom === undefined
          ? ' The stream carried no event ids, so it cannot be resumed.'
          : attempt > 0
            ? ` Resuming it failed ${plural(attempt, 'time')}.`
            : ''
      }`,
    };
    run.fail(failure);
    inbox.fail(missing, failure);
  }

  /** GET with Last-Event-ID: the server replays what the dropped stream had not delivered. */
  private async resume(ids: RequestId[], lastEventId: string, attempt: number): Promise<void> {
    if (this.host.isEnded()) return;
    const inbox = this.host.inbox;
    const start = await this.host.client.exchange({
      purpose: 'resume',
      method: 'GET',
      url: this.host.url,
      headers: { ...this.host.getHeaders(), 'last-event-id': lastEventId },
    });
    if (!start.ok) {
      const failure = start.run.record.failure;
      if (failure === undefined) return; // cancelled
      if ((failure.problem === 'network' || failure.problem === 'refused' || failure.problem === 'timeout') && attempt < this.host.maxReconnects) {
        this.host.later(this.delay(attempt + 1), () => void this.resume(ids, lastEventId, attempt + 1));
      } else inbox.fail(ids, { problem: failure.problem, message: `Could not resume the stream for ${inbox.describe(ids)}: ${failure.message}` });
      return;
    }
    const { run, response } = start;
    const failure = await this.checkStream(run, response);
    if (failure !== undefined) {
      inbox.fail(ids, { problem: failure.problem, message: `Could not resume the stream for ${inbox.describe(ids)}: ${failure.message}` });
      return;
    }
    await this.readReply(run, response, ids, attempt, lastEventId);
  }

  /** Open the GET stream for messages the server starts, and keep it open. */
  async listen(lastEventId?: string, failures = 0): Promise<void> {
    if (this.host.isEnded()) return;
    const start = await this.host.client.exchange({
      purpose: lastEventId === undefined ? 'listen' : 'resume',
      method: 'GET',
      url: this.host.url,
      headers: { ...this.host.getHeaders(), ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
    });
    if (!start.ok) {
      const problem = start.run.record.failure?.problem;
      // Refused even after authorizing (said on the exchange): reconnecting would only be refused again.
      if (problem !== undefined && problem !== 'unauthorized' && problem !== 'forbidden') this.relisten(start.run, lastEventId, failures + 1);
      return;
    }
    const { run, response } = start;
    if (response.status === 405) {
      response.cancel();
      run.done('The server offers no GET stream (HTTP 405): messages it starts can only arrive in replies to POSTs.');
      return;
    }
    if ((await this.checkStream(run, response)) !== undefined) return;
    const reader = this.reader(run);
    const end: StreamEnd = await this.host.client.readSse(run, response, reader);
    if (end === 'cancelled') return;
    if (end === 'overflow') {
      run.fail({ problem: 'too-large', message: 'An SSE event on the GET stream grew past the size limit; the stream was closed.' });
      return;
    }
    unfinished(reader, run);
    this.relisten(run, reader.lastEventId ?? lastEventId, reader.events > 0 ? 1 : failures + 1, end);
  }

  private relisten(run: ExchangeRun, lastEventId: string | undefined, failures: number, end?: StreamEnd): void {
    const what = end === undefined ? 'The GET stream could not be opened' : `The GET stream ${end === 'dropped' ? 'dropped' : 'ended'}`;
    if (this.host.isEnded()) return;
    if (failures > this.host.maxReconnects) {
      run.done(`${what}; gave up after ${failures - 1} attempts in a row. Messages the server starts can still arrive in replies to POSTs.`);
      return;
    }
    const wait = this.delay(failures);
    run.done(`${what}; reconnecting in ${wait} ms${lastEventId !== undefined ? ` with Last-Event-ID ${lastEventId}` : ''}.`);
    this.host.later(wait, () => void this.listen(lastEventId, failures));
  }

  /** A GET's answer must be 2xx text/event-stream: otherwise fail the run (and expire on a 404). */
  private async checkStream(run: ExchangeRun, response: WireResponse): Promise<HttpFailure | undefined> {
    if (response.status >= 400) {
      const body = await this.host.client.readText(run, response, 64 * 1024);
      const failure = statusFailure({
        status: response.status,
        statusText: response.statusText,
        url: run.record.url,
        method: 'GET',
        body: body.ok ? body.text : '',
        wwwAuthenticate: response.headers.get('www-authenticate'),
        authorizationHint: this.host.client.authorizationHint,
        allow: response.headers.get('allow'),
        hadSession: run.record.requestHeaders.some(([n]) => n === 'mcp-session-id'),
      });
      run.fail(failure);
      if (failure.problem === 'session-expired') this.host.expire(failure);
      return failure;
    }
    const type = contentType(response);
    if (type !== 'text/event-stream') {
      response.cancel();
      const failure: HttpFailure = {
        problem: 'bad-content-type',
        message: `GET ${run.record.url} answered ${type || 'without a Content-Type'}, not text/event-stream.`,
      };
      run.fail(failure);
      return failure;
    }
    return undefined;
  }
}

/** Note on the run when the stream stopped inside an event; returns the sentence ('' if not). */
function unfinished(reader: SseReader, run: ExchangeRun): string {
  const { unfinishedChars } = reader.end();
  if (unfinishedChars === 0) return '';
  const sentence = ` It stopped in the middle of an event: ${unfinishedChars} characters of it never finished and were dropped.`;
  run.warn(sentence.trim());
  return sentence;
}
