// Multi-round requests (2026-07-28): a request whose result says
// `resultType: "input_required"` is answered by the client (each entry of
// `inputRequests` through the same handlers as a 2025 server request) and
// sent again with a new id, `inputResponses` under the server's keys and
// `requestState` echoed unchanged, until the server completes it, a round
// limit is hit, or the client cannot go on (then it says why and stops).

import { isRecord } from '../json/guards.js';
import { setOwn } from '../text/own.js';
import type { RequestOptions, RequestOutcome, SentRequest, ServerRequestAnswer } from './types.js';

export const INPUT_REQUIRED = 'input_required';
/** The only requests a server may answer with input_required. */
export const MULTI_ROUND_METHODS: readonly string[] = ['tools/call', 'prompts/get', 'resources/read'];
/** The server→client requests an `inputRequests` entry may carry. */
export const INPUT_REQUEST_METHODS: readonly string[] = ['elicitation/create', 'sampling/createMessage', 'roots/list'];
export const DEFAULT_MAX_ROUNDS = 10;

export interface InputRequest {
  method: string;
  params?: unknown;
}

export interface InputRequired {
  /** In the server's key order. */
  inputRequests?: Array<[key: string, request: InputRequest]>;
  requestState?: string;
}

/** Whether a result is an InputRequiredResult (a result without resultType is complete). */
export function isInputRequired(result: unknown): boolean {
  return isRecord(result) && result.resultType === INPUT_REQUIRED;
}

/** An input_required result's parts, or why the client cannot act on it. */
export function parseInputRequired(result: Record<string, unknown>): { ok: true; value: InputRequired } | { ok: false; message: string } {
  const value: InputRequired = {};
  if (Object.hasOwn(result, 'requestState')) {
    if (typeof result.requestState !== 'string') {
      return { ok: false, message: `its requestState is ${describeJsonType(result.requestState)}, not a string (the spec makes it an opaque string)` };
    }
    value.requestState = result.requestState;
  }
  if (Object.hasOwn(result, 'inputRequests')) {
    const requests = result.inputRequests;
    if (!isRecord(requests)) return { ok: false, message: `its inputRequests is ${describeJsonType(requests)}, not an object of input requests by key` };
    const entries: Array<[string, InputRequest]> = [];
    for (const [key, entry] of Object.entries(requests)) {
      if (!isRecord(entry) || typeof entry.method !== 'string') {
        return { ok: false, message: `its input request "${key}" is not a request object with a method` };
      }
      entries.push([key, Object.hasOwn(entry, 'params') ? { method: entry.method, params: entry.params } : { method: entry.method }]);
    }
    value.inputRequests = entries;
  }
  if (value.inputRequests === undefined && value.requestState === undefined) {
    return {
      ok: false,
      message: 'it has neither inputRequests nor requestState (the spec says it MUST have at least one), so a retry would be the same request again',
    };
  }
  return { ok: true, value };
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** One round of a conversation: the request of that round was handed to the transport. */
export interface ConversationRound {
  /** Numbered per session from 1. */
  conversation: number;
  /** 1 for the original request, 2 for the first retry, … */
  round: number;
  method: string;
  request: SentRequest;
}

export interface MultiRoundOptions extends RequestOptions {
  /** How many requests one conversation may send (default DEFAULT_MAX_ROUNDS). */
  maxRounds?: number;
  /** Round `round` was answered with input_required: its input requests (keys) are being answered now; no request is pending until the retry. */
  onInputRequired?: (round: number, keys: readonly string[]) => void;
  /**
   * Aborted: the conversation goes no further. An answer still awaited is given up and the next round is not sent
   * (cancelling the round in flight is the caller's, by its id from `onSent`).
   */
  signal?: AbortSignal;
}

/** The final outcome, with how many requests the conversation sent. */
export type MultiRoundOutcome = RequestOutcome & { rounds: number; conversation: number };

export interface MultiRoundDeps {
  request(method: string, params: unknown, options: RequestOptions): Promise<RequestOutcome>;
  /** Why this client cannot answer an input request of `method` (feature switched off, no handler), or undefined. */
  inputRefusal(method: string): string | undefined;
  /** `givenUp` aborts when the conversation is cancelled: the handler's own signal aborts with it (a form is closed). */
  answer(method: string, params: unknown, key: string, givenUp?: AbortSignal): Promise<ServerRequestAnswer>;
  /** Resolves with a sentence when the connection ends: an answer still awaited (a form left open) is given up. */
  closed?: Promise<string>;
  /** Each round's request, once sent: for the log's grouping. */
  round?(round: ConversationRound): void;
}

/**
 * Send `method` and follow input_required answers to the end. Never rejects. A result that is
 * not input_required (or any error, timeout…) ends the conversation as it came.
 */
export async function requestMultiRound(
  deps: MultiRoundDeps,
  conversation: number,
  method: string,
  params: unknown,
  options: MultiRoundOptions = {},
): Promise<MultiRoundOutcome> {
  const maxRounds = Math.max(1, options.maxRounds ?? DEFAULT_MAX_ROUNDS);
  const { maxRounds: _limit, onInputRequired, signal, ...requestOptions } = options;
  const base = isRecord(params) ? params : {};
  let retry: Record<string, unknown> = {};
  for (let round = 1; ; round++) {
    const sentParams = round === 1 ? params : { ...base, ...retry };
    const outcome = await deps.request(method, sentParams, {
      ...requestOptions,
      onSent: (request) => {
        deps.round?.({ conversation, round, method, request });
        requestOptions.onSent?.(request);
      },
    });
    const done = (o: RequestOutcome): MultiRoundOutcome => ({ ...o, rounds: round, conversation });
    if (outcome.status !== 'result' || !isInputRequired(outcome.result)) return done(outcome);
    const stop = (why: string): MultiRoundOutcome => done({ ...outcome, status: 'stopped', message: `${why}${roundsNote(round)}` });
    if (!MULTI_ROUND_METHODS.includes(method)) {
      return stop(
        `The server answered ${method} with input_required, which it MUST NOT: only tools/call, prompts/get and resources/read may ask for input. mcpscope did not retry.`,
      );
    }
    const parsed = parseInputRequired(outcome.result as Record<string, unknown>);
    if (!parsed.ok) return stop(`The server answered ${method} with input_required, but ${parsed.message}. mcpscope stopped.`);
    if (round >= maxRounds) {
      return stop(`The server asked for input ${round} times in a row; stopped — it may be looping (the limit is ${maxRounds} rounds).`);
    }
    if (signal?.aborted) return stop(CANCELLED_BETWEEN_ROUNDS);
    const keys = (parsed.value.inputRequests ?? []).map(([key]) => key);
    if (keys.length > 0) onInputRequired?.(round, keys);
    const responses = await answerAll(deps, method, parsed.value.inputRequests ?? [], signal);
    if ('closed' in responses) return done({ status: 'closed', request: outcome.request, message: `${responses.closed}${roundsNote(round)}` });
    if ('cancelled' in responses || signal?.aborted) return stop(CANCELLED_BETWEEN_ROUNDS);
    if (!responses.ok) return stop(responses.message);
    retry = {};
    if (parsed.value.inputRequests !== undefined) retry.inputResponses = responses.value;
    if (parsed.value.requestState !== undefined) retry.requestState = parsed.value.requestState;
  }
}

/** How a conversation cancelled between rounds (`signal`) stops: the start of its `stopped` outcome's message. */
export const CANCELLED_BETWEEN_ROUNDS = 'Cancelled between rounds: the server had asked for input, and mcpscope did not send the next round.';

/** Resolves when `signal` aborts (never, without one). */
const abortOf = (signal: AbortSignal | undefined): Promise<{ cancelled: true }> | undefined =>
  signal &&
  new Promise((resolve) => {
    if (signal.aborted) resolve({ cancelled: true });
    else signal.addEventListener('abort', () => resolve({ cancelled: true }), { once: true });
  });

function roundsNote(round: number): string {
  return round > 1 ? ` (after ${round} rounds)` : '';
}

/**
 * Each input request answered in turn (a person answers one question at a time). Every entry is checked
 * first, so nobody is asked a question whose answer could not be sent anyway.
 */
async function answerAll(
  deps: MultiRoundDeps,
  method: string,
  requests: ReadonlyArray<[string, InputRequest]>,
  signal: AbortSignal | undefined,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; message: string } | { closed: string } | { cancelled: true }> {
  for (const [key, request] of requests) {
    const refusal = INPUT_REQUEST_METHODS.includes(request.method)
      ? deps.inputRefusal(request.method)
      : `${request.method} is not a request a server may ask for in inputRequests (only ${INPUT_REQUEST_METHODS.join(', ')})`;
    if (refusal !== undefined)
      return { ok: false, message: `The server's input request "${key}" (${request.method}) for ${method} cannot be answered: ${refusal}. mcpscope stopped.` };
  }
  const value: Record<string, unknown> = {};
  const closed = deps.closed?.then((message) => ({ closed: message }));
  const cancelled = abortOf(signal);
  const givenUp = [closed, cancelled].filter((p) => p !== undefined);
  for (const [key, request] of requests) {
    const answer = await Promise.race([deps.answer(request.method, request.params, key, signal), ...givenUp]);
    if ('closed' in answer || 'cancelled' in answer) return answer;
    if ('error' in answer) {
      // InputResponses carry results only: there is no way to send an error back.
      return {
        ok: false,
        message: `The input request "${key}" (${request.method}) for ${method} was not answered: ${answer.error.message} (${answer.error.code}). An input response can only be a result, so mcpscope stopped.`,
      };
    }
    setOwn(value, key, answer.result);
  }
  return { ok: true, value };
}

/** A session that may follow multi-round requests (ClientSession does; a plain request-only fake does not). */
export interface InputFollowingSession {
  request(method: string, params?: unknown, options?: RequestOptions): Promise<RequestOutcome>;
  requestWithInput?(method: string, params?: unknown, options?: MultiRoundOptions): Promise<MultiRoundOutcome>;
}

/** Send a request that may be answered with input_required, through the session's requestWithInput when it has one. */
export function requestFollowingInput(
  session: InputFollowingSession,
  method: string,
  params: unknown,
  options: MultiRoundOptions = {},
): Promise<RequestOutcome & { rounds?: number }> {
  return session.requestWithInput ? session.requestWithInput(method, params, options) : session.request(method, params, options);
}
