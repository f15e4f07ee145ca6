// The request engine under the client session, independent of transport and
// runtime and of what MCP's requests mean: ids, pending requests on the ledger
// with their deadlines, progress, cancellation and transport failures, frames
// typed by hand, and what the server sends — answers paired, requests handed
// to the session's handlers (each with an AbortSignal), notifications passed on.

import { classifyFrame, makeNotification, makeRequest, serializeMessage, type Frame, type JsonRpcId, type SingleFrame } from '../jsonrpc/codec.js';
import { RequestLedger, type LedgerRequest } from '../ledger/ledger.js';
import { frameRequestId, requestIdOf, type RequestId } from '../ledger/request-id.js';
import { isRecord } from '../json/guards.js';
import { systemClock, type Clock } from '../time/clock.js';
import { IncomingRequests } from './incoming-requests.js';
import { PendingDeadlines, type Pending } from './pending-deadlines.js';
import { sendFrameText, type SentText } from './send-text.js';
import type { ReceivedResponse, RequestOptions, RequestOutcome, SentRequest, ServerRequestAnswer, ServerRequestInfo, SessionEvent } from './types.js';

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Progress may extend a request's deadline, but never past this. */
export const DEFAULT_MAX_TOTAL_TIMEOUT_MS = 10 * 60_000;

export interface RequestEngineOptions {
  /** Hands one raw JSON-RPC frame to the transport. May throw if the transport is gone. */
  send: (raw: string) => void;
  requestTimeoutMs?: number;
  maxTotalTimeoutMs?: number;
  clock?: Clock;
}

export abstract class RequestEngine {
  private readonly sendRaw: (raw: string) => void;
  protected readonly clock: Clock;
  private readonly defaultTimeoutMs: number;
  private nextId = 1;
  private nextProgressToken = 1;
  /** Our requests: pairing, round trips, late and duplicate answers. */
  private readonly ledger = new RequestLedger<Pending>();
  private readonly deadlines: PendingDeadlines;
  private readonly incoming: IncomingRequests;
  private readonly listeners = new Set<(e: SessionEvent) => void>();
  private ended = false;

  constructor(options: RequestEngineOptions) {
    this.sendRaw = options.send;
    this.clock = options.clock ?? systemClock;
    this.defaultTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.deadlines = new PendingDeadlines({
      clock: this.clock,
      ledger: this.ledger,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS,
      timedOut: (p, elapsedMs, message) => this.timedOut(p, elapsedMs, message),
    });
    this.incoming = new IncomingRequests({
      answer: (method, params, info) => this.answerRequest(method, params, info),
      send: (raw) => !this.ended && this.trySend(raw),
      emit: (e) => this.emit(e),
    });
  }

  /** The answer to a request the server sent; `info.signal` aborts when the server cancels it or the connection closes. */
  protected abstract answerRequest(method: string, params: unknown, info: ServerRequestInfo): ServerRequestAnswer | Promise<ServerRequestAnswer>;

  /** A result was paired with one of our requests, just before its outcome resolves. */
  protected noteResult(_result: unknown): void {}

  /** close() has begun: nothing is sent from now on; pending requests are failed just after. */
  protected closing(_message: string): void {}

  get pendingCount(): number {
    return this.ledger.pendingCount('client');
  }

  on(listener: (e: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Send a notification. Returns false if the transport refused it. */
  notify(method: string, params?: unknown): boolean {
    if (this.ended) return false;
    return this.trySend(serializeMessage(makeNotification(method, params)));
  }

  /** Feed one raw frame received from the server (with its classification, when the caller has it). */
  receive(raw: string, frame: Frame = classifyFrame(raw)): void {
    if (this.ended) return;
    if (frame.kind === 'batch') {
      for (const item of frame.items) this.receiveOne(item, raw);
      return;
    }
    this.receiveOne(frame, raw);
  }

  /** The connection ended: every pending request fails now, with this message, and every running handler is aborted. */
  close(message: string): void {
    if (this.ended) return;
    this.ended = true;
    this.closing(message);
    for (const { data: p } of this.ledger.drain('client')) {
      this.clock.clearTimeout(p.deadlineTimer);
      p.resolve({ status: 'closed', request: p.request, message });
    }
    this.incoming.close();
    this.emit({ type: 'closed', message });
  }

  /**
   * The transport reports that this request can get no answer (an HTTP exchange
   * failed, say): stop waiting now and resolve it as `closed` with the transport's
   * sentence. False if `id` is not pending. Give a RequestId with the raw spelling
   * where the id came from text: an integer beyond 2^53 is matched by its digits.
   */
  failRequest(id: JsonRpcId | RequestId, message: string): boolean {
    const p = this.ledger.expire('client', asRequestId(id), this.clock.now())?.data;
    if (p === undefined) return false;
    this.clock.clearTimeout(p.deadlineTimer);
    p.resolve({ status: 'closed', request: p.request, message });
    return true;
  }

  /**
   * Stop waiting for a pending request: sends `notifications/cancelled {requestId, reason}`
   * and resolves it as `cancelled`. False if `id` is not pending (it already settled) or is
   * the initialize request, which clients must not cancel. The notification names the id as
   * the request spelled it, so an integer beyond 2^53 is not rounded into another request's.
   */
  cancel(id: JsonRpcId | RequestId, reason?: string): boolean {
    const pending = this.ledger.pendingRequest('client', asRequestId(id));
    const p = pending?.data;
    if (!pending || !p || p.request.method === 'initialize') return false;
    // A response may still cross the cancel on the wire; the ledger then calls it late, not an orphan.
    this.ledger.expire('client', pending.id, this.clock.now());
    this.clock.clearTimeout(p.deadlineTimer);
    const elapsedMs = this.clock.now() - p.startedAt;
    const sent = !this.ended && this.trySend(cancelledNotification(pending.id, reason));
    const message = sent
      ? `Cancelled ${p.request.method} (id ${pending.id.text}) after ${Math.round(elapsedMs)} ms; notifications/cancelled was sent.`
      : `Stopped waiting for ${p.request.method} (id ${pending.id.text}), but notifications/cancelled could not be sent: the connection is gone.`;
    p.resolve({ status: 'cancelled', request: p.request, elapsedMs, message });
    return true;
  }

  /**
   * Send any text as a frame, exactly as given (the raw composer): malformed, a
   * batch, a notification. Requests inside it are tracked like our own, so their
   * replies are paired, timed and never taken for orphans.
   */
  sendText(raw: string, options: { timeoutMs?: number } = {}): SentText {
    if (this.ended) return { sent: false, requests: [], message: 'The connection is closed. Connect again first.' };
    return sendFrameText(raw, options.timeoutMs ?? this.defaultTimeoutMs, {
      now: () => this.clock.now(),
      ledger: this.ledger,
      // Keep our own ids clear of the ones typed by hand.
      typedId: (id) => {
        if (typeof id === 'number' && id >= this.nextId) this.nextId = Math.floor(id) + 1;
      },
      settle: (entry, early) => this.settle(entry, early.frame, early.raw, early.at, 0),
      startDeadline: (p) => this.deadlines.start(p, p.timeoutMs),
      send: (text) => this.trySend(text),
      fail: (id, message) => this.failRequest(id, message),
    });
  }

  /**
   * Hold every answer's deadline (true), or start them again (false). The server's answers
   * are held up for a known reason outside the wire — the OAuth flow waits for a person —
   * so no request times out meanwhile; once released, each pending request gets its whole
   * timeout again.
   */
  holdDeadlines(held: boolean): void {
    this.deadlines.hold(held);
  }

  /** Send a request and wait for its outcome; `cancelOnTimeout` says whether a timeout sends notifications/cancelled. Never rejects. */
  protected sendRequest(method: string, params: unknown, options: RequestOptions, cancelOnTimeout: boolean): Promise<RequestOutcome> {
    const id = this.nextId++;
    let progressToken: string | undefined;
    if (options.onProgress) {
      progressToken = `mcpscope-${this.nextProgressToken++}`;
      const base = isRecord(params) ? params : {};
      const meta = isRecord(base._meta) ? base._meta : {};
      params = { ...base, _meta: { ...meta, progressToken } };
    }
    const raw = serializeMessage(makeRequest(id, method, params));
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    return new Promise<RequestOutcome>((resolve) => {
      const sentAt = this.clock.now();
      const request: SentRequest = { id, method, raw, sentAt };
      const pending: Pending = { request, startedAt: sentAt, deadlineTimer: undefined, timeoutMs, resolve, cancelOnTimeout };
      if (progressToken !== undefined) pending.progressToken = progressToken;
      if (options.onProgress) pending.onProgress = options.onProgress;
      this.ledger.request('client', requestIdOf(id), method, sentAt, pending);
      this.deadlines.start(pending, timeoutMs);
      if (!this.trySend(raw)) {
        this.ledger.expire('client', requestIdOf(id), sentAt);
        this.clock.clearTimeout(pending.deadlineTimer);
        resolve({ status: 'closed', request, message: 'The request could not be sent: the connection is gone.' });
        return;
      }
      options.onSent?.(request);
    });
  }

  /** Answer an input request of a multi-round request with the handlers (aborted by close only). */
  protected answerInput(key: JsonRpcId, method: string, params: unknown, givenUp?: AbortSignal): Promise<ServerRequestAnswer> {
    return this.incoming.answerInput(key, method, params, givenUp);
  }

  protected emit(e: SessionEvent): void {
    for (const l of this.listeners) l(e);
  }

  private trySend(raw: string): boolean {
    try {
      this.sendRaw(raw);
      return true;
    } catch {
      return false;
    }
  }

  private timedOut(p: Pending, elapsedMs: number, message: string): void {
    // The initialize request must not be cancelled by clients.
    if (p.cancelOnTimeout) {
      this.notify('notifications/cancelled', { requestId: p.request.id, reason: `Timed out after ${Math.round(elapsedMs)} ms waiting for a response` });
    }
    this.emit({ type: 'timeout', id: p.request.id, method: p.request.method, elapsedMs });
    p.resolve({ status: 'timeout', request: p.request, elapsedMs, message });
  }

  private receiveOne(frame: SingleFrame, raw: string): void {
    switch (frame.kind) {
      case 'response':
      case 'error':
        this.onResponse(frame, raw);
        return;
      case 'request':
        this.incoming.receive(frame.message.id, frame.idText, frame.message.method, frame.message.params, raw);
        return;
      case 'notification':
        if (frame.message.method === 'notifications/progress' && isRecord(frame.message.params)) this.deadlines.progress(frame.message.params);
        if (frame.message.method === 'notifications/cancelled') this.incoming.cancelled(frame.message.params);
        this.emit({ type: 'notification', method: frame.message.method, params: frame.message.params, raw });
        return;
      case 'invalid':
        this.emit({ type: 'invalid-frame', reason: frame.reason, raw });
        return;
    }
  }

  private onResponse(frame: Extract<SingleFrame, { kind: 'response' | 'error' }>, raw: string): void {
    const receivedAt = this.clock.now();
    const id = frame.message.id;
    const verdict = this.ledger.answer('server', frameRequestId(frame), receivedAt, { raw, frame });
    switch (verdict.kind) {
      case 'paired':
        this.clock.clearTimeout(verdict.request.data.deadlineTimer);
        this.settle(verdict.request, frame, raw, receivedAt, verdict.rttMs);
        return;
      case 'late':
        this.emit({ type: 'late-response', id: verdict.request.id.value, method: verdict.request.method, raw, lateByMs: verdict.lateByMs });
        return;
      case 'duplicate':
        this.emit({ type: 'duplicate-response', id: verdict.request.id.value, method: verdict.request.method, raw });
        return;
      case 'type-mismatch':
        verdict.request.data.mismatchedBy ??= `response id ${frameRequestId(frame)!.text} (${typeof id}) is not the request id ${verdict.request.id.text} (${typeof verdict.request.id.value})`;
        this.emit({ type: 'id-type-mismatch', requestId: verdict.request.id.value, responseId: id!, method: verdict.request.method });
        return;
      case 'orphan':
      case 'unidentified':
        this.emit({ type: 'orphan-response', id, raw });
        return;
    }
  }

  /** Resolve a request with the answer the ledger paired it with. */
  private settle(
    entry: LedgerRequest<Pending>,
    frame: Extract<SingleFrame, { kind: 'response' | 'error' }>,
    raw: string,
    receivedAt: number,
    rttMs: number,
  ): void {
    const p = entry.data;
    const response: ReceivedResponse = { raw, frame, receivedAt };
    if (frame.kind === 'response') {
      this.noteResult(frame.message.result);
      p.resolve({ status: 'result', request: p.request, response, result: frame.message.result, rttMs });
    } else p.resolve({ status: 'error', request: p.request, response, error: frame.message.error, rttMs });
  }
}

function asRequestId(id: JsonRpcId | RequestId): RequestId {
  return typeof id === 'object' ? id : requestIdOf(id);
}

/** notifications/cancelled for `id`, written with the id's own spelling (JSON.stringify would round a big integer). */
function cancelledNotification(id: RequestId, reason: string | undefined): string {
  const why = reason === undefined ? '' : `,"reason":${JSON.stringify(reason)}`;
  return `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${id.text}${why}}}`;
}
