// Requests the server sends this client, while their handlers run. Each handler
// gets an AbortSignal, aborted when the server cancels that request
// (notifications/cancelled naming its id) or the connection closes. The answer
// to an aborted request is not sent: a receiver of a cancellation SHOULD NOT
// respond to the request, and a closed connection takes nothing.

import { ErrorCode, makeError, makeResult, serializeMessage, type JsonRpcId } from '../jsonrpc/codec.js';
import { isRecord } from '../json/guards.js';
import { requestIdOf } from '../ledger/request-id.js';
import type { ServerRequestAnswer, ServerRequestInfo, SessionEvent } from './types.js';

/** Why a handler's signal was aborted: its `reason`. */
export interface HandlerAbort {
  /** `given-up`: this client gave the answer up (the multi-round request it was asked for was cancelled). */
  kind: 'cancelled' | 'closed' | 'given-up';
  /** A sentence for the person: what happened to the request. */
  message: string;
}

/** The reason a handler's signal was aborted with, or undefined while it is not. */
export function handlerAbortOf(signal: AbortSignal): HandlerAbort | undefined {
  if (!signal.aborted) return undefined;
  const reason: unknown = signal.reason;
  if (isRecord(reason) && (reason.kind === 'cancelled' || reason.kind === 'closed' || reason.kind === 'given-up') && typeof reason.message === 'string') {
    return { kind: reason.kind, message: reason.message };
  }
  // Aborted by someone else (a client-side task's own controller): the work is no longer wanted.
  return { kind: 'cancelled', message: 'This request was cancelled before it was answered.' };
}

/** Runs `then` with why `signal` was aborted: when it is, or at once if it already was. */
export function whenHandlerAborted(signal: AbortSignal, then: (abort: HandlerAbort) => void): void {
  const already = handlerAbortOf(signal);
  if (already) then(already);
  else signal.addEventListener('abort', () => then(handlerAbortOf(signal)!), { once: true });
}

const CLOSED: HandlerAbort = { kind: 'closed', message: 'The connection closed before this request was answered.' };
const INPUT_GIVEN_UP: HandlerAbort = {
  kind: 'given-up',
  message: 'The request this input was asked for was cancelled between rounds, so this answer is no longer awaited.',
};

export interface IncomingDeps {
  /** The answer to a server request (the session's handlers, or its refusal). May throw. */
  answer(method: string, params: unknown, info: ServerRequestInfo): ServerRequestAnswer | Promise<ServerRequestAnswer>;
  /** Hands a frame to the transport; false if it could not. */
  send(raw: string): boolean;
  emit(e: SessionEvent): void;
}

interface Running {
  /** Undefined for an input request of a multi-round request, which has no id the server could cancel. */
  id: JsonRpcId | undefined;
  /** The id as the frame spelled it (an integer beyond 2^53 is matched by its digits). */
  idText?: string;
  method: string;
  /** Made when the handler first reads its signal: an AbortController costs more than answering a ping. */
  controller?: AbortController;
  aborted?: HandlerAbort;
}

function signalOf(entry: Running): AbortSignal {
  if (!entry.controller) {
    entry.controller = new AbortController();
    if (entry.aborted) entry.controller.abort(entry.aborted);
  }
  return entry.controller.signal;
}

/** What a handler is told; the signal is made when first read (`#entry` stays out of a spread copy). */
class HandlerInfo implements ServerRequestInfo {
  readonly #entry: Running;
  constructor(
    readonly id: JsonRpcId,
    entry: Running,
  ) {
    this.#entry = entry;
  }
  get signal(): AbortSignal {
    return signalOf(this.#entry);
  }
}

function abort(entry: Running, why: HandlerAbort): void {
  entry.aborted ??= why;
  entry.controller?.abort(why);
}

export function handlerFailed(method: string, e: unknown): ServerRequestAnswer {
  return { error: { code: ErrorCode.InternalError, message: `mcpscope failed to answer ${method}: ${e instanceof Error ? e.message : String(e)}` } };
}

export class IncomingRequests {
  /** Few at a time (a form or two left open): a set is searched faster than a map is kept. */
  private readonly running = new Set<Running>();
  private closed = false;

  constructor(private readonly deps: IncomingDeps) {}

  /** A request from the server: its handler runs now, and its answer goes back unless it was aborted first. */
  receive(id: JsonRpcId, idText: string | undefined, method: string, params: unknown, raw: string): void {
    const entry: Running = { id, method };
    if (idText !== undefined) entry.idText = idText;
    const answer = this.run(entry, id, params);
    if (answer instanceof Promise) {
      answer.then(
        (a) => this.reply(entry, raw, a),
        (e: unknown) => this.reply(entry, raw, handlerFailed(method, e)),
      );
    } else this.reply(entry, raw, answer);
  }

  /**
   * An input request of a multi-round request (2026-07-28), answered by the same handlers: its answer goes
   * into the next round's inputResponses, not on the wire. Its signal aborts when the connection closes, or
   * when `givenUp` aborts (the request it was asked for was cancelled between rounds).
   */
  async answerInput(key: JsonRpcId, method: string, params: unknown, givenUp?: AbortSignal): Promise<ServerRequestAnswer> {
    const entry: Running = { id: undefined, method };
    const giveUp = () => abort(entry, INPUT_GIVEN_UP);
    if (givenUp?.aborted === true) giveUp();
    else givenUp?.addEventListener('abort', giveUp, { once: true });
    try {
      return await this.run(entry, key, params);
    } catch (e) {
      return handlerFailed(method, e);
    } finally {
      this.running.delete(entry);
      givenUp?.removeEventListener('abort', giveUp);
    }
  }

  /** The server's notifications/cancelled: the handler of the request it names is aborted. */
  cancelled(params: unknown): void {
    if (!isRecord(params)) return;
    const named = params.requestId;
    if (typeof named !== 'string' && typeof named !== 'number') return;
    const key = requestIdOf(named).key;
    const reason = typeof params.reason === 'string' && params.reason !== '' ? ` Its reason: ${JSON.stringify(params.reason)}.` : '';
    const message = `The server cancelled this request (notifications/cancelled) before it was answered.${reason}`;
    for (const entry of this.running) {
      if (entry.id === undefined || requestIdOf(entry.id, entry.idText).key !== key) continue;
      this.running.delete(entry);
      abort(entry, { kind: 'cancelled', message });
      this.deps.emit({ type: 'server-cancelled', id: entry.id, method: entry.method, message });
    }
  }

  /** The connection ended: every handler still running is aborted. */
  close(): void {
    this.closed = true;
    const all = [...this.running];
    this.running.clear();
    for (const entry of all) abort(entry, CLOSED);
  }

  /** The handler's answer, or its failure as an answer; never throws (a promise may reject). */
  private run(entry: Running, id: JsonRpcId, params: unknown): ServerRequestAnswer | Promise<ServerRequestAnswer> {
    // Asked after the close (an input request of a task still polled): its signal is aborted from the start.
    if (this.closed) abort(entry, CLOSED);
    let answer: ServerRequestAnswer | Promise<ServerRequestAnswer>;
    try {
      answer = this.deps.answer(entry.method, params, new HandlerInfo(id, entry));
    } catch (e) {
      return handlerFailed(entry.method, e);
    }
    // Only a handler that takes its time can be cancelled or closed on: nothing arrives while one runs synchronously.
    if (answer instanceof Promise && !this.closed) this.running.add(entry);
    return answer;
  }

  private reply(entry: Running, raw: string, answer: ServerRequestAnswer): void {
    this.running.delete(entry);
    if (entry.aborted !== undefined || entry.id === undefined) return;
    const id = entry.id;
    const reply = 'result' in answer ? makeResult(id, answer.result) : makeError(id, answer.error.code, answer.error.message, answer.error.data);
    this.deps.send(serializeMessage(reply));
    this.deps.emit({ type: 'server-request', id, method: entry.method, answer: 'result' in answer ? 'result' : 'error', raw });
  }
}
