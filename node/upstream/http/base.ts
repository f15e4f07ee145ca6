// What every HTTP upstream shares: the HTTP client that reports each exchange,
// the inbox for what the server sends, events that stop after the close event,
// pausing reads (backpressure), and a shutdown that runs once.

import type { HttpTransportConfig } from '../../../src/protocol/wire.js';
import type { HttpUpstreamStarted, Upstream, UpstreamEvent, UpstreamListener } from '../types.js';
import { HttpClient } from './client.js';
import { Inbox } from './inbox.js';
import type { ResolvedHttpOptions } from './options.js';

export abstract class HttpUpstreamBase implements Upstream<HttpUpstreamStarted> {
  readonly client: HttpClient;
  readonly inbox: Inbox;
  /** Nothing goes out after the close event. */
  protected readonly emit: UpstreamListener;
  protected ended = false;
  protected closed = false;
  private stopping: Promise<void> | undefined;

  constructor(config: HttpTransportConfig, listener: UpstreamListener, options: ResolvedHttpOptions) {
    this.emit = (e: UpstreamEvent) => {
      if (!this.closed) listener(e);
    };
    this.client = new HttpClient({ ...options, userHeaders: config.headers, emit: (exchange) => this.emit({ type: 'http', exchange }) });
    this.inbox = new Inbox(this.emit);
  }

  abstract start(): Promise<HttpUpstreamStarted>;
  abstract send(raw: string): Promise<void>;
  /** The transport's own way of ending (DELETE the session, drop the stream …). */
  protected abstract stop(): Promise<void>;

  protected close(reason: string): void {
    if (this.closed) return;
    this.emit({ type: 'close', code: null, signal: null, reason, stderrTail: [] });
    this.closed = true;
  }

  pauseReading(): void {
    this.client.pause();
  }

  resumeReading(): void {
    this.client.resume();
  }

  shutdown(): Promise<void> {
    this.stopping ??= this.stop();
    return this.stopping;
  }
}
