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
import type { ProtocolVersion } from '../versions.js';
import { ClientSession, type ClientSessionOptions } from '../session/client-session.js';
import type { InitializeInfo, RequestOutcome } from '../session/types.js';
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

/** How the initialize handshake ended. */
export type InitializeStep =
  | { kind: 'ready'; info: InitializeInfo }
  /** The server answered -32601: a bare JSON-RPC server; the user (or a flag) may carry on without it. */
  | { kind: 'unsupported'; message: string }
  | { kind: 'failed'; message: string; outcome: RequestOutcome };

export class ConnectionCore<B = unknown> {
  readonly session: ClientSession;
  private readonly stderrKept = new StderrTail();
  private readonly exchanges = new ExchangeJudge();
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

  /** Run the handshake and say how it ended; -32601 is told apart from other failures. */
  async initialize(version: ProtocolVersion, timeoutMs?: number): Promise<InitializeStep> {
    const init = await this.session.initialize(version, {}, timeoutMs !== undefined ? { timeoutMs } : {});
    if (init.ok) return { kind: 'ready', info: init.info };
    if (init.outcome.status === 'error' && init.outcome.error.code === ErrorCode.MethodNotFound) {
      return { kind: 'unsupported', message: init.message };
    }
    return { kind: 'failed', message: init.message, outcome: init.outcome };
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
