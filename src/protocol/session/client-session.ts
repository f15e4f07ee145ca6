// The client side of an MCP session, on the request engine: the era it speaks
// (initialize, or the modern `_meta` on every request), server/discover,
// what it declares and which server requests it answers, and multi-round
// requests.

import type { JsonRpcId } from '../jsonrpc/codec.js';
import { DEFAULT_PROTOCOL_VERSION, NEWEST_MODERN_VERSION, type LegacyProtocolVersion, type ProtocolEra } from '../versions.js';
import type {
  DiscoverInfo,
  Implementation,
  InitializeInfo,
  RequestOptions,
  RequestOutcome,
  SentRequest,
  ServerRequestAnswer,
  ServerRequestHandler,
  ServerRequestInfo,
  SessionState,
} from './types.js';
import { requestMultiRound, type MultiRoundOptions, type MultiRoundOutcome } from './multi-round.js';
import { DEFAULT_CLIENT_FEATURES, clientCapabilities, offeredFeatures, type ClientFeatures } from './client-capabilities.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION, resultServerInfo, withMeta } from '../mcp/modern-meta.js';
import { judgeDiscover, probeVerdict, type DiscoverAnswer, type DiscoverOptions } from './discover.js';
import type { LoggingLevel } from '../logging/levels.js';
import { MCPSCOPE_VERSION } from '../mcpscope-version.js';
import { RequestEngine, type RequestEngineOptions } from './request-engine.js';
import { modernInfo, outcomeMessage, parseInitializeResult } from './initialize-result.js';
import { ClientHandlers } from './client-handlers.js';
import { sendAllowed } from './send-policy.js';

export { DEFAULT_MAX_TOTAL_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from './request-engine.js';
export type { SentText } from './send-text.js';
export { outcomeMessage } from './initialize-result.js';
export type { DiscoverAnswer, DiscoverOptions } from './discover.js';

export interface ClientSessionOptions extends RequestEngineOptions {
  clientInfo?: Implementation;
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

/** What a request needs beyond its RequestOptions, inside the session. */
interface SendExtras {
  /** Carry the modern `_meta` of this version. */
  modernVersion?: string;
  cancelOnTimeout?: boolean;
}

export class ClientSession extends RequestEngine {
  private readonly clientInfo: Implementation;
  /** Multi-round requests, numbered for the log's grouping. */
  private nextConversation = 1;
  /** Resolves with close()'s message: a multi-round request stops waiting for its input answers then. */
  private readonly closedWith: Promise<string>;
  private markClosed: (message: string) => void = () => {};
  private readonly handlers: ClientHandlers;
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
    super(options);
    this.closedWith = new Promise((resolve) => (this.markClosed = resolve));
    this.clientInfo = options.clientInfo ?? { name: 'mcpscope', version: MCPSCOPE_VERSION };
    this.features = { ...(options.features ?? DEFAULT_CLIENT_FEATURES) };
    this.handlers = new ClientHandlers(this.features);
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

  /** The capabilities initialize declared, once it was sent. */
  get declaredCapabilities(): Readonly<Record<string, unknown>> | undefined {
    return this._declared;
  }

  /**
   * Answer a server→client request method (replaces the default -32601). Ignored for a method
   * whose feature is switched off: the server keeps getting -32601.
   */
  setRequestHandler(method: string, handler: ServerRequestHandler): void {
    this.handlers.set(method, handler);
  }

  /** Whether `method` may be sent now, and if not, why — the UI shows this on disabled buttons. */
  canSend(method: string): { ok: true } | { ok: false; reason: string } {
    return sendAllowed(method, { state: this._state, era: this._era, modernVersion: this._modernVersion });
  }

  /** Send a request and wait for its outcome. Never rejects. */
  request(method: string, params?: unknown, options: RequestOptions = {}): Promise<RequestOutcome> {
    const allowed = this.canSend(method);
    if (!allowed.ok) return Promise.resolve({ status: 'refused', message: allowed.reason });
    return this.send(method, params, options);
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
    const outcome = await this.send('initialize', { protocolVersion, capabilities: declared, clientInfo: this.clientInfo }, options);
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
    const outcome = await this.send('server/discover', undefined, { ...requestOptions, onSent }, { modernVersion: version, cancelOnTimeout: !probe });
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
   * Aborting `givenUp` gives the answer up: the handler's signal aborts (an open form is closed).
   */
  answerInputRequest(method: string, params: unknown, key = method, givenUp?: AbortSignal): Promise<ServerRequestAnswer> {
    return this.answerInput(key, method, params, givenUp);
  }

  /**
   * Skip the handshake (for servers that do not implement initialize): later
   * requests are sent as if the session were initialized.
   */
  markReadyWithoutInitialize(): void {
    if (this._state === 'closed') return;
    this.setState('ready');
  }

  /** A request of this session: in a modern era, with the `_meta` every request carries. */
  private send(method: string, params: unknown, options: RequestOptions, extras: SendExtras = {}): Promise<RequestOutcome> {
    const modernVersion = extras.modernVersion ?? (this._era === 'modern' ? this._modernVersion : undefined);
    if (modernVersion !== undefined) params = withMeta(params, this.modernMeta(modernVersion));
    return this.sendRequest(method, params, options, extras.cancelOnTimeout ?? method !== 'initialize');
  }

  protected override closing(message: string): void {
    this.setState('closed');
    this.markClosed(message);
  }

  protected override noteResult(result: unknown): void {
    if (this._era === 'modern') this.noteServerInfo(result);
  }

  protected answerRequest(method: string, params: unknown, info: ServerRequestInfo): ServerRequestAnswer | Promise<ServerRequestAnswer> {
    return this.handlers.answer(method, params, info, this._declared);
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
      const { maxRounds: _limit, onInputRequired: _never, signal: _cancelledById, ...plain } = options;
      return this.request(method, params, plain).then((outcome) => ({ ...outcome, rounds: 1, conversation: 0 }));
    }
    const conversation = this.nextConversation++;
    return requestMultiRound(
      {
        request: (m, p, o) => this.request(m, p, o),
        inputRefusal: (m) => this.handlers.refusal(m)?.error.message,
        answer: (m, p, key, givenUp) => this.answerInputRequest(m, p, key, givenUp),
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

  private setState(state: SessionState): void {
    if (this._state === state) return;
    this._state = state;
    this.emit({ type: 'state', state });
  }
}
