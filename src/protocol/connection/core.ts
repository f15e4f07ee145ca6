// One MCP connection's core, shared by the page (over the proxy's WebSocket)
// and the CLI (over upstreams in-process): the session, the dispatch of
// upstream events to it, the stderr tail, HTTP exchange judging and the
// initialize / "does not implement initialize" decision. What differs (the
// page logs every frame, the CLI traces and lints) comes in through hooks.

import type { UpstreamClose, UpstreamEventOf } from '../envelope/upstream-event.js';
import type { HttpExchange, HttpProblem, ResolvedHttpMode } from '../http/exchange.js';
import { ErrorCode, classifyFrame, type Frame } from '../jsonrpc/codec.js';
import { requestIdFromText, type RequestId } from '../ledger/request-id.js';
import type { HttpExchangeFacts } from '../lint/transport.js';
import { NEWEST_LEGACY_VERSION, bestMutualVersion, isLegacyVersion, type LegacyProtocolVersion, type ProtocolEra, type VersionChoice } from '../versions.js';
import { ClientSession, outcomeMessage, type ClientSessionOptions, type DiscoverAnswer } from '../session/client-session.js';
import type { InitializeInfo, RequestOutcome } from '../session/types.js';
import {
  FailedRequests,
  modernErrorSentence,
  noAnswerSentence,
  probeTimeoutMs,
  versionUnsupportedSentence,
  type ConnectOver,
  type FailedCause,
  type ConnectingRequest,
} from './connect-policy.js';
import { ExchangeJudge } from './exchange-judge.js';
import { StderrTail, lastStderrLines } from './stderr-tail.js';

/** How frames reach the server: the proxy's WebSocket in the page, an upstream in the CLI. */
export interface ConnectionTransport {
  /** Hand one raw frame to the server. Throws when it cannot be sent now; a rejection is followed by a close event. */
  send(raw: string): void | Promise<void>;
  close(): void | Promise<void>;
}

/** What each side does with what the core sees; every hook is optional. */
export interface ConnectionHooks<B> {
  /** A frame the client sent, classified once. */
  sent?(raw: string, frame: Frame): void;
  /** A frame from the server, classified once; the session has not seen it yet. */
  received?(event: Extract<UpstreamEventOf<B>, { type: 'message' }>, frame: Frame): void;
  noise?(event: Extract<UpstreamEventOf<B>, { type: 'noise' }>): void;
  oversize?(event: Extract<UpstreamEventOf<B>, { type: 'oversize' }>): void;
  stderr?(event: Extract<UpstreamEventOf<B>, { type: 'stderr' }>): void;
  /** Each report of an exchange; `facts` is set once, when it has ended, for the linter. */
  exchange?(exchange: HttpExchange, facts: HttpExchangeFacts | undefined): void;
  mode?(mode: ResolvedHttpMode, reason: string): void;
  /** Return true to take over (e.g. the initialize request failed: end the connection); else each request fails alone. */
  requestFailed?(requestIds: RequestId[], problem: HttpProblem, message: string): boolean;
  /** The server went away; runs before the session closes, so a side may close it with its own sentence. */
  closed?(close: UpstreamClose): void;
}

export interface ConnectionCoreOptions<B> extends Omit<ClientSessionOptions, 'send'> {
  transport: ConnectionTransport;
  hooks?: ConnectionHooks<B>;
}

/** A connecting request that failed, with its cause (see connect-failure.ts for the words each side shows). */
export interface ConnectFailed {
  kind: 'failed';
  message: string;
  outcome: RequestOutcome;
  cause: FailedCause;
  at: ConnectingRequest;
  /** The transport's classification, when it failed the request (a 401 after a failed OAuth flow, say). */
  httpProblem?: HttpProblem;
}

/** How the initialize handshake ended. */
export type InitializeStep =
  | { kind: 'ready'; info: InitializeInfo }
  /** The server answered -32601: a bare JSON-RPC server; the user (or a flag) may carry on without it. */
  | { kind: 'unsupported'; message: string }
  | ConnectFailed;

/** How connecting ended, in either era. */
export type ConnectStep =
  /** `reason` says how the era was chosen, e.g. "Auto: server/discover got -32601, fell back to initialize". */
  | { kind: 'ready'; info: InitializeInfo; era: ProtocolEra; reason: string }
  | { kind: 'unsupported'; message: string }
  | ConnectFailed
  /** The server speaks none of the versions this client could use (or not the one chosen by hand). */
  | { kind: 'version-unsupported'; message: string; supported: string[] };

export interface ConnectOptions {
  timeoutMs?: number;
  /** Auto: probe with server/discover first (default true); false goes straight to initialize. */
  probe?: boolean;
  /** How the server is reached: decides how long Auto's probe waits (see probeTimeoutMs). */
  over?: ConnectOver;
  /** How long Auto waits for the probe before taking silence for a legacy server, when not the policy's. */
  probeTimeoutMs?: number;
}

export class ConnectionCore<B = unknown> {
  readonly session: ClientSession;
  private readonly stderrKept = new StderrTail();
  private readonly exchanges = new ExchangeJudge();
  private readonly failedRequests = new FailedRequests();
  private readonly transport: ConnectionTransport;
  private readonly hooks: ConnectionHooks<B>;
  private closedWith: string | undefined;

  constructor(options: ConnectionCoreOptions<B>) {
    const { transport, hooks = {}, ...session } = options;
    this.transport = transport;
    this.hooks = hooks;
    this.session = new ClientSession({ ...session, send: (raw) => this.send(raw) });
  }

  /** The server's closing sentence, once it went away on its own. */
  get closedBecause(): string | undefined {
    return this.closedWith;
  }

  /** The last stderr lines: the close event's own when it brought them, else what this side kept. */
  stderrTail(count?: number, close?: UpstreamClose): string[] {
    const tail = close && close.stderrTail.length > 0 ? close.stderrTail : this.stderrKept.lines();
    return count === undefined ? tail : tail.slice(-count);
  }

  /**
   * Connect in the era `choice` asks for. A legacy version: initialize, as always. A modern one:
   * server/discover, then every request carries `_meta`. Auto: the spec's backward-compatibility
   * probe — server/discover first; a DiscoverResult or a modern error means a modern server, any
   * other answer (or none in time, or a failed HTTP exchange) means legacy: initialize. A refusal
   * for authorization (401/403) answers nothing about the protocol: connecting ends there, in any era.
   * `over` decides how long the probe waits (connect-policy.ts).
   */
  async connect(choice: VersionChoice, options: ConnectOptions = {}): Promise<ConnectStep> {
    const { timeoutMs } = options;
    if (isLegacyVersion(choice)) return this.legacy(choice, timeoutMs, `${choice} was chosen: initialize`);
    if (choice !== 'auto') return this.modernByHand(choice, timeoutMs);
    if (options.probe === false) return this.legacy(NEWEST_LEGACY_VERSION, timeoutMs, 'Auto without the probe: initialize');
    const probe = await this.session.discover({ probe: true, timeoutMs: options.probeTimeoutMs ?? probeTimeoutMs(options.over, timeoutMs) });
    return this.afterProbe(probe, timeoutMs, true);
  }

  /** Auto decides from the probe's answer; `retry`: a -32022 may be followed once, with a version the server listed. */
  private async afterProbe(probe: DiscoverAnswer, timeoutMs: number | undefined, retry: boolean): Promise<ConnectStep> {
    // Refused for authorization: no answer about the protocol, so no fallback.
    const refused = this.authorizationRefused(probe.outcome);
    if (refused) return refused;
    const { judged } = probe;
    const asked = probe.version;
    switch (judged.kind) {
      case 'discovered': {
        const best = bestMutualVersion(judged.info.supportedVersions);
        if (best === undefined) return this.versionUnsupported(asked, judged.info.supportedVersions);
        if (isLegacyVersion(best)) return this.legacy(best, timeoutMs, `Auto: server/discover lists only ${best} of the versions mcpscope speaks: initialize`);
        if (best !== asked) {
          const again = await this.session.discover({ version: best, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
          return this.afterProbe(again, timeoutMs, false);
        }
        this.session.useModern(best);
        return this.ready('modern', `Auto: server/discover answered with ${best}`);
      }
      case 'malformed':
        if (judged.looksModern) {
          return this.failed(
            'server/discover',
            `Auto: the server answered server/discover as a modern server, but: ${judged.message}`,
            probe.outcome,
            'refused',
          );
        }
        return this.afterMalformedProbe(judged.message, probe.outcome, timeoutMs);
      case 'modern-error': {
        const supported = judged.supported;
        if (supported === undefined) return this.failed('server/discover', modernErrorSentence(probe.outcome), probe.outcome, 'refused');
        const best = bestMutualVersion(supported);
        if (best === undefined || !retry) return this.versionUnsupported(asked, supported);
        if (isLegacyVersion(best)) return this.legacy(best, timeoutMs, `Auto: server/discover got -32022; the server supports ${best}: initialize`);
        const again = await this.session.discover({ version: best, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
        return this.afterProbe(again, timeoutMs, false);
      }
      case 'legacy':
        return this.legacy(NEWEST_LEGACY_VERSION, timeoutMs, `Auto: ${judged.why}, fell back to initialize`);
      case 'gone':
        return this.failed('server/discover', judged.message, probe.outcome);
    }
  }

  /**
   * A result to server/discover that is no DiscoverResult: a modern server's bug, or a legacy server
   * that answers every method with a result (some do). Not silently: the reason says so, and when
   * initialize fails too, the failure names both.
   */
  private async afterMalformedProbe(problem: string, probeOutcome: RequestOutcome, timeoutMs: number | undefined): Promise<ConnectStep> {
    const reason = `Auto: server/discover was answered, but not with a DiscoverResult (${problem}); taken for a legacy server, fell back to initialize`;
    const step = await this.legacy(NEWEST_LEGACY_VERSION, timeoutMs, reason);
    if (step.kind === 'ready' || step.kind === 'version-unsupported') return step;
    const message = `Auto: ${problem} Nor did initialize work: ${step.message}`;
    if (step.kind === 'failed') return { ...step, message };
    return this.failed('initialize', message, probeOutcome, 'refused');
  }

  /** A modern version chosen by hand: server/discover, no fallback and no retry. */
  private async modernByHand(version: string, timeoutMs: number | undefined, retry = true): Promise<ConnectStep> {
    const answer = await this.session.discover({ version, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
    const refused = this.authorizationRefused(answer.outcome);
    if (refused) return refused;
    const { judged } = answer;
    switch (judged.kind) {
      case 'discovered':
        if (!judged.info.supportedVersions.includes(version)) return this.versionUnsupported(version, judged.info.supportedVersions);
        this.session.useModern(version);
        return this.ready('modern', `${version} was chosen: server/discover answered`);
      case 'malformed':
        return this.failed('server/discover', judged.message, answer.outcome, 'refused');
      case 'modern-error':
        // A -32022 that lists the very version asked for is retried once with it; another version is the person's choice.
        if (retry && judged.supported?.includes(version)) return this.modernByHand(version, timeoutMs, false);
        if (judged.supported !== undefined) return this.versionUnsupported(version, judged.supported);
        return this.failed('server/discover', modernErrorSentence(answer.outcome), answer.outcome, 'refused');
      case 'legacy':
        return this.failed('server/discover', `${judged.why}: this server does not seem to speak ${version}.`, answer.outcome, 'not-modern');
      case 'gone':
        return this.failed('server/discover', judged.message, answer.outcome);
    }
  }

  private versionUnsupported(asked: string, supported: readonly string[]): ConnectStep {
    return { kind: 'version-unsupported', message: versionUnsupportedSentence(asked, supported), supported: [...supported] };
  }

  /** A connecting request's failure; its cause is read from the outcome unless given. */
  private failed(at: ConnectingRequest, message: string, outcome: RequestOutcome, cause?: ConnectFailed['cause']): ConnectFailed {
    const problem = this.failedRequests.problemOf(outcome);
    const decided = cause ?? this.failedRequests.causeOf(outcome);
    return { kind: 'failed', message, outcome, cause: decided, at, ...(problem !== undefined ? { httpProblem: problem } : {}) };
  }

  /** The transport refused the connecting request for authorization: the flow's (or the server's) sentence, once. */
  private authorizationRefused(outcome: RequestOutcome): ConnectFailed | undefined {
    if (this.failedRequests.authorizationProblem(outcome) === undefined) return undefined;
    return this.failed('server/discover', outcome.status === 'closed' ? outcome.message : outcomeMessage(outcome), outcome);
  }

  private async legacy(version: LegacyProtocolVersion, timeoutMs: number | undefined, reason: string): Promise<ConnectStep> {
    const step = await this.initialize(version, timeoutMs);
    return step.kind === 'ready' ? { kind: 'ready', info: step.info, era: 'legacy', reason } : step;
  }

  private ready(era: ProtocolEra, reason: string): ConnectStep {
    // useModern (or initialize) has just set it.
    const info = this.session.info!;
    return { kind: 'ready', info, era, reason };
  }

  /** Run the handshake and say how it ended; -32601 is told apart from other failures. */
  async initialize(version: LegacyProtocolVersion, timeoutMs?: number): Promise<InitializeStep> {
    const init = await this.session.initialize(version, {}, timeoutMs !== undefined ? { timeoutMs } : {});
    if (init.ok) return { kind: 'ready', info: init.info };
    if (init.outcome.status === 'error' && init.outcome.error.code === ErrorCode.MethodNotFound) {
      return { kind: 'unsupported', message: init.message };
    }
    const outcome = init.outcome;
    const message = outcome.status === 'timeout' ? noAnswerSentence('initialize', outcome.elapsedMs) : init.message;
    return this.failed('initialize', message, outcome);
  }

  /** After initialize was answered with -32601: requests go out as if the session were initialized. */
  continueWithoutInitialize(): void {
    this.session.markReadyWithoutInitialize();
  }

  /** One event from the upstream, in its own shape. */
  receive(event: UpstreamEventOf<B>): void {
    switch (event.type) {
      case 'message': {
        // Classified once: every reader gets the same frame.
        const frame = classifyFrame(event.text);
        this.hooks.received?.(event, frame);
        this.session.receive(event.text, frame);
        return;
      }
      case 'noise':
        this.hooks.noise?.(event);
        return;
      case 'oversize':
        this.hooks.oversize?.(event);
        return;
      case 'stderr':
        this.stderrKept.push(event.line);
        this.hooks.stderr?.(event);
        return;
      case 'http':
        this.hooks.exchange?.(event.exchange, this.exchanges.facts(event.exchange));
        return;
      case 'http-mode':
        this.exchanges.modeChosen(event.mode);
        this.hooks.mode?.(event.mode, event.reason);
        return;
      case 'request-failed': {
        const ids = event.idTexts.flatMap((text) => requestIdFromText(text) ?? []);
        for (const id of ids) this.failedRequests.failed(id.key, event.problem);
        if (this.hooks.requestFailed?.(ids, event.problem, event.message)) return;
        for (const id of ids) this.session.failRequest(id, event.message);
        return;
      }
      case 'close': {
        this.closedWith = event.reason;
        this.hooks.closed?.(event);
        this.session.close(event.reason + lastStderrLines(this.stderrTail(5, event)));
        return;
      }
    }
  }

  /** This side ends the connection. */
  async close(): Promise<void> {
    await this.transport.close();
  }

  private send(raw: string): void {
    if (this.closedWith !== undefined) throw new Error(`The connection closed. ${this.closedWith}`);
    const sending = this.transport.send(raw);
    this.hooks.sent?.(raw, classifyFrame(raw));
    sending?.catch(() => {
      // The close event that follows says why.
    });
  }
}
