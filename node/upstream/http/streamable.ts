// The Streamable HTTP transport (MCP 2025-03-26 … 2025-11-25), and plain
// JSON-RPC over HTTP, which is the same POST without the session machinery.
// Each client message is one POST; a request's reply is a JSON body or an SSE
// stream. The session id comes from the initialize reply and goes on every
// later request, with MCP-Protocol-Version once 2025-06-18 or later was agreed.
// A request whose _meta names 2026-07-28 or later goes by that revision's rules
// instead (modern.ts): mirrored headers, no session, no resumption, cancelled
// by closing its stream.

import {
  carriedMessages,
  carriedRequestIds,
  classifyFrame,
  requestIdOf,
  type CarriedMessage,
  type HttpTransportConfig,
  type RequestId,
  type SingleFrame,
} from '../../../src/protocol/wire.js';
import type { HttpUpstreamStarted, UpstreamListener } from '../types.js';
import { HttpUpstreamBase } from './base.js';
import { contentType, isJsonType, type ExchangeRun } from './client.js';
import type { WireResponse } from './wire.js';
import { excerpt, statusFailure, type HttpFailure } from './errors.js';
import { SessionState } from './session-state.js';
import type { ResolvedHttpOptions } from './options.js';
import { StreamKeeper } from './streams.js';
import { ModernRequests, type ModernPost } from './modern.js';

export type StreamableFlavour = 'streamable-http' | 'plain' | 'auto';

export interface StreamableOptions extends ResolvedHttpOptions {
  flavour: StreamableFlavour;
  /** Auto: the initialize POST got a 4xx that an HTTP+SSE server would give. */
  onFallback?: (initializeRaw: string, status: number) => void;
}

const ERROR_BODY_LIMIT = 64 * 1024;
/** Statuses that say "not here" rather than "not allowed": worth trying HTTP+SSE (spec: 400, 404, 405). */
const NO_FALLBACK = new Set([401, 403, 407, 429]);

export class StreamableHttpUpstream extends HttpUpstreamBase {
  private readonly streams: StreamKeeper;
  private readonly state: SessionState;
  private readonly modern = new ModernRequests();
  private listening = false;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** A notification's POST holds back later POSTs until the server acknowledged it, so order is kept. */
  private gate: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: HttpTransportConfig,
    listener: UpstreamListener,
    private readonly options: StreamableOptions,
  ) {
    super(config, listener, options);
    this.state = new SessionState(options.flavour === 'auto' ? 'undecided' : options.flavour, this.emit);
    this.streams = new StreamKeeper({
      client: this.client,
      inbox: this.inbox,
      url: config.url,
      getHeaders: () => ({ accept: 'text/event-stream', ...this.state.headers() }),
      isEnded: () => this.ended,
      canResume: () => this.state.mode !== 'plain',
      expire: (failure) => this.expire(failure),
      later: (ms, run) => this.later(ms, run),
      onFrames: (frames) => this.noteFrames(frames),
      reconnectDelayMs: options.reconnectDelayMs,
      maxReconnects: options.maxReconnects,
    });
  }

  start(): Promise<HttpUpstreamStarted> {
    return Promise.resolve({ http: { url: this.config.url, mode: this.config.mode } });
  }

  send(raw: string): Promise<void> {
    if (this.ended) return Promise.reject(new Error('The HTTP session has ended: connect again to send more.'));
    const frame = classifyFrame(raw);
    const cancel = frame.kind === 'batch' ? undefined : this.modern.cancellation(frame);
    if (cancel !== undefined) {
      this.inbox.drop([cancel.id]);
      const why = cancel.reason !== undefined ? ` (reason: ${cancel.reason})` : '';
      cancel.run?.cancel(
        `Cancelled by the client${why}: the response stream was closed, which is how 2026-07-28 cancels a request over HTTP; notifications/cancelled is not POSTed.`,
      );
      return Promise.resolve();
    }
    const modern = frame.kind === 'batch' ? undefined : this.modern.post(frame);
    const carried = carriedMessages(raw);
    const initialize = carried.find((c) => c.kind === 'request' && c.method === 'initialize');
    if (initialize?.id !== undefined) this.state.initializeId = requestIdOf(initialize.id, initialize.idText);
    this.inbox.sent(carried);
    const before = this.gate;
    let release = (): void => {};
    if (carriedRequestIds(carried).length === 0) this.gate = new Promise((resolve) => (release = resolve));
    return this.post(raw, carried, initialize !== undefined, before, () => release(), modern).catch((err: unknown) => {
      release();
      this.inbox.fail(carriedRequestIds(carried), { problem: 'network', message: `mcpscope could not send the request: ${String(err)}` });
    });
  }

  private async post(
    raw: string,
    carried: CarriedMessage[],
    isInitialize: boolean,
    before: Promise<void>,
    release: () => void,
    modern: ModernPost | undefined,
  ): Promise<void> {
    await before;
    const ids = carriedRequestIds(carried);
    const key = ids[0]?.key;
    try {
      if (this.ended) {
        release();
        return;
      }
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        // A modern request carries its own version and names, and never a session id.
        ...(modern ? modern.headers : isInitialize ? {} : this.state.headers()),
      };
      const start = await this.client.exchange({
        purpose: 'message',
        method: 'POST',
        url: this.config.url,
        headers,
        body: raw,
        carried,
        ...(modern ? { modern: true, warnings: modern.warnings } : {}),
        ...(modern && key !== undefined
          ? { onRun: (run: ExchangeRun) => this.modern.started(key, run) || run.cancel('Cancelled by the client before it was sent.') }
          : {}),
      });
      release();
      if (!start.ok) {
        if (start.run.record.failure) this.inbox.fail(ids, start.run.record.failure);
        return;
      }
      const { run, response } = start;
      if (modern) this.onModernResponse(run, response, modern);
      if (response.status >= 400) return await this.onErrorStatus(raw, run, response, ids, isInitialize, 'mcp-session-id' in headers);
      if (isInitialize) this.state.takeSessionId(run, response);
      if (contentType(response) === 'text/event-stream') {
        if (ids.length === 0) run.warn('A notification or response was answered with an SSE stream; the spec says 202 Accepted with no body.');
        return await this.streams.readReply(run, response, ids, 0, undefined, modern !== undefined);
      }
      await this.onBodyReply(run, response, carried, ids);
    } finally {
      if (key !== undefined) this.modern.finished(key);
    }
  }

  /** A modern exchange: a session id is a server's mistake, shown on the exchange and never sent back. */
  private onModernResponse(run: ExchangeRun, response: WireResponse, modern: ModernPost): void {
    if (response.headers.get('mcp-session-id') !== null) {
      run.warn(`The server sent Mcp-Session-Id on a ${modern.version} exchange; that revision has no sessions, so mcpscope does not send it back.`);
    }
  }

  /** Frames the server sent: watched for the initialize answer, tools/list replies, and a modern result (which settles Auto). */
  private noteFrames(frames: SingleFrame[]): void {
    this.state.noteInitialize(frames);
    const answered = this.modern.noteFrames(frames);
    if (answered !== undefined) this.state.decideModern(answered);
  }

  private async onErrorStatus(
    raw: string,
    run: ExchangeRun,
    response: WireResponse,
    ids: RequestId[],
    isInitialize: boolean,
    hadSession: boolean,
  ): Promise<void> {
    const status = response.status;
    if (isInitialize && this.state.mode === 'undecided' && status < 500 && !NO_FALLBACK.has(status) && this.options.onFallback) {
      response.cancel();
      run.done(`Auto: HTTP ${status} to the initialize POST, so this may be an HTTP+SSE (2024-11-05) server; trying GET ${this.config.url} next.`);
      this.options.onFallback(raw, status);
      return;
    }
    const body = await this.client.readText(run, response, ERROR_BODY_LIMIT);
    const text = body.ok ? body.text : '';
    // Some servers put a proper JSON-RPC error in an HTTP error: that answer is the reply.
    const message = body.ok ? this.inbox.inspect(text) : undefined;
    if (message !== undefined && message.answers.length > 0) {
      run.warn(`HTTP ${status} carried a JSON-RPC answer; it was forwarded as the reply.`);
      run.record.messages++;
      run.done();
      this.inbox.deliver(message, body.ok && body.invalidUtf8);
      this.noteFrames(message.frames);
      this.failMissing(run, ids, `The HTTP ${status} reply did not answer`);
      return;
    }
    const failure = statusFailure({
      status,
      statusText: response.statusText,
      url: this.config.url,
      method: 'POST',
      body: text,
      wwwAuthenticate: response.headers.get('www-authenticate'),
      authorizationHint: this.client.authorizationHint,
      allow: response.headers.get('allow'),
      hadSession,
      ...(isInitialize && this.options.flavour === 'streamable-http' ? { hint: 'If this is an HTTP+SSE (2024-11-05) server, choose Auto or HTTP+SSE.' } : {}),
    });
    run.fail(failure);
    if (failure.problem === 'session-expired') this.expire(failure);
    else this.inbox.fail(ids, failure);
  }

  /** A 2xx reply that is not a stream: JSON for a request, nothing (202) for the rest. */
  private async onBodyReply(run: ExchangeRun, response: WireResponse, carried: CarriedMessage[], ids: RequestId[]): Promise<void> {
    const status = response.status;
    const type = contentType(response);
    const body = await this.client.readText(run, response);
    if (!body.ok) {
      if (run.record.failure) this.inbox.fail(ids, run.record.failure);
      return;
    }
    const text = body.text;
    if (ids.length === 0) {
      const what = carried.some((c) => c.kind === 'notification') ? 'a notification' : 'a response';
      if (this.state.mode !== 'plain' && (status !== 202 || text !== '')) {
        run.warn(
          `The server answered ${what} with HTTP ${status}${text !== '' ? ` and a ${body.ok ? text.length : 0}-character body` : ''}; the spec says 202 Accepted with no body.${text.trim() !== '' ? ' The body is shown in the log.' : ''}`,
        );
      }
      const message = text.trim() === '' ? undefined : this.inbox.inspect(text);
      if (message) run.record.messages++;
      run.done();
      if (message) this.inbox.deliver(message, body.invalidUtf8);
      if (carried.some((c) => c.method === 'notifications/initialized')) this.afterInitialized();
      return;
    }
    if (text.trim() === '') {
      const failure: HttpFailure = {
        problem: 'bad-body',
        message: `The server answered ${this.inbox.describe(ids)} with HTTP ${status} and no body; a request's reply must be a JSON body or an SSE stream.`,
      };
      run.fail(failure);
      this.inbox.fail(ids, failure);
      return;
    }
    if (!isJsonType(type)) run.warn(`The reply's Content-Type is ${type === '' ? 'missing' : type}, not application/json or text/event-stream.`);
    const message = this.inbox.inspect(text);
    if (!message.json) {
      const failure: HttpFailure = {
        problem: 'bad-body',
        message: `The server's reply to ${this.inbox.describe(ids)} is not JSON (HTTP ${status}, ${type || 'no Content-Type'}): ${excerpt(text)}`,
      };
      run.fail(failure);
      this.inbox.deliver(message, body.invalidUtf8);
      this.inbox.fail(ids, failure);
      return;
    }
    run.record.messages++;
    const missing = this.inbox.unanswered(ids).filter((id) => !message.answers.some((a) => a.key === id.key));
    if (missing.length > 0) run.warn(`The JSON reply did not answer ${this.inbox.describe(missing)}.`);
    run.done();
    this.inbox.deliver(message, body.invalidUtf8);
    this.noteFrames(message.frames);
    this.failMissing(run, ids, 'The JSON reply did not answer');
  }

  private failMissing(run: ExchangeRun, ids: RequestId[], sentence: string): void {
    const missing = this.inbox.unanswered(ids);
    if (missing.length === 0) return;
    this.inbox.fail(missing, { problem: 'bad-body', message: `${sentence} ${this.inbox.describe(missing)} (exchange #${run.record.id}).` });
  }

  private afterInitialized(): void {
    if (this.state.mode !== 'streamable-http' || this.listening || this.ended) return;
    this.listening = true;
    void this.streams.listen();
  }

  private later(ms: number, run: () => void): void {
    if (this.ended) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  /** The server ended the session (404): fail what is waiting and close. */
  private expire(failure: HttpFailure): void {
    if (this.ended) return;
    this.ended = true;
    this.inbox.fail(this.inbox.allAwaiting(), failure);
    this.stopTimers();
    this.client.cancelAll();
    this.close(failure.message);
  }

  private stopTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  protected async stop(): Promise<void> {
    const wasEnded = this.ended;
    this.ended = true;
    this.stopTimers();
    this.client.cancelAll();
    if (wasEnded) return;
    this.close(`Stopped by mcpscope.${await this.state.end(this.client, this.config.url, this.options.deleteTimeoutMs)}`);
  }
}
