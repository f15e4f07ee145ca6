// How connecting is decided, once for the page and the CLI: how long Auto's
// server/discover probe may take, and why a connecting request failed (its cause).

import type { HttpProblem } from '../http/exchange.js';
import { requestIdOf } from '../ledger/request-id.js';
import { outcomeMessage } from '../session/client-session.js';
import type { RequestOutcome } from '../session/types.js';
import { bestMutualVersion } from '../versions.js';

/** A silent legacy stdio server costs Auto this long before it falls back to initialize. */
export const DEFAULT_PROBE_TIMEOUT_MS = 3_000;

/** How the server is reached, as far as connecting cares. */
export type ConnectOver = 'stdio' | 'http';

/**
 * How long a server/discover probe waits. An HTTP server always answers (a status, at least), so
 * the probe gets the whole connect timeout there; a legacy stdio server may stay silent, so at most
 * DEFAULT_PROBE_TIMEOUT_MS.
 */
export function probeTimeoutMs(over: ConnectOver | undefined, timeoutMs: number | undefined): number {
  if (timeoutMs === undefined) return DEFAULT_PROBE_TIMEOUT_MS;
  return over === 'http' ? timeoutMs : Math.min(timeoutMs, DEFAULT_PROBE_TIMEOUT_MS);
}

/** The request a connection fails at: initialize (legacy) or server/discover (modern, and Auto's probe). */
export type ConnectingRequest = 'initialize' | 'server/discover';

export type ConnectFailureCause =
  /** The server supports none of the versions this client could use, or not the one chosen. */
  | 'version-refused'
  /** A modern version was chosen by hand, and the server answered as one of the initialize era. */
  | 'not-modern'
  /** The HTTP request was refused for authorization (401 or 403, after an OAuth flow or without one). */
  | 'authorization'
  | 'timeout'
  /** initialize was answered with -32601: a bare JSON-RPC server. */
  | 'initialize-unsupported'
  /** No answer came: the HTTP exchange failed, or the server went away. */
  | 'transport'
  /** The server answered, with an error or with something that is no answer to the request. */
  | 'refused';

/** The causes of a connecting request that failed (the other two are steps of their own). */
export type FailedCause = Exclude<ConnectFailureCause, 'version-refused' | 'initialize-unsupported'>;

/** The HTTP problems that mean "not authorized", not "not this protocol". */
const AUTHORIZATION_PROBLEMS: ReadonlySet<HttpProblem> = new Set(['unauthorized', 'forbidden']);

/**
 * What the transport said about the requests it failed (request-failed events), by request id,
 * so a connecting request's failure is told apart: an authorization refusal is no protocol answer.
 */
export class FailedRequests {
  private readonly problems = new Map<string, HttpProblem>();

  failed(key: string, problem: HttpProblem): void {
    this.problems.set(key, problem);
  }

  /** The HTTP problem that failed this outcome's request, if the transport failed it. */
  problemOf(outcome: RequestOutcome): HttpProblem | undefined {
    if (outcome.status !== 'closed' || outcome.request === undefined) return undefined;
    return this.problems.get(requestIdOf(outcome.request.id).key);
  }

  /** The problem, when it is an authorization refusal. */
  authorizationProblem(outcome: RequestOutcome): HttpProblem | undefined {
    const problem = this.problemOf(outcome);
    return problem !== undefined && AUTHORIZATION_PROBLEMS.has(problem) ? problem : undefined;
  }

  /** The cause of a connecting request that got no usable answer. */
  causeOf(outcome: RequestOutcome): FailedCause {
    if (this.authorizationProblem(outcome) !== undefined) return 'authorization';
    switch (outcome.status) {
      case 'timeout':
        return 'timeout';
      case 'closed':
      case 'refused':
      case 'cancelled':
        return 'transport';
      default:
        return 'refused';
    }
  }
}

/** "The server did not answer initialize within 30 s." (under a second, in ms) */
export function noAnswerSentence(at: ConnectingRequest, timeoutMs: number): string {
  const within = timeoutMs < 1000 ? `${Math.round(timeoutMs)} ms` : `${Math.round(timeoutMs / 100) / 10} s`;
  return `The server did not answer ${at} within ${within}.`;
}

/** The server listed its versions, and `asked` is not one of them (or none is one mcpscope speaks). */
export function versionUnsupportedSentence(asked: string, supported: readonly string[]): string {
  const listed = supported.length > 0 ? supported.join(', ') : 'none';
  const usable = bestMutualVersion(supported);
  const what = usable === undefined ? 'none of them is a version mcpscope speaks' : `choose ${usable} to connect`;
  return `The server does not support ${asked}; it supports: ${listed} (${what}).`;
}

/** A modern error to server/discover that lists no versions: a modern server that refused. */
export function modernErrorSentence(outcome: RequestOutcome): string {
  return `The server answered server/discover with a modern error, so it speaks the 2026-07-28 generation, but refused: ${outcomeMessage(outcome)}`;
}
