// The OAuth flow as the page's guided view, the CLI and the Network view see
// it: numbered steps, each with its HTTP exchanges (secrets masked),
// what was learnt and the lint findings it raised. The proxy runs the flow and
// sends a fresh snapshot of this view on every change; tokens themselves never
// appear here (only masked, in exchange bodies).

import type { Finding } from '../lint/state.js';

/** The steps, in the order the flow runs them. */
export const AUTH_STEP_IDS = [
  /** The MCP request that was refused (401, or 403 insufficient_scope), and its WWW-Authenticate. */
  'challenge',
  /** RFC 9728 protected resource metadata. */
  'resource-metadata',
  /** RFC 8414 / OpenID authorization server metadata (or the 2025-03-26 fallbacks). */
  'authorization-server-metadata',
  /** Pre-registered client, Client ID Metadata Document, dynamic registration, or the stored one reused. */
  'registration',
  /** The authorization URL (PKCE S256, state, resource, scope), opened in a new tab. */
  'authorization',
  /** The redirect back to the proxy's /oauth/callback: state and iss checked. */
  'callback',
  /** The code redeemed at the token endpoint (or a refresh token used). */
  'token',
  /** The refused MCP request sent again with the new access token. */
  'retry',
] as const;

export type AuthStepId = (typeof AUTH_STEP_IDS)[number];

export type AuthStepState =
  /** Not reached yet. */
  | 'pending'
  | 'running'
  /** Guided mode: the step is ready to run and waits for Next step. */
  | 'ready'
  /** The authorization step waits for the person to approve in the other tab. */
  | 'waiting'
  | 'done'
  | 'failed'
  /** Not needed this time (stored client reused, refresh instead of authorization …): `summary` says why. */
  | 'skipped';

/** One HTTP exchange of the flow, as shown: URLs, headers and bodies already masked. */
export interface AuthExchangeView {
  method: string;
  url: string;
  /** Absent when no response came (`error` says why). */
  status?: number;
  requestHeaders?: Array<[string, string]>;
  requestBody?: string;
  responseHeaders?: Array<[string, string]>;
  /** The body (or its start), masked. */
  responseBody?: string;
  contentType?: string;
  /** Proxy clock, ms since the epoch. */
  startedAt: number;
  durationMs: number;
  error?: string;
}

export interface AuthStepView {
  id: AuthStepId;
  /** 1-based, as shown. */
  number: number;
  title: string;
  state: AuthStepState;
  /** One sentence: what this step did or found (or why it was skipped / failed). */
  summary?: string;
  /** What was learnt, as label → value pairs (issuer, scope, client id, token type, expiry …; never a secret). */
  learnt: Array<[string, string]>;
  exchanges: AuthExchangeView[];
  /** AUTH-* lint findings this step raised (authFindings), each with its spec link. */
  findings: Finding[];
  /** When failed: what went wrong and what to do, naming the step and the rule. */
  error?: string;
}

export type AuthFlowMode = 'guided' | 'quick';

export type AuthFlowState =
  | 'running'
  /** Guided mode: paused before the next step. */
  | 'paused'
  /** Waiting for the person to approve in the authorization tab. */
  | 'waiting-for-user'
  | 'authorized'
  | 'failed'
  | 'cancelled';

/** Why the flow started. */
export type AuthFlowReason = 'unauthorized' | 'insufficient-scope' | 'expired' | 'manual';

export interface AuthFlowView {
  /** Unique per flow within the proxy. */
  flowId: string;
  /** The MCP server URL (the protected resource). */
  serverUrl: string;
  mode: AuthFlowMode;
  reason: AuthFlowReason;
  state: AuthFlowState;
  steps: AuthStepView[];
  /** Set while (and after) the authorization step: the URL to open in a new tab (no secret in it: PKCE sends only the challenge). */
  authorizationUrl?: string;
  issuer?: string;
  /** The scope asked for (or granted, once known). */
  scope?: string;
  /** 1 for the first authorization of a request, 2… for step-ups; the flow stops at the limit. */
  attempt: number;
  /** The limit of `attempt` (first + step-ups), so the page can say "Step-up 2 of 3". */
  maxAttempts?: number;
  /** A sentence for the whole flow: the outcome or what to do now. */
  message?: string;
}

/** The token endpoint authentication methods a pre-registered client may use. */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

/** Why a Client ID Metadata Document URL cannot be a client_id (an https URL with a path), else undefined. */
export function clientMetadataUrlProblem(text: string): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url?.protocol === 'https:' && url.pathname !== '/') return undefined;
  return 'must be an https URL with a path (a Client ID Metadata Document)';
}

/** What the page (or CLI flags) tell the proxy about authorizing an HTTP connection. */
export interface HttpAuthConfig {
  /** 'off': a 401 stays a 401 (today's behaviour, e.g. with a hand-written Authorization header). */
  mode: AuthFlowMode | 'off';
  /** Pre-registered client credentials (else CIMD or dynamic registration). */
  clientId?: string;
  clientSecret?: string;
  /** client_secret_basic, client_secret_post or none. */
  tokenEndpointAuthMethod?: (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];
  /** An https URL of a Client ID Metadata Document, used as client_id where the authorization server supports it. */
  clientMetadataUrl?: string;
  /** Ask for this scope instead of the one the spec's selection strategy picks. */
  scope?: string;
}

/** Browser → proxy control of a running flow. */
export type AuthFlowAction = 'next' | 'run-all' | 'cancel';
