// One HTTP exchange at a time, observed exactly: what was sent (user header
// values masked), the status and headers, timings, bytes, and a failure
// sentence when it went wrong. Redirects are never followed silently: a
// same-origin 307/308 is followed as a new, visible exchange; others fail.

import { isUtf8 } from 'node:buffer';
import {
  isSecretHeaderName,
  maskHeaderValue,
  type CarriedMessage,
  type HttpExchange,
  type HttpExchangePurpose,
  type SseReader,
} from '../../../src/protocol/wire.js';
import { challengeOf, isChallengedPurpose, type ConnectionAuth } from './auth.js';
import { networkFailure, timeoutFailure } from './errors.js';
import { ExchangeRun } from './exchange-run.js';
import { WireTimeout, send, type WireResponse } from './wire.js';

export { ExchangeRun };

export interface HttpClientOptions {
  /** Until the TCP (and TLS) connection is up. */
  connectTimeoutMs: number;
  /** From sending the request until its response headers arrive. */
  headersTimeoutMs: number;
  /** Reading a whole (non-stream) body. */
  bodyTimeoutMs: number;
  maxBodyBytes: number;
  /** The user's headers (Authorization …): sent on every request, shown masked. */
  userHeaders: Record<string, string>;
  emit: (exchange: HttpExchange) => void;
  nextExchangeId: () => number;
  /** OAuth: the connection's Authorizer; absent, a 401 is only reported. */
  auth?: ConnectionAuth;
  /** The 401 advice when OAuth was asked for but the person's own Authorization header keeps it off. */
  authorizationHint?: string;
}

export interface ExchangeRequest {
  purpose: HttpExchangePurpose;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** Protocol headers (Accept, Mcp-Session-Id …); names lower-case. */
  headers: Record<string, string>;
  body?: string;
  carried?: CarriedMessage[];
  /** Overrides the client's headers timeout (DELETE on shutdown uses a short one). */
  headersTimeoutMs?: number;
  /** Deviations known before sending (recorded on the exchange's warnings). */
  warnings?: string[];
  /** Called with the run as soon as it exists, before the response (so it can be cancelled early). */
  onRun?: (run: ExchangeRun) => void;
  /** A POST carrying a 2026-07-28 request (its exchange is marked so). */
  modern?: boolean;
}

export type ExchangeStart = { ok: true; run: ExchangeRun; response: WireResponse } | { ok: false; run: ExchangeRun };

export type StreamEnd = 'eof' | 'dropped' | 'overflow' | 'cancelled';

const MAX_REDIRECTS = 3;

export class HttpClient {
  private readonly active = new Set<ExchangeRun>();
  /** Requests refused and waiting for the authorization flow: cancelAll() ends the wait. */
  private readonly waiting = new Set<AbortController>();
  /** While set, streams wait before reading on (backpressure from the browser). */
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;

  /** Stop reading response streams until resume(): the server then waits on TCP. */
  pause(): void {
    this.gate ??= new Promise((resolve) => (this.openGate = resolve));
  }

  resume(): void {
    this.openGate?.();
    this.gate = undefined;
    this.openGate = undefined;
  }

  constructor(private readonly options: HttpClientOptions) {}

  /** For statusFailure: how to get past a 401 on this connection. */
  get authorizationHint(): string | undefined {
    return this.options.authorizationHint;
  }

  /**
   * Send a request and wait for its headers. Failures are recorded on the run (and emitted).
   * With OAuth, the request carries the token; refused (401, 403 insufficient_scope), it
   * waits for the authorization flow and goes out again as a new exchange.
   */
  async exchange(req: ExchangeRequest): Promise<ExchangeStart> {
    const auth = this.options.auth;
    if (auth === undefined) return this.send(req, {}, 0);
    for (let retries = 0; ; retries++) {
      const authorization = await auth.header();
      const start = await this.send(req, authorization !== undefined ? { authorization } : {}, 0);
      if (!start.ok || !isChallengedPurpose(req.purpose)) return start;
      const { run, response } = start;
      const challenge = challengeOf(response.status, response.headers.get('www-authenticate'));
      if (challenge === undefined) return start;
      response.cancel();
      const problem = challenge.status === 401 ? 'unauthorized' : 'forbidden';
      if (retries > auth.maxAttempts) {
        run.fail({
          problem,
          message: `The server still refuses the request (HTTP ${challenge.status}) after ${retries} authorizations; mcpscope stops here rather than loop. See the Authorization view for each step.`,
        });
        return { ok: false, run };
      }
      // A token newer than the one refused (another request's flow just got it): just send again.
      const current = await auth.header();
      if (current !== undefined && current !== authorization) {
        run.done(`HTTP ${challenge.status} to an older token; sent again with the new one.`);
        continue;
      }
      run.done(`HTTP ${challenge.status} — authorization started, see the Authorization view.`);
      const waiting = new AbortController();
      this.waiting.add(waiting);
      run.onCancelAfterEnd = () => waiting.abort();
      // `attempt` tells the engine a refused retry from a new request's refusal.
      const outcome = await auth.challenge({ ...challenge, attempt: retries }, waiting.signal).finally(() => this.waiting.delete(waiting));
      if (outcome === undefined) return { ok: false, run }; // cancelled while waiting
      if (!outcome.retry) {
        run.refuse({ problem, message: outcome.message });
        return { ok: false, run };
      }
    }
  }

  /** One exchange (and its same-origin redirects), with `extra` headers (the token) shown masked. */
  private async send(req: ExchangeRequest, extra: Record<string, string>, hops: number): Promise<ExchangeStart> {
    const headers: Record<string, string> = { ...this.options.userHeaders, ...req.headers, ...extra };
    const shown: Array<[string, string]> = Object.entries(headers).map(([name, value]) => [
      name,
      name in this.options.userHeaders || isSecretHeaderName(name) ? maskHeaderValue(name, value) : value,
    ]);
    const run = new ExchangeRun(
      {
        id: this.options.nextExchangeId(),
        purpose: req.purpose,
        method: req.method,
        url: req.url,
        state: 'sending',
        carried: req.carried ?? [],
        requestHeaders: shown,
        requestBytes: req.body === undefined ? 0 : Buffer.byteLength(req.body),
        responseBytes: 0,
        messages: 0,
        startedAt: Date.now(),
        warnings: [...(req.warnings ?? [])],
        ...(req.modern ? { modern: true } : {}),
      },
      this.options.emit,
      (r) => this.active.delete(r),
    );
    this.active.add(run);
    req.onRun?.(run);
    run.report();
    const timeoutMs = req.headersTimeoutMs ?? this.options.headersTimeoutMs;
    let response: WireResponse;
    try {
      response = await send({
        method: req.method,
        url: req.url,
        headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        timeoutMs,
        connectTimeoutMs: Math.min(timeoutMs, this.options.connectTimeoutMs),
        signal: run.abort.signal,
      });
    } catch (err) {
      if (!run.ended) run.fail(err instanceof WireTimeout ? timeoutFailure(req.url, err.ms, err.phase) : networkFailure(err, req.url));
      return { ok: false, run };
    }
    if (run.ended) {
      response.cancel(); // cancelled while waiting
      return { ok: false, run };
    }
    run.received(response);
    const rec = run.record;
    rec.status = response.status;
    rec.statusText = response.statusText;
    rec.responseHeaders = response.headerPairs.map(([n, v]) => [n, isSecretHeaderName(n) ? maskHeaderValue(n, v) : v]);
    rec.headersMs = run.elapsed();
    if (response.status >= 300 && response.status < 400) return this.redirect(req, run, response, extra, hops);
    return { ok: true, run, response };
  }

  private async redirect(req: ExchangeRequest, run: ExchangeRun, response: WireResponse, extra: Record<string, string>, hops: number): Promise<ExchangeStart> {
    response.cancel();
    const location = response.headers.get('location');
    let target: URL | undefined;
    try {
      target = location ? new URL(location, req.url) : undefined;
    } catch {
      target = undefined;
    }
    const sameOrigin = target !== undefined && target.origin === new URL(req.url).origin;
    if ((response.status === 307 || response.status === 308) && target && sameOrigin && hops < MAX_REDIRECTS) {
      run.done(`Redirected to ${target.href}: followed (same origin, ${req.method} kept).`);
      return this.send({ ...req, url: target.href }, extra, hops + 1);
    }
    const why = !target
      ? 'without a usable Location header'
      : !sameOrigin
        ? `to another origin (${target.href}); mcpscope only sends to the URL you gave`
        : hops >= MAX_REDIRECTS
          ? `again (${target.href}) after ${hops} redirects`
          : `to ${target.href} with a status that would change the method`;
    run.fail({
      problem: 'redirect',
      message: `The server redirected ${req.method} ${req.url} (HTTP ${response.status}) ${why}. Not followed: put the final URL in the connection form if you trust it.`,
    });
    return { ok: false, run };
  }

  /** Read a whole body, bounded in size and time. */
  async readText(
    run: ExchangeRun,
    response: WireResponse,
    limit = this.options.maxBodyBytes,
  ): Promise<{ ok: true; text: string; invalidUtf8: boolean } | { ok: false }> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      run.stopReading();
    }, this.options.bodyTimeoutMs);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        run.record.responseBytes += chunk.byteLength;
        if (run.record.responseBytes > limit) {
          run.stopReading();
          run.fail({ problem: 'too-large', message: `The response body is over ${limit} bytes; mcpscope stopped reading it.` });
          return { ok: false };
        }
        chunks.push(chunk);
      }
    } catch (err) {
      if (!run.ended && !timedOut) {
        run.fail({ problem: 'network', message: `The connection dropped while reading the response body: ${networkFailure(err, run.record.url).message}` });
      }
      return { ok: false };
    } finally {
      clearTimeout(timer);
    }
    if (run.ended) return { ok: false }; // cancelled
    if (timedOut) {
      run.fail(timeoutFailure(run.record.url, this.options.bodyTimeoutMs, 'body'));
      return { ok: false };
    }
    const buffer = Buffer.concat(chunks);
    return { ok: true, text: buffer.toString('utf8'), invalidUtf8: !isUtf8(buffer) };
  }

  /** Feed an SSE body to `reader` until it ends; the run stays open for the caller to finish. */
  async readSse(run: ExchangeRun, response: WireResponse, reader: SseReader): Promise<StreamEnd> {
    run.streaming();
    const decoder = new TextDecoder();
    const sync = (): void => {
      run.record.events = reader.events;
      if (reader.lastEventId !== undefined) run.record.lastEventId = reader.lastEventId;
      if (reader.retryMs !== undefined) run.record.retryMs = reader.retryMs;
    };
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        run.record.responseBytes += chunk.byteLength;
        reader.feed(decoder.decode(chunk, { stream: true }));
        sync();
        if (reader.overflow) {
          run.stopReading();
          return 'overflow';
        }
        if (run.ended) return 'cancelled';
        run.progress();
        if (this.gate) await this.gate;
      }
      if (run.ended) return 'cancelled';
      reader.feed(decoder.decode());
      sync();
      return 'eof';
    } catch {
      sync();
      return run.ended ? 'cancelled' : 'dropped';
    }
  }

  /** Stop every exchange under way (their records end as cancelled), and every request waiting for authorization. */
  cancelAll(): void {
    for (const run of [...this.active]) run.cancel();
    for (const waiting of [...this.waiting]) waiting.abort();
    // A stream waiting at the gate must see its cancellation.
    this.resume();
  }
}

export function contentType(response: WireResponse): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}
