// The HTTP+SSE transport of MCP 2024-11-05: GET the SSE URL, wait for the
// `endpoint` event naming where to POST, then POST each client message there
// and read every server message from the one event stream. The stream cannot
// be resumed: when it ends, the session has ended.

import { carriedMessages, carriedRequestIds, SseReader, type HttpTransportConfig } from '../../../src/protocol/wire.js';
import type { HttpUpstreamStarted, UpstreamListener } from '../types.js';
import { HttpUpstreamBase } from './base.js';
import { contentType, type ExchangeRun } from './client.js';
import { HttpStartError, statusFailure, timeoutFailure, type HttpFailure } from './errors.js';
import type { ResolvedHttpOptions } from './options.js';

const ERROR_BODY_LIMIT = 64 * 1024;

export class LegacySseUpstream extends HttpUpstreamBase {
  private endpoint: string | undefined;
  private starting: Promise<HttpUpstreamStarted> | undefined;
  /** Gives up waiting for the endpoint event (on shutdown). */
  private cancelStart: (() => void) | undefined;

  constructor(
    private readonly config: HttpTransportConfig,
    listener: UpstreamListener,
    private readonly options: ResolvedHttpOptions,
  ) {
    super(config, listener, options);
  }

  start(): Promise<HttpUpstreamStarted> {
    this.starting ??= this.open();
    return this.starting;
  }

  /** Open the event stream and wait for its first event, which must be `endpoint`. */
  private async open(): Promise<HttpUpstreamStarted> {
    const url = this.config.url;
    const start = await this.client.exchange({ purpose: 'event-stream', method: 'GET', url, headers: { accept: 'text/event-stream' } });
    if (!start.ok) throw new HttpStartError(start.run.record.failure ?? { problem: 'network', message: 'Stopped by mcpscope before the event stream opened.' });
    const { run, response } = start;
    if (response.status >= 400) {
      const body = await this.client.readText(run, response, ERROR_BODY_LIMIT);
      const failure = statusFailure({
        status: response.status,
        statusText: response.statusText,
        url,
        method: 'GET',
        body: body.ok ? body.text : '',
        wwwAuthenticate: response.headers.get('www-authenticate'),
        authorizationHint: this.client.authorizationHint,
        allow: response.headers.get('allow'),
        hadSession: false,
      });
      run.fail(failure);
      throw new HttpStartError(failure);
    }
    const type = contentType(response);
    if (type !== 'text/event-stream') {
      response.cancel();
      const failure: HttpFailure = {
        problem: 'no-endpoint',
        message: `GET ${url} answered HTTP ${response.status} ${type || 'without a Content-Type'}, not an event stream: this is not an HTTP+SSE (2024-11-05) server URL. For HTTP+SSE, give the URL of its SSE stream (often /sse).`,
      };
      run.fail(failure);
      throw new HttpStartError(failure);
    }
    return new Promise<HttpUpstreamStarted>((resolve, reject) => {
      let settled = false;
      const settle = (failure?: HttpFailure): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (failure === undefined) {
          resolve({ http: { url, mode: 'sse', endpoint: this.endpoint! } });
          return;
        }
        run.fail(failure);
        run.stopReading();
        reject(new HttpStartError(failure));
      };
      const timer = setTimeout(() => settle(timeoutFailure(url, this.options.endpointTimeoutMs, 'endpoint')), this.options.endpointTimeoutMs);
      this.cancelStart = () => settle({ problem: 'network', message: 'Stopped by mcpscope before the server named its endpoint.' });
      const reader = new SseReader({
        onEvent: (e) => {
          if (this.endpoint === undefined) {
            const problem = this.takeEndpoint(e.event, e.data);
            settle(problem);
            return;
          }
          if (e.event === 'endpoint') {
            run.warn('The server sent a second endpoint event; the first one stays in use.');
            return;
          }
          if (e.data === '') return;
          const message = this.inbox.inspect(e.data);
          if (e.event !== undefined && e.event !== 'message') {
            run.warn(`An SSE event of type "${e.event}" is not part of the transport; its data is shown as noise.`);
            this.inbox.deliver({ ...message, json: false, answers: [] }, false);
            return;
          }
          this.inbox.deliver(message, false, run);
        },
        onProblem: (message) => run.warn(message),
      });
      void this.client.readSse(run, response, reader).then((end) => {
        if (end === 'cancelled') return;
        const { unfinishedChars } = reader.end();
        const cut = unfinishedChars > 0 ? ` It stopped in the middle of an event (${unfinishedChars} characters never finished).` : '';
        if (!settled) {
          settle({
            problem: 'no-endpoint',
            message: `The event stream ended before its endpoint event.${cut} This does not look like an HTTP+SSE (2024-11-05) server.`,
          });
          return;
        }
        this.streamEnded(run, end === 'overflow' ? ' An event grew past the size limit.' : cut);
      });
    });
  }

  /** The first event must name the endpoint, on the same origin as the stream. */
  private takeEndpoint(event: string | undefined, data: string): HttpFailure | undefined {
    if (event !== 'endpoint') {
      return {
        problem: 'no-endpoint',
        message: `The first SSE event was ${event === undefined ? 'a "message" event' : `"${event}"`}, not "endpoint": the server must name the URL to POST to first. This does not look like an HTTP+SSE (2024-11-05) server.`,
      };
    }
    let endpoint: URL;
    try {
      endpoint = new URL(data.trim(), this.config.url);
    } catch {
      return { problem: 'no-endpoint', message: `The endpoint event's data ${JSON.stringify(data)} is not a URL.` };
    }
    if (endpoint.origin !== new URL(this.config.url).origin) {
      return {
        problem: 'no-endpoint',
        message: `The server named an endpoint on another origin (${endpoint.href}); mcpscope only sends to the origin you gave (${new URL(this.config.url).origin}).`,
      };
    }
    this.endpoint = endpoint.href;
    return undefined;
  }

  private streamEnded(run: ExchangeRun, detail: string): void {
    if (this.ended) return;
    this.ended = true;
    const failure: HttpFailure = {
      problem: 'stream-cut',
      message: `The server closed the HTTP+SSE event stream.${detail} This transport cannot resume, so the session has ended; connect again to start a new one.`,
    };
    run.fail(failure);
    this.inbox.fail(this.inbox.allAwaiting(), failure);
    this.client.cancelAll();
    this.close(failure.message);
  }

  async send(raw: string): Promise<void> {
    if (this.ended || this.endpoint === undefined) throw new Error('The HTTP+SSE session is not open: connect again to send more.');
    const carried = carriedMessages(raw);
    const ids = carriedRequestIds(carried);
    this.inbox.sent(carried);
    const start = await this.client.exchange({
      purpose: 'message',
      method: 'POST',
      url: this.endpoint,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: raw,
      carried,
    });
    if (!start.ok) {
      if (start.run.record.failure) this.inbox.fail(ids, start.run.record.failure);
      return;
    }
    const { run, response } = start;
    const body = await this.client.readText(run, response, ERROR_BODY_LIMIT);
    const text = body.ok ? body.text : '';
    if (response.status >= 400) {
      const failure = statusFailure({
        status: response.status,
        statusText: response.statusText,
        url: this.endpoint,
        method: 'POST',
        body: text,
        wwwAuthenticate: response.headers.get('www-authenticate'),
        authorizationHint: this.client.authorizationHint,
        allow: response.headers.get('allow'),
        hadSession: false,
      });
      // A 404 from the endpoint means the server forgot the session the stream named.
      if (response.status === 404) failure.problem = 'session-expired';
      run.fail(failure);
      this.inbox.fail(ids, failure);
      return;
    }
    if (!body.ok) return;
    // Answers belong on the event stream; one in the POST body is shown, not lost.
    const message = text.trim() === '' ? undefined : this.inbox.inspect(text);
    if (message?.json) {
      run.warn('The answer came in the POST reply instead of on the event stream; it was forwarded.');
      run.record.messages++;
    }
    run.done();
    if (message?.json) this.inbox.deliver(message, body.invalidUtf8);
  }

  protected async stop(): Promise<void> {
    const wasEnded = this.ended;
    this.ended = true;
    this.cancelStart?.();
    this.client.cancelAll();
    if (this.starting !== undefined) await this.starting.catch(() => {});
    if (!wasEnded && this.endpoint !== undefined) this.close('Stopped by mcpscope: the event stream was closed.');
  }
}
