// The client side of an MCP session, independent of transport and runtime:
// id allocation, pending requests with timeouts and cancellation, progress,
// the initialize handshake, and answers to requests the server sends.

import {
  ErrorCode,
  classifyFrame,
  makeError,
  makeNotification,
  makeRequest,
  makeResult,
  serializeMessage,
  type Frame,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type SingleFrame,
} from '../jsonrpc/codec.js';
import { RequestLedger, type LedgerRequest } from '../ledger/ledger.js';
import { frameRequestId, requestIdOf, type RequestId } from '../ledger/request-id.js';
import {
  DEFAULT_PROTOCOL_VERSION,
  NEWEST_MODERN_VERSION,
  isKnownProtocolVersion,
  isLegacyVersion,
  type LegacyProtocolVersion,
  type ProtocolEra,
  type ProtocolVersion,
} from '../versions.js';
import type {
  DiscoverInfo,
  Implementation,
  InitializeInfo,
  ProgressUpdate,
  ReceivedResponse,
  RequestOptions,
  RequestOutcome,
  SentRequest,
  ServerRequestAnswer,
  ServerRequestHandler,
  SessionEvent,
  SessionState,
} from './types.js';
import { isRecord } from '../json/guards.js';
import { systemClock, type Clock } from '../time/clock.js';
import { elicitationModeRefusal } from '../mcp/elicitation.js';
import { requestMultiRound, type MultiRoundOptions, type MultiRoundOutcome } from './multi-round.js';
import { DEFAULT_CLIENT_FEATURES, clientCapabilities, handlerEnabled, offeredFeatures, type ClientFeatures } from './client-capabilities.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION, resultServerInfo, withMeta } from '../mcp/modern-meta.js';
import { judgeDiscover, notInitializedHint, probeVerdict, type DiscoverJudgment } from './discover.js';
import type { LoggingLevel } from '../logging/levels.js';
import { MCPSCOPE_VERSION } from '../mcpscope-version.js';

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Progress may extend a request's deadline, but never past this. */
export const DEFAULT_MAX_TOTAL_TIMEOUT_MS = 10 * 60_000;

export interface ClientSessionOptions {
  /** Hands one raw JSON-RPC frame to the transport. May throw if the transport is gone. */
  send: (raw: string) => void;
  requestTimeoutMs?: number;
  maxTotalTimeoutMs?: number;
  clientInfo?: Implementation;
  clock?: Clock;
  /**
   * Answers to server→client requests (elicitation/create, sampling/createMessage, roots/list),
   * declared before connecting: initialize announces the capability of each, by construction.
   */
  handlers?: Readonly<Record<string, ServerRequestHandler>>;
  /**
   * The client features switched on (default DEFAULT_CLIENT_FEATURES): handlers of switched-off
   * features are not installed (the server gets -32601), and initialize declares only the rest.
   */
  features?: ClientFeatures;
}

interface Pending {
  request: SentRequest;
  startedAt: number;
  deadlineTimer: unknown;
  timeoutMs: number;
  progressToken?: string;
  onProgress?: (update: ProgressUpdate) => void;
  resolve: (outcome: RequestOutcome) => void;
  /** An answer came with this id in the other JSON type: said when the request times out. */
  mismatchedBy?: string;
  /** Send notifications/cancelled when it times out (not for initialize, nor Auto's probe of a maybe-legacy server). */
  cancelOnTimeout: boolean;
}

/** How server/discover ended; `judged` says what it tells about the server. */
export type DiscoverAnswer = { version: string; outcome: RequestOutcome; judged: DiscoverJudgment } & (
  { ok: true; info: DiscoverInfo } | { ok: false; message: string; supported?: string[] }
);

export interface DiscoverOptions extends RequestOptions {
  /** The version to ask with (default: the session's modern version, else the newest modern one). */
  version?: string;
  /** Auto's probe: emit `probe` events, and do not send notifications/cancelled on timeout. */
  probe?: boolean;
}

/** What a request needs beyond its RequestOptions, inside the session. */
interface SendExtras {
  /** Carry the modern `_meta` of this version. */
  modernVersion?: string;
  cancelOnTimeout?: boolean;
}

/** What sendText did: the requests it holds (each with its outcome to come) and a sentence. */
export interface SentText {
  sent: boolean;
  /** `id` as JSON.parse reads it; `requestId` keeps its spelling (an integer beyond 2^53 exact): cancel or fail by it. */
  requests: Array<{ id: JsonRpcId; requestId: RequestId; method: string; outcome: Promise<RequestOutcome> }>;
  message: string;
}

export class ClientSession {
  private readonly sendRaw: (raw: string) => void;
  private readonly clock: Clock;
  private readonly defaultTimeoutMs: number;
  private readonly maxTotalTimeoutMs: number;
  /** While true, no request times out (see holdDeadlines). */
  private deadlinesHeld = false;
  private readonly clientInfo: Implementation;
  private nextId = 1;
  private nextProgressToken = 1;
  /** Multi-round requests, numbered for the log's grouping. */
  private nextConversation = 1;
  /** Resolves with close()'s message: a multi-round request stops waiting for its input answers then. */
  private readonly closedWith: Promise<string>;
  private markClosed: (message: string) => void = () => {};
  /** Our requests: pairing, round trips, late and duplicate answers. */
  private readonly ledger = new RequestLedger<Pending>();
  private readonly listeners = new Set<(e: SessionEvent) => void>();
  private readonly handlers = new Map<string, ServerRequestHandler>();
  private _state: SessionState = 'new';
  private _info: InitializeInfo | undefined;
  private _era: ProtocolEra | undefined;
  /** Modern: the version every request declares. */
  private _modernVersion: string | undefined;
  private _logLevel: LoggingLevel | undefined;
  /** The last server/discover result, for the info useModern builds. */
  private _discovered: DiscoverInfo | undefined;
  /** The features switched on for this session. */
  readonly features: Readonly<ClientFeatures>;
  /** The capabilities the initialize request declared (what server requests are held to); none without initialize. */
  private _declared: Record<string, unknown> | undefined;

  constructor(options: ClientSessionOptions) {
    this.closedWith = new Promise((resolve) => (this.markClosed = resolve));
    this.sendRaw = options.send;
    this.clock = options.clock ?? systemClock;
    this.defaultTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.maxTotalTimeoutMs = options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS;
    this.clientInfo = options.clientInfo ?? { name: 'mcpscope', version: MCPSCOPE_VERSION };
    // Either side may ping at any time; the answer is an empty result.
    this.handlers.set('ping', () => ({ result: {} }));
    this.features = { ...(options.features ?? DEFAULT_CLIENT_FEATURES) };
    for (const [method, handler] of Object.entries(options.handlers ?? {})) this.setRequestHandler(method, handler);
  }

  get state(): SessionState {
    return this._state;
  }

  /** What initialize established (legacy) or server/discover said (modern), once known. */
  get info(): InitializeInfo | undefined {
    return this._info;
  }

  /** Which generation of the protocol this session speaks, once decided. */
  get era(): ProtocolEra | undefined {
    return this._era;
  }

  /** The version in use: the modern one requests declare, or the one initialize negotiated. */
  get protocolVersion(): string | undefined {
    return this._era === 'modern' ? this._modernVersion : this._info?.protocolVersion;
  }

  get pendingCount(): number {
    return this.ledger.pendingCount('client');
  }

  on(listener: (e: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The capabilities initialize declared, once it was sent. */
  get declaredCapabilities(): Readonly<Record<string, unknown>> | undefined {
    return this._declared;
  }

  /**
   * Answer a server→client request method (replaces the default -32601). Ignored for a method
   * whose feature is switched off: the server keeps getting -32601.
   */
  setRequestHandler(method: string, handler: ServerRequestHandler): void {
    if (handlerEnabled(method, this.features)) this.handlers.set(method, handler);
  }

  /** Whether `method` may be sent now, and if not, why — the UI shows this on disabled buttons. */
  canSend(method: string): { ok: true } | { ok: false; reason: string } {
    if (this._state === 'closed') return { ok: false, reason: 'The connection is closed. Connect again first.' };
    if (method === 'ping' || method === 'server/discover') return { ok: true };
    if (method === 'initialize' && this._era === 'modern') {
      return {
        ok: false,
        reason: `This session speaks ${this._modernVersion ?? 'a modern version'}, which has no initialize: each request carries its version in _meta.`,
      };
    }
    if (method === 'initialize') {
      return this._state === 'new' ? { ok: true } : { ok: false, reason: 'initialize was already sent in this session.' };
    }
    if (this._state !== 'ready') {
      return {
        ok: false,
        reason: 'Waiting for the initialize result: until it arrives a client may only send ping.',
      };
    }
    return { ok: true };
  }

  /** Send a request and wait for its outcome. Never rejects. */
  request(method: string, params?: unknown, options: RequestOptions = {}): Promise<RequestOutcome> {
    const allowed = this.canSend(method);
    if (!allowed.ok) return Promise.resolve({ status: 'refused', message: allowed.reason });
    return this.sendRequest(method, params, options);
  }

  /** Send a notification. Returns false if the transport refused it. */
  notify(method: string, params?: unknown): boolean {
    if (this._state === 'closed') return false;
    return this.trySend(serializeMessage(makeNotification(method, params)));
  }

  /** The initialize handshake; on success sends `notifications/initialized`. */
  async initialize(
    protocolVersion: LegacyProtocolVersion = DEFAULT_PROTOCOL_VERSION,
    capabilities: Record<string, unknown> = {},
    options: RequestOptions = {},
  ): Promise<{ ok: true; info: InitializeInfo; outcome: RequestOutcome } | { ok: false; message: string; outcome: RequestOutcome }> {
    const allowed = this.canSend('initialize');
    if (!allowed.ok) {
      return { ok: false, message: allowed.reason, outcome: { status: 'refused', message: allowed.reason } };
    }
    this.setState('initializing');
    // Declare what this session can answer: a feature switched on, with its handler, in the offered version.
    const declared = {
      ...clientCapabilities(
        protocolVersion,
        offeredFeatures(protocolVersion, this.features, (m) => this.handlers.has(m)),
      ),
      ...capabilities,
    };
    this._declared = declared;
    const outcome = await this.sendRequest('initialize', { protocolVersion, capabilities: declared, clientInfo: this.clientInfo }, options);
    if (this._state === 'closed') return { ok: false, message: outcomeMessage(outcome), outcome };
    if (outcome.status !== 'result') {
      this.setState('new');
      return { ok: false, message: outcomeMessage(outcome), outcome };
    }
    const parsed = parseInitializeResult(outcome.result, protocolVersion);
    if (!parsed.ok) {
      this.setState('new');
      return { ok: false, message: parsed.message, outcome };
    }
    this._info = parsed.info;
    this._era = 'legacy';
    this.notify('notifications/initialized');
    this.setState('ready');
    this.emit({ type: 'initialized', info: parsed.info });
    return { ok: true, info: parsed.info, outcome };
  }

  /**
   * Speak a modern version (2026-07-28): no handshake; from now on every request this session
   * builds carries protocolVersion, clientCapabilities, clientInfo (and logLevel, when set) in
   * `params._meta`. Frames typed by hand (sendText) go as typed; notifications carry none.
   */
  useModern(version: string): void {
    if (this._state === 'closed') return;
    this._era = 'modern';
    this._modernVersion = version;
    this._declared = this.modernCapabilities(version);
    this._info = modernInfo(version, this._discovered);
    this.setState('ready');
    this.emit({ type: 'initialized', info: this._info });
  }

  /** Modern: the minimum log level every request asks for (`_meta` logLevel); undefined: none. */
  setLogLevel(level: LoggingLevel | undefined): void {
    this._logLevel = level;
  }

  get logLevel(): LoggingLevel | undefined {
    return this._logLevel;
  }

  /**
   * Ask server/discover (2026-07-28), with the modern `_meta` of `options.version`. Allowed in any
   * state (it is Auto's probe, before anything else). In a modern session its info becomes the session's.
   */
  async discover(options: DiscoverOptions = {}): Promise<DiscoverAnswer> {
    const { version = this._modernVersion ?? NEWEST_MODERN_VERSION, probe = false, ...requestOptions } = options;
    const allowed = this.canSend('server/discover');
    if (!allowed.ok) {
      const outcome: RequestOutcome = { status: 'refused', message: allowed.reason };
      return { ok: false, version, message: allowed.reason, outcome, judged: { kind: 'gone', message: allowed.reason } };
    }
    let sentId: JsonRpcId | undefined;
    const onSent = (request: SentRequest) => {
      sentId = request.id;
      if (probe) this.emit({ type: 'probe', id: request.id, method: 'server/discover', phase: 'sent' });
      requestOptions.onSent?.(request);
    };
    const outcome = await this.sendRequest('server/discover', undefined, { ...requestOptions, onSent }, { modernVersion: version, cancelOnTimeout: !probe });
    const judged = judgeDiscover(outcome, this._state !== 'closed');
    if (probe && sentId !== undefined) this.emit({ type: 'probe', id: sentId, method: 'server/discover', phase: 'answered', verdict: probeVerdict(judged) });
    if (judged.kind === 'discovered') {
      this._discovered = judged.info;
      if (this._era === 'modern' && this._modernVersion !== undefined) {
        this._info = modernInfo(this._modernVersion, judged.info, this._info?.serverInfo);
        this.emit({ type: 'initialized', info: this._info });
      }
      return { ok: true, version, info: judged.info, outcome, judged };
    }
    const message = judged.kind === 'malformed' ? judged.message : outcomeMessage(outcome);
    if (judged.kind === 'modern-error' && judged.supported) return { ok: false, version, message, outcome, judged, supported: judged.supported };
    return { ok: false, version, message, outcome, judged };
  }

  /**
   * Answer one entry of a modern `inputRequests` (elicitation/create, sampling/createMessage,
   * roots/list) with the handler installed for that method, refused as a 2025 server request would be.
   */
  async answerInputRequest(method: string, params: unknown, key = method): Promise<ServerRequestAnswer> {
    try {
      return await this.runHandler(key, method, params);
    } catch (e) {
      return handlerFailed(method, e);
    }
  }

  /**
   * Skip the handshake (for servers that do not implement initialize): later
   * requests are sent as if the session were initialized.
   */
  markReadyWithoutInitialize(): void {
    if (this._state === 'closed') return;
    this.setState('ready');
  }

  /** Feed one raw frame received from the server (with its classification, when the caller has it). */
  receive(raw: string, frame: Frame = classifyFrame(raw)): void {
    if (this._state === 'closed') return;
    if (frame.kind === 'batch') {
      for (const item of frame.items) this.receiveOne(item, raw);
      return;
    }
    this.receiveOne(frame, raw);
  }

  /** The connection ended: every pending request fails now, with this message. */
  close(message: string): void {
    if (this._state === 'closed') return;
    this.setState('closed');
    for (const { data: p } of this.ledger.drain('client')) {
      this.clock.clearTimeout(p.deadlineTimer);
      p.resolve({ status: 'closed', request: p.request, message });
    }
    this.markClosed(message);
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

  private sendRequest(method: string, params: unknown, options: RequestOptions, extras: SendExtras = {}): Promise<RequestOutcome> {
    const id = this.nextId++;
    const modernVersion = extras.modernVersion ?? (this._era === 'modern' ? this._modernVersion : undefined);
    if (modernVersion !== undefined) params = withMeta(params, this.modernMeta(modernVersion));
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
      const pending: Pending = {
        request,
        startedAt: sentAt,
        deadlineTimer: undefined,
        timeoutMs,
        resolve,
        cancelOnTimeout: extras.cancelOnTimeout ?? method !== 'initialize',
      };
      if (progressToken !== undefined) pending.progressToken = progressToken;
      if (options.onProgress) pending.onProgress = options.onProgress;
      this.ledger.request('client', requestIdOf(id), method, sentAt, pending);
      this.startDeadline(pending, timeoutMs);
      if (!this.trySend(raw)) {
        this.ledger.expire('client', requestIdOf(id), sentAt);
        this.clock.clearTimeout(pending.deadlineTimer);
        resolve({ status: 'closed', request, message: 'The request could not be sent: the connection is gone.' });
        return;
      }
      options.onSent?.(request);
    });
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
    const sent = this._state !== 'closed' && this.trySend(cancelledNotification(pending.id, reason));
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
    if (this._state === 'closed') return { sent: false, requests: [], message: 'The connection is closed. Connect again first.' };
    const frame = classifyFrame(raw);
    const items = frame.kind === 'batch' ? frame.items : [frame];
    const requests: SentText['requests'] = [];
    const skipped: string[] = [];
    const sentAt = this.clock.now();
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    for (const item of items) {
      if (item.kind !== 'request') continue;
      const { id, method } = item.message;
      const ledgerId = frameRequestId(item)!;
      if (this.ledger.pendingRequest('client', ledgerId)) {
        skipped.push(`id ${ledgerId.text} is already waiting for an answer; a reply will go to that request`);
        continue;
      }
      // Keep our own ids clear of the ones typed by hand.
      if (typeof id === 'number' && id >= this.nextId) this.nextId = Math.floor(id) + 1;
      const request: SentRequest = { id, method, raw, sentAt };
      const outcome = new Promise<RequestOutcome>((resolve) => {
        const pending: Pending = { request, startedAt: sentAt, deadlineTimer: undefined, timeoutMs, resolve, cancelOnTimeout: method !== 'initialize' };
        const recorded = this.ledger.request('client', ledgerId, method, sentAt, pending);
        const early = recorded.answeredEarly;
        if (early?.frame && early.raw !== undefined && (early.frame.kind === 'response' || early.frame.kind === 'error')) {
          this.settle(recorded.request, early.frame, early.raw, early.at, 0);
          return;
        }
        this.startDeadline(pending, timeoutMs);
      });
      requests.push({ id, requestId: ledgerId, method, outcome });
    }
    if (!this.trySend(raw)) {
      for (const r of requests) this.failRequest(r.requestId, 'The frame could not be sent: the connection is gone.');
      return { sent: false, requests, message: 'The frame could not be sent: the connection is gone.' };
    }
    let message: string;
    if (frame.kind === 'invalid') message = `Sent as typed. It is not a valid JSON-RPC message (${frame.reason}), so no answer is tracked.`;
    else if (requests.length === 0 && skipped.length === 0) {
      message = 'Sent. It holds no request with an id (only notifications or responses), so no answer is due.';
    } else {
      message = `Sent; waiting for ${requests.length} answer${requests.length === 1 ? '' : 's'}.`;
    }
    if (skipped.length) message += ` Note: ${skipped.join('; ')}.`;
    return { sent: true, requests, message };
  }

  private trySend(raw: string): boolean {
    try {
      this.sendRaw(raw);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Hold every answer's deadline (true), or start them again (false). The server's answers
   * are held up for a known reason outside the wire — the OAuth flow waits for a person
   * (issue 12) — so no request times out meanwhile; once released, each pending request
   * gets its whole timeout again.
   */
  holdDeadlines(held: boolean): void {
    if (held === this.deadlinesHeld) return;
    this.deadlinesHeld = held;
    for (const { data: p } of this.ledger.pendingRequests('client')) {
      this.clock.clearTimeout(p.deadlineTimer);
      p.deadlineTimer = undefined;
      this.startDeadline(p, p.timeoutMs);
    }
  }

  /** Start (or, while deadlines are held, leave unset) the timer that times `p` out. */
  private startDeadline(p: Pending, ms: number): void {
    if (this.deadlinesHeld) return;
    p.deadlineTimer = this.clock.setTimeout(() => this.onTimeout(p.request.id), ms);
  }

  private onTimeout(id: JsonRpcId): void {
    const p = this.ledger.expire('client', requestIdOf(id), this.clock.now())?.data;
    if (!p) return;
    const elapsedMs = this.clock.now() - p.startedAt;
    // Timers fire a little late: say the timeout that was set, unless progress stretched it.
    const waited = elapsedMs - p.timeoutMs < 50 ? p.timeoutMs : Math.round(elapsedMs);
    let message = `No response to ${p.request.method} (id ${JSON.stringify(id)}) within ${waited} ms.`;
    if (p.mismatchedBy !== undefined) message += ` An answer came, but its ${p.mismatchedBy}: ids must keep their JSON type, so it answers nothing.`;
    // The initialize request must not be cancelled by clients.
    if (p.cancelOnTimeout) {
      this.notify('notifications/cancelled', {
        requestId: id,
        reason: `Timed out after ${Math.round(elapsedMs)} ms waiting for a response`,
      });
    }
    this.emit({ type: 'timeout', id, method: p.request.method, elapsedMs });
    p.resolve({ status: 'timeout', request: p.request, elapsedMs, message });
  }

  private receiveOne(frame: SingleFrame, raw: string): void {
    switch (frame.kind) {
      case 'response':
      case 'error':
        this.onResponse(frame, raw);
        return;
      case 'request':
        this.onServerRequest(frame.message.id, frame.message.method, frame.message.params, raw);
        return;
      case 'notification':
        this.onNotification(frame.message.method, frame.message.params, raw);
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
    if (frame.kind === 'response' && this._era === 'modern') this.noteServerInfo(frame.message.result);
    if (frame.kind === 'response') p.resolve({ status: 'result', request: p.request, response, result: frame.message.result, rttMs });
    else p.resolve({ status: 'error', request: p.request, response, error: frame.message.error, rttMs });
  }

  private onServerRequest(id: JsonRpcId, method: string, params: unknown, raw: string): void {
    const answer = this.runHandler(id, method, params);
    if (answer instanceof Promise)
      answer.then(
        (a) => this.answerServer(id, method, raw, a),
        (e: unknown) => this.answerServer(id, method, raw, handlerFailed(method, e)),
      );
    else this.answerServer(id, method, raw, answer);
  }

  /** Why this session would refuse a server request of `method` without asking anyone, or undefined. */
  private handlerRefusal(method: string): { error: JsonRpcErrorObject } | undefined {
    if (this.handlers.has(method)) return undefined;
    const why = handlerEnabled(method, this.features) ? 'mcpscope does not handle it' : "switched off in mcpscope's client capabilities";
    return { error: { code: ErrorCode.MethodNotFound, message: `Method not found: ${method} (${why})` } };
  }

  /** The installed handler's answer to a server→client request, or the refusal; never throws (a promise may reject). */
  private runHandler(id: JsonRpcId, method: string, params: unknown): ServerRequestAnswer | Promise<ServerRequestAnswer> {
    const refused = this.handlerRefusal(method);
    if (refused) return refused;
    const handler = this.handlers.get(method)!;
    // A mode the client did not declare is refused before anyone is asked (-32602, as the spec says).
    const refusal = method === 'elicitation/create' && this._declared ? elicitationModeRefusal(params, this._declared) : undefined;
    if (refusal !== undefined) return { error: { code: ErrorCode.InvalidParams, message: refusal } };
    try {
      return handler(params, { id });
    } catch (e) {
      return handlerFailed(method, e);
    }
  }

  /**
   * Send a request that may be answered with `input_required` (tools/call, prompts/get, resources/read) and follow
   * it to its final outcome: each round's input requests answered by the installed handlers, the request sent again
   * with their responses and the server's requestState. Each round emits an `input-round` event. Never rejects.
   * On a legacy session it is one plain request.
   */
  requestWithInput(method: string, params?: unknown, options: MultiRoundOptions = {}): Promise<MultiRoundOutcome> {
    // Only 2026-07-28 has multi-round requests: any other session sends one request, exactly as `request`.
    if (this._era !== 'modern') {
      const { maxRounds: _limit, onInputRequired: _never, ...plain } = options;
      return this.request(method, params, plain).then((outcome) => ({ ...outcome, rounds: 1, conversation: 0 }));
    }
    const conversation = this.nextConversation++;
    return requestMultiRound(
      {
        request: (m, p, o) => this.request(m, p, o),
        inputRefusal: (m) => this.handlerRefusal(m)?.error.message,
        answer: (m, p, key) => this.answerInputRequest(m, p, key),
        closed: this.closedWith,
        round: (r) => this.emit({ type: 'input-round', conversation: r.conversation, round: r.round, method: r.method, id: r.request.id }),
      },
      conversation,
      method,
      params,
      options,
    );
  }

  /** The modern capabilities: the features switched on, with their handlers, in this version's shape. */
  private modernCapabilities(version: string): Record<string, unknown> {
    return clientCapabilities(
      version,
      offeredFeatures(version, this.features, (m) => this.handlers.has(m)),
    );
  }

  /** The `_meta` fields every modern request carries. */
  private modernMeta(version: string): Record<string, unknown> {
    const meta: Record<string, unknown> = {
      [META_PROTOCOL_VERSION]: version,
      [META_CLIENT_CAPABILITIES]: version === this._modernVersion && this._declared ? this._declared : this.modernCapabilities(version),
      [META_CLIENT_INFO]: this.clientInfo,
    };
    if (this._logLevel !== undefined) meta[META_LOG_LEVEL] = this._logLevel;
    return meta;
  }

  /** A modern result may name the server in its `_meta`; the newest name is the one shown. */
  private noteServerInfo(result: unknown): void {
    const serverInfo = resultServerInfo(result);
    if (!serverInfo || !this._info || JSON.stringify(serverInfo) === JSON.stringify(this._info.serverInfo)) return;
    this._info = { ...this._info, serverInfo };
    this.emit({ type: 'server-info', serverInfo });
  }

  private answerServer(id: JsonRpcId, method: string, raw: string, answer: ServerRequestAnswer): void {
    if (this._state === 'closed') return;
    const reply = 'result' in answer ? makeResult(id, answer.result) : makeError(id, answer.error.code, answer.error.message, answer.error.data);
    this.trySend(serializeMessage(reply));
    this.emit({ type: 'server-request', id, method, answer: 'result' in answer ? 'result' : 'error', raw });
  }

  private onNotification(method: string, params: unknown, raw: string): void {
    if (method === 'notifications/progress' && isRecord(params)) this.onProgress(params);
    this.emit({ type: 'notification', method, params, raw });
  }

  private onProgress(params: Record<string, unknown>): void {
    const token = params.progressToken;
    for (const { data: p } of this.ledger.pendingRequests('client')) {
      if (p.progressToken === undefined || p.progressToken !== token) continue;
      const update: ProgressUpdate = { progress: typeof params.progress === 'number' ? params.progress : NaN };
      if (typeof params.total === 'number') update.total = params.total;
      if (typeof params.message === 'string') update.message = params.message;
      p.onProgress?.(update);
      // Progress resets the timeout, but never past the maximum total time.
      const now = this.clock.now();
      const remainingMax = p.startedAt + this.maxTotalTimeoutMs - now;
      const next = Math.min(p.timeoutMs, remainingMax);
      this.clock.clearTimeout(p.deadlineTimer);
      this.startDeadline(p, Math.max(0, next));
      return;
    }
  }

  private setState(state: SessionState): void {
    if (this._state === state) return;
    this._state = state;
    this.emit({ type: 'state', state });
  }

  private emit(e: SessionEvent): void {
    for (const l of this.listeners) l(e);
  }
}

function handlerFailed(method: string, e: unknown): ServerRequestAnswer {
  return { error: { code: ErrorCode.InternalError, message: `mcpscope failed to answer ${method}: ${e instanceof Error ? e.message : String(e)}` } };
}

function asRequestId(id: JsonRpcId | RequestId): RequestId {
  return typeof id === 'object' ? id : requestIdOf(id);
}

/** notifications/cancelled for `id`, written with the id's own spelling (JSON.stringify would round a big integer). */
function cancelledNotification(id: RequestId, reason: string | undefined): string {
  const why = reason === undefined ? '' : `,"reason":${JSON.stringify(reason)}`;
  return `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${id.text}${why}}}`;
}

export function outcomeMessage(outcome: RequestOutcome): string {
  switch (outcome.status) {
    case 'result':
      return 'ok';
    case 'error':
      return `The server answered with error ${outcome.error.code}: ${outcome.error.message}${notInitializedHint(outcome.request.raw, outcome.error)}`;
    case 'timeout':
    case 'closed':
    case 'refused':
    case 'cancelled':
    case 'stopped':
      return outcome.message;
  }
}

/** A modern session's info: from server/discover when it answered, else only the version. */
function modernInfo(version: string, discovered: DiscoverInfo | undefined, knownServer?: Implementation): InitializeInfo {
  const info: InitializeInfo = {
    offeredVersion: isKnownProtocolVersion(version) ? version : NEWEST_MODERN_VERSION,
    protocolVersion: version,
    versionSupported: isKnownProtocolVersion(version),
    capabilities: discovered?.capabilities ?? {},
    serverInfo: discovered?.serverInfo ?? knownServer ?? { name: '(unnamed server)', version: '(no version)' },
    era: 'modern',
  };
  if (discovered) info.supportedVersions = discovered.supportedVersions;
  if (discovered?.instructions !== undefined) info.instructions = discovered.instructions;
  return info;
}

function parseInitializeResult(result: unknown, offeredVersion: ProtocolVersion): { ok: true; info: InitializeInfo } | { ok: false; message: string } {
  if (!isRecord(result)) return { ok: false, message: 'The initialize result is not an object.' };
  if (typeof result.protocolVersion !== 'string') {
    return { ok: false, message: 'The initialize result has no protocolVersion string.' };
  }
  const serverInfo = isRecord(result.serverInfo) ? result.serverInfo : {};
  const info: InitializeInfo = {
    offeredVersion,
    protocolVersion: result.protocolVersion,
    versionSupported: isLegacyVersion(result.protocolVersion),
    capabilities: isRecord(result.capabilities) ? result.capabilities : {},
    serverInfo: {
      name: typeof serverInfo.name === 'string' ? serverInfo.name : '(unnamed server)',
      version: typeof serverInfo.version === 'string' ? serverInfo.version : '(no version)',
    },
    era: 'legacy',
  };
  if (typeof serverInfo.title === 'string') info.serverInfo.title = serverInfo.title;
  if (serverInfo.icons !== undefined) info.serverInfo.icons = serverInfo.icons;
  if (typeof result.instructions === 'string') info.instructions = result.instructions;
  return { ok: true, info };
}
