// The request ledger: the one owner of request ids in a session. Each side's
// requests are recorded as they cross; each answer is judged against them
// once — paired (with its round-trip time), late, a duplicate, an id of the
// wrong JSON type, or an orphan. The session, the linter, the message log and
// the HTTP transports all read it, so they cannot disagree.

import type { SingleFrame } from '../jsonrpc/codec.js';
import { otherTypeKey, type RequestId } from './request-id.js';

/** Who sent a request: its answer comes from the other side. */
export type Side = 'client' | 'server';

export interface LedgerRequest<T> {
  id: RequestId;
  method: string;
  /** When it was recorded (ms, on the caller's clock). */
  at: number;
  /** The caller's own facts about the request (a log seq, a pending promise, …). */
  data: T;
}

/** What an answer is. Only `paired` settles a pending request. */
export type AnswerVerdict<T> =
  | { kind: 'paired'; request: LedgerRequest<T>; rttMs: number }
  /** The request was given up (timed out, cancelled, failed by the transport) before this came. */
  | { kind: 'late'; request: LedgerRequest<T>; rttMs: number; lateByMs: number }
  /** The request was already answered; `rttMs` is since the request, as for the first answer. */
  | { kind: 'duplicate'; request: LedgerRequest<T>; rttMs: number }
  /** A pending request has this id in the other JSON type ("7" for 7): ids must keep their type, so it is not paired. */
  | { kind: 'type-mismatch'; request: LedgerRequest<T> }
  /** No request has this id (it may still be recorded just after: see `request`). */
  | { kind: 'orphan' }
  /** The id is null or missing: nothing can be paired. */
  | { kind: 'unidentified' };

export interface RequestVerdict<T> {
  request: LedgerRequest<T>;
  /** The same side already used this id in this session. */
  reused: boolean;
  /** An answer that arrived before the request was recorded (a log written late): now paired with it. */
  answeredEarly?: EarlyAnswer;
}

/** An answer kept in case its request is recorded just after it, with what the caller needs to pair it then. */
export interface EarlyAnswer {
  at: number;
  /** The log's sequence number of the answer. */
  seq?: number;
  raw?: string;
  frame?: SingleFrame;
}

interface Settled<T> {
  request: LedgerRequest<T>;
  how: 'answered' | 'expired';
  at: number;
}

/** Settled requests remembered, per side, to tell late and duplicate answers from orphans. */
const SETTLED_MEMORY = 10_000;
const EARLY_MEMORY = 1_000;
/** An orphan answer pairs with a request recorded at most this long after it. */
export const EARLY_ANSWER_WINDOW_MS = 1_000;

const other = (side: Side): Side => (side === 'client' ? 'server' : 'client');

function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

export class RequestLedger<T = undefined> {
  private readonly pending: Record<Side, Map<string, LedgerRequest<T>>> = { client: new Map(), server: new Map() };
  private readonly settled: Record<Side, Map<string, Settled<T>>> = { client: new Map(), server: new Map() };
  private readonly used: Record<Side, Set<string>> = { client: new Set(), server: new Set() };
  /** Orphan answers by the side that sent them, in case their request is recorded next. */
  private readonly early: Record<Side, Map<string, EarlyAnswer>> = { client: new Map(), server: new Map() };

  /** `side` sent a request. */
  request(side: Side, id: RequestId, method: string, at: number, data: T): RequestVerdict<T> {
    const request: LedgerRequest<T> = { id, method, at, data };
    const reused = this.used[side].has(id.key);
    this.used[side].add(id.key);
    const early = this.early[other(side)].get(id.key);
    if (early !== undefined) {
      this.early[other(side)].delete(id.key);
      if (at - early.at <= EARLY_ANSWER_WINDOW_MS) {
        remember(this.settled[side], id.key, { request, how: 'answered', at: early.at }, SETTLED_MEMORY);
        return { request, reused, answeredEarly: early };
      }
    }
    this.pending[side].set(id.key, request);
    return { request, reused };
  }

  /** `side` sent an answer with this id (undefined when null or missing). */
  answer(side: Side, id: RequestId | undefined, at: number, keep: Omit<EarlyAnswer, 'at'> = {}): AnswerVerdict<T> {
    if (id === undefined) return { kind: 'unidentified' };
    const asker = other(side);
    const request = this.pending[asker].get(id.key);
    if (request !== undefined) {
      this.pending[asker].delete(id.key);
      remember(this.settled[asker], id.key, { request, how: 'answered', at }, SETTLED_MEMORY);
      return { kind: 'paired', request, rttMs: at - request.at };
    }
    const settled = this.settled[asker].get(id.key);
    if (settled !== undefined) {
      if (settled.how === 'answered') return { kind: 'duplicate', request: settled.request, rttMs: at - settled.request.at };
      remember(this.settled[asker], id.key, { ...settled, how: 'answered' }, SETTLED_MEMORY);
      return { kind: 'late', request: settled.request, rttMs: at - settled.request.at, lateByMs: at - settled.at };
    }
    const alternate = otherTypeKey(id);
    const sameDigits = alternate === undefined ? undefined : this.pending[asker].get(alternate);
    if (sameDigits !== undefined) return { kind: 'type-mismatch', request: sameDigits };
    remember(this.early[side], id.key, { ...keep, at }, EARLY_MEMORY);
    return { kind: 'orphan' };
  }

  /** Stop waiting for a request of `side` (timeout, cancel, transport failure); an answer after this is late. */
  expire(side: Side, id: RequestId, at: number): LedgerRequest<T> | undefined {
    const request = this.pending[side].get(id.key);
    if (request === undefined) return undefined;
    this.pending[side].delete(id.key);
    remember(this.settled[side], id.key, { request, how: 'expired', at }, SETTLED_MEMORY);
    return request;
  }

  /** The request of `side` still awaiting an answer under this id. */
  pendingRequest(side: Side, id: RequestId): LedgerRequest<T> | undefined {
    return this.pending[side].get(id.key);
  }

  /** Whether a request of `side` with this id was answered (or given up on) already. */
  isSettled(side: Side, id: RequestId): boolean {
    return this.settled[side].has(id.key);
  }

  /** Requests of `side` awaiting an answer, oldest first. */
  pendingRequests(side: Side): IterableIterator<LedgerRequest<T>> {
    return this.pending[side].values();
  }

  pendingCount(side: Side): number {
    return this.pending[side].size;
  }

  /** Forget the pending requests `keep` says no to (a log let go of them): no answer pairs with them. */
  forgetPending(keep: (request: LedgerRequest<T>) => boolean): void {
    for (const side of ['client', 'server'] as const) {
      for (const [key, request] of this.pending[side]) if (!keep(request)) this.pending[side].delete(key);
    }
  }

  /** Forget every pending request of `side` (the connection ended), returning them. */
  drain(side: Side): Array<LedgerRequest<T>> {
    const all = [...this.pending[side].values()];
    this.pending[side].clear();
    return all;
  }
}
