// One MCP connection through the mcpscope proxy: owns the WebSocket and the
// ClientSession, writes every frame to the log, and turns what the proxy
// reports into a status and, when things go wrong, a failure a person can act on.
// Framework-free: React reads it through the connection store.

import {
  ConnectionCore,
  ENVELOPE_SUBPROTOCOL,
  MAX_KEPT_LINE_BYTES,
  formatBytes,
  frameRequestId,
  TOKEN_SUBPROTOCOL_PREFIX,
  outputHeldNotice,
  parseProxyEnvelope,
  systemClock,
  type AuthFlowAction,
  type AuthFlowView,
  type ClientEnvelope,
  type ClientFeatures,
  type ClientSession,
  type Clock,
  type ProxyEnvelope,
  type RawBytes,
  type ServerRequestHandler,
  type TransportConfig,
  type UpstreamClose,
  type VersionChoice,
  type Frame,
  type RequestId,
  NEWEST_LEGACY_VERSION,
  plural,
} from '../../protocol/index.js';
import type { LogInput } from '../stores/log-store.js';
import {
  INITIALIZE_UNSUPPORTED,
  connectFailure,
  connectStepFailure,
  exitFailure,
  exitSentence,
  httpClosedFailure,
  lostFailure,
  proxyStoppedFailure,
  refusedFailure,
  serverLimitFailure,
  spawnFailure,
  withStderr,
  type ConnectionFailure,
} from './failures.js';
import { HttpSide, type HttpEvent } from './http-connection.js';
import type { ConnectionSnapshot } from './snapshot.js';
import { flowSentence } from './auth-flow-text.js';
import { SOCKET_OPEN, browserSocketFactory, type SocketFactory, type SocketLike } from './socket.js';

export const INITIALIZE_TIMEOUT_MS = 30_000;
/** WebSocket close code 1001: the proxy is shutting down. */
const GOING_AWAY = 1001;

export type { ConnectionSnapshot, ConnectionStatus } from './snapshot.js';

export interface ProxyConnectionOptions {
  url: string;
  token: string;
  transport: TransportConfig;
  /** A version, or Auto (probe with server/discover, fall back to initialize). */
  protocolVersion: VersionChoice;
  /** Auto only: send the server/discover probe first (default true). */
  probe?: boolean;
  /** The saved server's id, when this is one: its KEPT_SECRET values are filled in by the proxy. */
  savedServer?: string;
  connection: number;
  log: (input: LogInput) => void;
  /** HTTP exchanges and transport choices, for the Network view. */
  onHttp?: (event: HttpEvent) => void;
  /** OAuth: each snapshot of this connection's authorization flow. */
  onAuth?: (flow: AuthFlowView) => void;
  socketFactory?: SocketFactory;
  clock?: Clock;
  initializeTimeoutMs?: number;
  /** Answers to server→client requests, declared before connecting (see ClientSessionOptions.handlers). */
  handlers?: Readonly<Record<string, ServerRequestHandler>>;
  /** The client features switched on for this connection (see ClientSessionOptions.features). */
  features?: ClientFeatures;
}

export class ProxyConnection {
  private readonly core: ConnectionCore<string>;
  private readonly options: ProxyConnectionOptions;
  private readonly clock: Clock;
  private readonly startedAt: number;
  private readonly listeners = new Set<(s: ConnectionSnapshot) => void>();
  private socket: SocketLike | undefined;
  private socketOpened = false;
  private userEnded = false;
  private _snapshot: ConnectionSnapshot;
  private settle: (s: ConnectionSnapshot) => void = () => {};
  private readonly settled: Promise<ConnectionSnapshot>;
  private readonly http: HttpSide;
  /** Auto's probe, while connecting: its request id, to mark the request and its answer in the log. */
  private probeId: RequestId | undefined;
  /** Each OAuth flow's last state, so the log says each change of state once. */
  private readonly authStates = new Map<string, AuthFlowView['state']>();

  constructor(options: ProxyConnectionOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.startedAt = this.clock.now();
    this.settled = new Promise((resolve) => (this.settle = resolve));
    this.core = new ConnectionCore<string>({
      clock: this.clock,
      ...(options.handlers ? { handlers: options.handlers } : {}),
      ...(options.features ? { features: options.features } : {}),
      transport: { send: (raw) => this.sendFrame(raw), close: () => this.disconnect() },
      hooks: {
        sent: (raw, frame) => {
          this.log({ direction: 'out', raw, frame, ...this.probeMark(frame, 'out') });
          if (this._snapshot.status === 'initializing' && this.http.initializeId === undefined) {
            if (frame.kind === 'request' && frame.message.method === 'initialize') this.http.initializeId = frameRequestId(frame);
          }
        },
        received: (e, frame) => this.log({ direction: 'in', raw: e.text, frame, ...lineBytes(e), ...this.probeMark(frame, 'in') }),
        noise: (e) => {
          const note = this.options.transport.kind === 'http' ? 'A message from the server that is not JSON.' : 'A stdout line that is not JSON.';
          const bytes = lineBytes(e);
          this.log({ direction: 'noise', kind: 'noise', raw: e.text, ...bytes, note: bytes.note ? `${note} ${bytes.note}` : note });
        },
        oversize: (e) => this.log({ direction: 'in', kind: 'oversize', raw: `(${e.bytes} bytes, over the ${e.limit}-byte limit: not forwarded by the proxy)` }),
        stderr: (e) => this.log({ direction: 'stderr', kind: 'stderr', raw: e.line, ...lineBytes(e) }),
        exchange: (x, facts) => this.http.exchange(x, facts),
        mode: (mode, reason) => this.http.mode(mode, reason),
        requestFailed: (ids, problem, message) => this.http.requestFailed(ids, problem, message),
        closed: (close) => this.onServerClosed(close),
      },
    });
    this.session.on((e) => {
      if (e.type === 'state') this.update({ sessionState: e.state });
      // Modern: a result's _meta may rename the server, and a later server/discover refresh what it offers.
      if ((e.type === 'server-info' || e.type === 'initialized') && this._snapshot.status === 'ready') this.update({ info: this.session.info });
    });
    this._snapshot = {
      connection: options.connection,
      status: 'connecting',
      sessionState: this.session.state,
      // Auto offers the newest legacy version if the probe falls back; a modern session says its own once ready.
      offeredVersion: options.protocolVersion === 'auto' ? NEWEST_LEGACY_VERSION : options.protocolVersion,
      versionChoice: options.protocolVersion,
      transport: options.transport,
    };
    this.http = new HttpSide({
      log: (input) => this.log(input),
      info: () => this._snapshot.http,
      setInfo: (http) => this.update({ http }),
      initializing: () => this._snapshot.status === 'initializing',
      fail: (failure) => this.fail(failure),
      ...(options.onHttp ? { onHttp: options.onHttp } : {}),
    });
  }

  get session(): ClientSession {
    return this.core.session;
  }

  get snapshot(): ConnectionSnapshot {
    return this._snapshot;
  }

  /** Milliseconds since this connection started, on the session's clock. */
  elapsed(): number {
    return this.clock.now() - this.startedAt;
  }

  subscribe(listener: (s: ConnectionSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Open the socket and run the handshake; resolves once ready or closed (or waiting for the user's choice). */
  start(): Promise<ConnectionSnapshot> {
    if (this.socket) return this.settled;
    const { transport, token } = this.options;
    if (transport.kind === 'http') this.http.starting(transport);
    else this.system(`Starting the server over stdio: ${transport.command}${argCount(transport.args)}`, argvNote(transport.command, transport.args));
    const socket = (this.options.socketFactory ?? browserSocketFactory)(this.options.url, [ENVELOPE_SUBPROTOCOL, TOKEN_SUBPROTOCOL_PREFIX + token]);
    this.socket = socket;
    socket.onopen = () => {
      this.socketOpened = true;
      const { savedServer } = this.options;
      this.sendEnvelope({ type: 'open', transport, ...(savedServer !== undefined ? { savedServer } : {}) });
    };
    socket.onmessage = (event) => this.onMessage(event.data);
    socket.onclose = (event) => this.onSocketClose(event.code, event.reason);
    socket.onerror = () => {}; // Browsers give no details here; onclose follows.
    return this.settled;
  }

  /** After initialize was answered with -32601: treat the session as ready anyway. */
  continueWithoutInitialize(): void {
    if (this._snapshot.status === 'closed' || this._snapshot.initializeUnsupported === undefined) return;
    this.core.continueWithoutInitialize();
    this.system('Continuing without initialize: no protocol version or capabilities were negotiated; requests are sent as if the session were initialized.');
    this.update({ status: 'ready', initializeUnsupported: undefined, withoutInitialize: true });
  }

  /** The guided OAuth view's Next step, Run all or Cancel; false when the connection can no longer take it. */
  authAction(flowId: string, action: AuthFlowAction): boolean {
    if (this._snapshot.status === 'closed' || !this.socket || this.socket.readyState !== SOCKET_OPEN) return false;
    this.sendEnvelope({ type: 'auth', flowId, action });
    return true;
  }

  /** The user ends the connection: the proxy stops the process (stdio) or ends the session (HTTP). */
  disconnect(): void {
    if (this._snapshot.status === 'closed') return;
    this.userEnded = true;
    this.end({ endedBecause: 'You disconnected.' }, 'You disconnected.');
  }

  private onMessage(data: unknown): void {
    if (typeof data !== 'string') {
      this.system('The proxy sent a binary WebSocket message; mcpscope expects text envelopes. Ignored.');
      return;
    }
    const parsed = parseProxyEnvelope(data);
    if (!parsed.ok) {
      this.system(`Unreadable message from the proxy (${parsed.error}): ${data}`);
      return;
    }
    this.onEnvelope(parsed.value);
  }

  private onEnvelope(env: ProxyEnvelope): void {
    switch (env.type) {
      case 'opened':
        this.system(`Server started (pid ${env.pid}).`, argvNote(env.command, env.args));
        this.update({ status: 'initializing', pid: env.pid });
        void this.initialize();
        return;
      case 'http-opened':
        this.http.opened(env);
        this.update({ status: 'initializing' });
        void this.initialize();
        return;
      case 'message':
      case 'noise':
      case 'oversize':
      case 'stderr':
      case 'http':
      case 'http-mode':
      case 'request-failed':
      case 'close':
        // The upstream's own events, in their own shape: the core dispatches them.
        this.core.receive(env);
        return;
      case 'auth':
        this.onAuth(env.flow);
        return;
      case 'output-held':
        // Said where stderr shows (the Console), as mcpscope's own words (kind system), not the server's.
        this.log({ direction: 'stderr', kind: 'system', raw: outputHeldNotice(env) });
        return;
      case 'error':
        this.system(`Proxy error ${env.code}: ${env.message}`);
        if (env.code === 'spawn-failed') this.fail(spawnFailure(env.message));
        if (env.code === 'connect-failed') this.fail(connectFailure(env.message));
        if (env.code === 'server-limit') this.fail(serverLimitFailure(env.message));
        return;
    }
  }

  private async initialize(): Promise<void> {
    const step = await this.core.connect(this.options.protocolVersion, {
      timeoutMs: this.options.initializeTimeoutMs ?? INITIALIZE_TIMEOUT_MS,
      over: this.options.transport.kind,
      ...(this.options.probe === false ? { probe: false } : {}),
    });
    if (this._snapshot.status === 'closed') return; // The failure was already reported.
    if (step.kind === 'ready') {
      // How the era was chosen, when it was not by hand (a legacy version by hand is today's initialize).
      if (this.options.protocolVersion === 'auto' || step.era === 'modern') this.system(step.reason);
      this.update({ status: 'ready', info: step.info, offeredVersion: step.info.offeredVersion, era: step.era, reason: step.reason });
      this.settle(this._snapshot);
      return;
    }
    if (step.kind === 'unsupported') {
      this.system(INITIALIZE_UNSUPPORTED);
      this.update({ initializeUnsupported: INITIALIZE_UNSUPPORTED });
      this.settle(this._snapshot);
      return;
    }
    if (step.kind === 'version-unsupported') this.update({ versionUnsupported: { supported: step.supported } });
    this.fail(connectStepFailure(step, this.core.stderrTail()));
  }

  /** A snapshot of the OAuth flow: to the page, and a log line when its state changes. */
  private onAuth(flow: AuthFlowView): void {
    // The refused request waits for the flow (and the person in it): nothing times out meanwhile.
    this.session.holdDeadlines(flow.state === 'running' || flow.state === 'paused' || flow.state === 'waiting-for-user');
    const before = this.authStates.get(flow.flowId);
    this.authStates.set(flow.flowId, flow.state);
    if (before !== flow.state) {
      const line = authLogLine(flow, before === undefined);
      if (line !== undefined) this.system(line);
    }
    this.options.onAuth?.(flow);
  }

  /** `{ probe: true }` for Auto's server/discover probe and its answer, else nothing. */
  private probeMark(frame: Frame, direction: 'in' | 'out'): { probe?: true } {
    if (this.options.protocolVersion !== 'auto') return {};
    if (direction === 'out' && this._snapshot.status === 'initializing' && frame.kind === 'request' && frame.message.method === 'server/discover') {
      this.probeId ??= frameRequestId(frame);
    }
    const id = frame.kind === 'request' || frame.kind === 'response' || frame.kind === 'error' ? frameRequestId(frame) : undefined;
    return this.probeId !== undefined && id?.key === this.probeId.key ? { probe: true } : {};
  }

  private onServerClosed(env: UpstreamClose): void {
    const tail = this.core.stderrTail(undefined, env);
    this.system(exitSentence(env));
    if (this._snapshot.status === 'closed') return;
    if (this.options.transport.kind === 'http') {
      this.fail(httpClosedFailure(env.reason));
      return;
    }
    const duringStartup = this._snapshot.status !== 'ready';
    const failure = exitFailure(env, duringStartup, tail);
    // A clean exit after the session was up is an ending, not a failure.
    if (!duringStartup && env.code === 0) this.end({ endedBecause: failure.message }, failure.message);
    else this.fail(failure);
  }

  private onSocketClose(code: number, reason: string): void {
    this.detach();
    this.system(`WebSocket closed (code ${code}${reason ? `, ${reason}` : ''}).`);
    const proxyStopping = code === GOING_AWAY && this.socketOpened && !this.userEnded;
    if (this._snapshot.status === 'closed') {
      // A shutting-down proxy stops the server first; say why it stopped.
      if (proxyStopping && !this._snapshot.failure) this.update({ failure: proxyStoppedFailure(), endedBecause: undefined });
      return;
    }
    this.fail(proxyStopping ? proxyStoppedFailure() : this.socketOpened ? lostFailure() : refusedFailure());
  }

  private fail(failure: ConnectionFailure): void {
    if (this._snapshot.status === 'closed') return;
    this.end({ failure }, withStderr(`${failure.message}`, failure.stderrTail));
  }

  /** Move to closed once: fail every pending request with `message`, then let go of the socket. */
  private end(patch: Partial<ConnectionSnapshot>, message: string): void {
    this.update({ ...patch, status: 'closed' });
    this.session.close(message);
    const socket = this.socket;
    if (socket && socket.readyState === SOCKET_OPEN) {
      this.sendEnvelope({ type: 'close' });
      socket.close(1000, 'mcpscope: connection ended');
    }
    this.settle(this._snapshot);
  }

  private detach(): void {
    if (!this.socket) return;
    this.socket.onopen = this.socket.onmessage = this.socket.onclose = this.socket.onerror = null;
  }

  /** The session's transport: wrap each raw frame in a `send` envelope. Throws when not connected. */
  private sendFrame(raw: string): void {
    if (this._snapshot.status === 'closed' || !this.socket || this.socket.readyState !== SOCKET_OPEN) {
      throw new Error('Not connected to the proxy.');
    }
    this.sendEnvelope({ type: 'send', raw });
  }

  private sendEnvelope(env: ClientEnvelope): void {
    this.socket?.send(JSON.stringify(env));
  }

  private log(input: Omit<LogInput, 't' | 'connection'>): void {
    this.options.log({ ...input, t: this.elapsed(), connection: this.options.connection });
  }

  private system(raw: string, note?: string): void {
    this.log({ direction: 'system', kind: 'system', raw, ...(note !== undefined ? { note } : {}) });
  }

  private update(patch: Partial<ConnectionSnapshot>): void {
    this._snapshot = { ...this._snapshot, ...patch };
    for (const l of this.listeners) l(this._snapshot);
  }
}

/** What the log says when a flow starts or ends (the Authorization tab shows every step). */
function authLogLine(flow: AuthFlowView, started: boolean): string | undefined {
  switch (flow.state) {
    case 'authorized':
    case 'failed':
    case 'cancelled':
      return `OAuth: ${flowSentence(flow)}`;
    default:
      if (!started) return undefined;
      return `OAuth: the server asked for authorization (${flow.reason}); ${flow.mode === 'guided' ? 'guided' : 'quick'} flow started${flow.attempt > 1 ? `, attempt ${flow.attempt}` : ''}. Every step is in the Authorization tab.`;
  }
}

/** A line that was not valid UTF-8 keeps that mark (and its exact bytes) in the log. */
function lineBytes(env: RawBytes): Pick<LogInput, 'invalidUtf8' | 'bytes' | 'note'> {
  if (!env.invalidUtf8) return {};
  if (env.bytesNotKept !== undefined) {
    return {
      invalidUtf8: true,
      note: `Contained invalid UTF-8. Its exact bytes were not kept: at ${formatBytes(env.bytesNotKept)} the line is over the ${formatBytes(MAX_KEPT_LINE_BYTES)} limit, so only this text (with U+FFFD for the bad bytes) is logged and exported.`,
    };
  }
  return { invalidUtf8: true, note: 'Contained invalid UTF-8.', ...(env.bytes !== undefined ? { bytes: env.bytes } : {}) };
}

// The argument list goes in the note (shown in the detail view), not the row,
// so searching the log for something a server printed finds only what it printed.
function argCount(args: readonly string[]): string {
  return args.length === 0 ? '' : ` with ${plural(args.length, 'argument')}`;
}

function argvNote(command: string, args: readonly string[]): string {
  return `argv: ${JSON.stringify([command, ...args])}`;
}
