// OAuth on an HTTP connection: the Authorizer the bridge builds for
// it, seen from the HTTP client. Every request carries the current token; a
// request refused with 401 (or 403 insufficient_scope) waits for the flow and
// is sent again. Several requests refused at once share one flow.

import {
  isRecord,
  maskCredentials,
  modernFrameVersion,
  parseWwwAuthenticate,
  SecretValues,
  type AuthFlowView,
  type HttpAuthConfig,
  type HttpExchange,
  type HttpExchangePurpose,
} from '../../../src/protocol/wire.js';
import { MAX_AUTH_ATTEMPTS, type AuthChallenge, type AuthorizationOpener, type Authorizer, type ChallengeOutcome } from '../../auth/authorizer-types.js';

export { MAX_AUTH_ATTEMPTS };

/** What the HTTP upstream gives the bridge's factory to build one connection's Authorizer with. */
export interface AuthorizerHooks {
  serverUrl: string;
  config: HttpAuthConfig;
  protocolVersion: () => string | undefined;
  open: AuthorizationOpener;
  onFlow: (flow: AuthFlowView) => void;
  onExchange: (exchange: HttpExchange) => void;
  nextExchangeId: () => number;
  maxAttempts: number;
}

export type AuthorizerFactory = (hooks: AuthorizerHooks) => Authorizer;

/** The exchanges that carry MCP traffic: a refusal of one of them starts the flow. */
const CHALLENGED: ReadonlySet<HttpExchangePurpose> = new Set(['message', 'listen', 'resume', 'event-stream']);

export function isChallengedPurpose(purpose: HttpExchangePurpose): boolean {
  return CHALLENGED.has(purpose);
}

export function hasAuthorizationHeader(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
}

/** A 401, or a 403 whose Bearer challenge says insufficient_scope: a refusal OAuth can answer. */
export function challengeOf(status: number, wwwAuthenticate: string | null): AuthChallenge | undefined {
  const header = wwwAuthenticate ?? undefined;
  if (status === 401) return { status, ...(header !== undefined ? { wwwAuthenticate: header } : {}) };
  if (status === 403 && header !== undefined && parseWwwAuthenticate(header).bearer?.error === 'insufficient_scope') {
    return { status, wwwAuthenticate: header };
  }
  return undefined;
}

/** The protocol version a client frame asks for: initialize's protocolVersion, or a 2026-07-28 request's _meta. */
export function versionAsked(raw: string): string | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(frame) || typeof frame.method !== 'string') return undefined;
  const modern = modernFrameVersion(frame.params);
  if (modern !== undefined) return modern;
  if (frame.method === 'initialize' && isRecord(frame.params) && typeof frame.params.protocolVersion === 'string') return frame.params.protocolVersion;
  return undefined;
}

export class ConnectionAuth {
  private pending: Promise<ChallengeOutcome> | undefined;

  constructor(
    readonly authorizer: Authorizer,
    readonly maxAttempts: number,
  ) {}

  /** The credentials handed out on this connection: masked by value in a failed flow's message. */
  private readonly sent = new SecretValues();

  header(): Promise<string | undefined> {
    return this.authorizer
      .authorizationHeader()
      .then((header) => {
        this.sent.add(header?.replace(/^\S+ +/, ''));
        return header;
      })
      .catch(() => undefined);
  }

  /**
   * Run (or join) the flow for a refused request. `signal` ends the wait for this
   * request only (cancelled, connection closing): it then resolves to undefined.
   */
  async challenge(challenge: AuthChallenge, signal: AbortSignal): Promise<ChallengeOutcome | undefined> {
    this.pending ??= this.authorizer
      .handleChallenge(challenge)
      .catch((err: unknown): ChallengeOutcome => ({
        retry: false,
        message: `Authorization failed: ${maskCredentials(this.sent.mask(err instanceof Error ? err.message : String(err)))}`,
      }))
      .finally(() => (this.pending = undefined));
    if (signal.aborted) return undefined;
    const flow = this.pending;
    return new Promise((resolve) => {
      const onAbort = (): void => resolve(undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      void flow.then((outcome) => {
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      });
    });
  }

  dispose(): void {
    this.authorizer.dispose();
  }
}
