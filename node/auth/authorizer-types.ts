// The contract between the OAuth engine (authorizer.ts), the HTTP upstreams
// that call it on a 401/403, the proxy's /oauth/callback route, and the CLI.
// One Authorizer per connection; the CredentialStore and the CallbackRegistry
// are one per process (proxy or CLI run).

import type { AuthFlowAction, AuthFlowView, HttpAuthConfig, HttpExchange } from '../../src/protocol/wire.js';
import type { CredentialStore } from './credential-store.js';
import type { OAuthFetchPolicyOptions } from './fetch-policy.js';

/** What a refused MCP request said. */
export interface AuthChallenge {
  status: 401 | 403;
  /** WWW-Authenticate, every header line joined by ', ' (absent when the server sent none). */
  wwwAuthenticate?: string;
  /**
   * How many times this request was already sent again after a retry:true (0 on its first refusal).
   * Tells the answer to a retry from a new request's refusal; absent, the Authorizer guesses (see handleChallenge).
   */
  attempt?: number;
}

export type ChallengeOutcome =
  /** New (or refreshed) tokens: send the refused request again with authorizationHeader(). */
  | { retry: true }
  /** Give up on this request: `message` names the step and the rule (also in the flow view). */
  | { retry: false; message: string };

/**
 * Opens the authorization URL for a person, or follows it headlessly.
 * The proxy sends it to the page (which opens a new tab); the CLI follows an
 * auto-approving redirect itself, else prints the URL. Resolves when opened;
 * the code then arrives through the CallbackRegistry.
 */
export type AuthorizationOpener = (
  url: string,
  flow: AuthFlowView,
  /** The flow's fetch (fetch-policy.ts), for an opener that asks the authorization URL itself. */
  policyFetch: typeof fetch,
) => Promise<void>;

/** One pending authorization per state; the callback route (or the CLI's follower) delivers to it. */
export interface CallbackRegistry {
  /**
   * Wait for the callback of `state`; rejects when cancelled or after timeoutMs. `onRefused` hears of
   * each callback refused meanwhile (a state that matches nothing), with the count so far: it keeps waiting.
   */
  expect(state: string, timeoutMs: number, signal?: AbortSignal, onRefused?: (refused: number) => void): Promise<URL>;
  /**
   * A callback arrived (the whole URL the browser was sent to). Returns what to tell
   * the person in the tab: delivered, or why it matched no pending authorization.
   */
  deliver(url: URL): CallbackDelivery;
}

export type CallbackDelivery =
  /** Handed to the authorization waiting for its state. */
  | { delivered: true }
  /** Its state (wrong or missing) matched no authorization waiting: refused, no flow changed; `message` is for the tab. */
  | { delivered: false; message: string };

/** Whether a delivery reached the authorization it belongs to: else the tab shows `message`. */
export function callbackAccepted(d: CallbackDelivery): d is { delivered: true } {
  return d.delivered;
}

/** Authorizations (first + step-ups) one request may cause before giving up: the engine's default and the HTTP client's bound. */
export const MAX_AUTH_ATTEMPTS = 3;

export interface AuthorizerOptions {
  /** The MCP server URL: the protected resource. */
  serverUrl: string;
  config: HttpAuthConfig;
  /** The protocol version in use or asked for (decides the 2025-03-26 fallbacks, application_type, lint links). */
  protocolVersion: () => string | undefined;
  store: CredentialStore;
  callbacks: CallbackRegistry;
  /** Where the authorization server sends the person back: the proxy's http://127.0.0.1:PORT/oauth/callback (or the CLI's). */
  redirectUri: string;
  open: AuthorizationOpener;
  /** Every change of the flow, as a whole snapshot. */
  onFlow: (flow: AuthFlowView) => void;
  /** Every OAuth exchange also goes to the Network view: purpose 'oauth', authStep set, secrets masked. */
  onExchange: (exchange: HttpExchange) => void;
  /** Numbers exchanges with the connection's own HTTP exchanges. */
  nextExchangeId: () => number;
  /** How the policy resolves names and where it takes the MCP server to be (tests pretend a server on the internet). */
  fetchPolicy?: Omit<OAuthFetchPolicyOptions, 'serverUrl'>;
  /** Replaces the network altogether (the engine's tests against in-memory servers); otherwise every request goes through the fetch policy. */
  fetch?: typeof fetch;
  clock?: () => number;
  /** How long to wait for the person to approve (default 10 minutes). */
  callbackTimeoutMs?: number;
  /** Authorizations (first + step-ups) one request may cause before giving up (default MAX_AUTH_ATTEMPTS). */
  maxAttempts?: number;
}

export interface Authorizer {
  /**
   * `Bearer <token>` for the next request when tokens are held (refreshed first when expired, as a flow of
   * reason 'expired'); else undefined. Only Bearer tokens are used: a token of another type (DPoP) fails the flow's token step.
   */
  authorizationHeader(): Promise<string | undefined>;
  /**
   * A request was refused: run discovery → registration → authorization → token (or refresh, or step-up).
   * On retry:true the flow's 'retry' step is already 'done' ("sent again with the new token"): the caller
   * sends the request again with authorizationHeader() and, if that is refused too, calls handleChallenge
   * again, with `attempt`. The answer to a retry (attempt > 0; without `attempt`, a guess: a challenge
   * within 30 s of new tokens, still the ones held — pass `attempt` for a sequence of requests) is judged so:
   * a 401 fails the last flow's retry step ("the server refused the new token: …") after a full
   * authorization (after a refresh, the full flow follows); a 403 insufficient_scope steps up again until
   * maxAttempts authorizations. Concurrent calls share the running flow and its outcome.
   */
  handleChallenge(challenge: AuthChallenge): Promise<ChallengeOutcome>;
  /** Guided view controls; ignored for an unknown or finished flow. */
  control(flowId: string, action: AuthFlowAction): void;
  /** The latest flow, if any. */
  current(): AuthFlowView | undefined;
  /** Cancel a running flow (the connection is closing). */
  dispose(): void;
}
