// The token half of the OAuth flow, after discovery: dynamic client
// registration or pre-registered credentials, the authorization URL (PKCE S256,
// state, RFC 8707 resource, scope), the callback checked (state, RFC 9207 iss)
// before the code is redeemed, and refresh. oauth4webapi does the protocol; this
// module keeps every HTTP exchange (secrets masked) and names the step that failed.
import * as oauth from 'oauth4webapi';
import {
  isRecord,
  isSecretHeaderName,
  maskHeaderValue,
  maskOAuthBody,
  maskOAuthUrl,
  type AuthorizationServerMetadata,
  type SecretValues,
} from '../../src/protocol/wire.js';
import { tokenEndpointAuthMethodOf, type ClientRegistration, type StoredTokens } from './credentials.js';
import { OAuthFetchRefused } from './fetch-policy.js';

/** The step of the flow an exchange or an error belongs to. */
export type OAuthFlowStep = 'registration' | 'authorization-response' | 'token' | 'refresh';

/** One HTTP exchange of the flow, as it may be shown: bodies and URLs masked. */
export interface OAuthFlowExchange {
  step: OAuthFlowStep;
  method: string;
  url: string;
  /** Absent when no answer came (network error). */
  status?: number;
  startedAt: number;
  durationMs: number;
  requestBody?: string;
  responseBody?: string;
  /** As sent and received; Authorization (Basic for client_secret_basic) and cookies masked. */
  requestHeaders?: Array<[string, string]>;
  responseHeaders?: Array<[string, string]>;
  /** The network error, when there was no answer. */
  error?: string;
}

export class OAuthFlowError extends Error {
  constructor(
    readonly step: OAuthFlowStep,
    message: string,
    /** The HTTP status of the failed exchange, when there was one. */
    readonly status?: number,
    /** The OAuth error code the server answered (RFC 6749 §5.2 `error`, or the authorization response's), when it sent one. */
    readonly oauthError?: string,
  ) {
    super(message);
    this.name = 'OAuthFlowError';
  }
}

/** What the authorization URL was built with; kept by the caller until the callback comes. */
export interface PendingAuthorization {
  url: string;
  state: string;
  codeVerifier: string;
  redirectUri: string;
  resource: string;
  scope?: string;
}

export type ApplicationType = 'native' | 'web';

export interface OAuthFlowOptions {
  metadata: AuthorizationServerMetadata;
  /** Every exchange is appended here, in order. */
  exchanges: OAuthFlowExchange[];
  /** The fetch policy's (fetch-policy.ts): every request of the flow goes through it. */
  fetch: typeof fetch;
  clock?: () => number;
  /** Every secret the flow sends or receives is added here, to be masked by value in what is shown. */
  secrets?: SecretValues;
}

export interface OAuthFlow {
  /** RFC 7591 registration; application_type as the 2026-07-28 spec requires (derived from the redirect URI unless given). */
  register(options: { redirectUri: string; clientName: string; scope?: string; applicationType?: ApplicationType }): Promise<ClientRegistration>;
  authorizationRequest(options: { client: ClientRegistration; redirectUri: string; resource: string; scope?: string }): Promise<PendingAuthorization>;
  /** Checks the callback URL (state, RFC 9207 iss, the server's error) without redeeming anything: its parameters, or an 'authorization-response' OAuthFlowError. */
  validateCallback(options: { client: ClientRegistration; pending: PendingAuthorization; callbackUrl: string | URL }): URLSearchParams;
  /** Redeems the code of a callback validateCallback accepted. */
  redeemCode(options: { client: ClientRegistration; pending: PendingAuthorization; params: URLSearchParams }): Promise<StoredTokens>;
  /** validateCallback, then redeemCode. */
  redeem(options: { client: ClientRegistration; pending: PendingAuthorization; callbackUrl: string | URL }): Promise<StoredTokens>;
  refresh(options: { client: ClientRegistration; tokens: StoredTokens }): Promise<StoredTokens>;
  /** The client_credentials grant (the OAuth client credentials extension): tokens for the client itself, no person. */
  clientCredentials(options: { client: ClientRegistration; resource: string; scope?: string }): Promise<StoredTokens>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Loopback and private-scheme redirects are a native app's (OIDC Dynamic Registration); others a web app's. */
export function applicationTypeFor(redirectUri: string): ApplicationType {
  const url = new URL(redirectUri);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'native';
  return LOOPBACK.has(url.hostname) ? 'native' : 'web';
}

export function createOAuthFlow(options: OAuthFlowOptions): OAuthFlow {
  const { metadata, exchanges } = options;
  const keepSecret = (...values: Array<string | null | undefined>): void => options.secrets?.add(...values);
  const clock = options.clock ?? Date.now;
  const doFetch = options.fetch;
  const as: oauth.AuthorizationServer = {
    ...(metadata.document as Partial<oauth.AuthorizationServer>),
    issuer: metadata.issuer,
    authorization_endpoint: metadata.authorizationEndpoint,
    token_endpoint: metadata.tokenEndpoint,
    ...(metadata.registrationEndpoint !== undefined && { registration_endpoint: metadata.registrationEndpoint }),
  };
  // Plain http only to a loopback authorization server (local development and tests).
  const insecure = new URL(metadata.issuer).protocol === 'http:' && LOOPBACK.has(new URL(metadata.issuer).hostname);

  const requestOptions = (step: OAuthFlowStep) => ({
    ...(insecure && { [oauth.allowInsecureRequests]: true }),
    [oauth.customFetch]: async (url: string, init: oauth.CustomFetchOptions<string, unknown>): Promise<Response> => {
      const startedAt = clock();
      const requestBody = typeof init.body === 'string' ? init.body : init.body instanceof URLSearchParams ? init.body.toString() : undefined;
      const base = {
        step,
        method: init.method,
        url: maskOAuthUrl(url),
        startedAt,
        requestHeaders: shownHeaders(Object.entries(init.headers)),
        ...(requestBody !== undefined && { requestBody: maskOAuthBody(requestBody, init.headers['content-type']) }),
      };
      let response: Response;
      try {
        // init is oauth4webapi's own fetch options; the cast only widens its body type to fetch's.
        response = await doFetch(url, init as RequestInit);
      } catch (error) {
        exchanges.push({ ...base, durationMs: clock() - startedAt, error: messageOf(error) });
        throw error;
      }
      const answered = { ...base, status: response.status, responseHeaders: shownHeaders([...response.headers]) };
      let text: string;
      try {
        // Read whole here (the policy bounds it), so a body too large fails with the status it came with.
        text = await response.text();
      } catch (error) {
        exchanges.push({ ...answered, durationMs: clock() - startedAt, error: messageOf(error) });
        throw error;
      }
      exchanges.push({ ...answered, durationMs: clock() - startedAt, responseBody: maskOAuthBody(text, response.headers.get('content-type') ?? undefined) });
      // 204, 205 and 304 may carry no body, not even an empty one.
      const body = [204, 205, 304].includes(response.status) ? null : text;
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  });

  /** oauth4webapi's error for a step, as one sentence naming the step, the status and the server's own words. */
  const failure = (step: OAuthFlowStep, what: string, endpoint: string, error: unknown, since: number): OAuthFlowError => {
    if (error instanceof OAuthFlowError) return error;
    // Only this attempt's exchange counts (the list holds earlier steps too).
    const exchange = exchanges.slice(since).find((e) => e.step === step);
    const status = exchange?.status;
    let detail: string;
    const oauthError = error instanceof oauth.ResponseBodyError ? error.error : errorCodeOf(exchange?.responseBody);
    if (error instanceof oauth.ResponseBodyError) {
      detail = `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
    } else if (status !== undefined && status >= 300 && exchange?.responseBody) {
      // Not an OAuth error object (an HTML page, a plain-text 500): the server's own words beat the library's.
      const body = exchange.responseBody.trim().replace(/\s+/g, ' ');
      detail = `it said: ${body.length > 200 ? `${body.slice(0, 200)}…` : body}`;
    } else {
      detail = messageOf(error);
    }
    const answered =
      status !== undefined
        ? ` answered ${status}`
        : error instanceof OAuthFetchRefused
          ? ' was not contacted'
          : exchange
            ? ' could not be reached'
            : ' was not called';
    const verdict = status !== undefined && status >= 400 && status < 500 ? 'was refused' : 'failed';
    return new OAuthFlowError(step, `${what} ${verdict}: the ${endpoint}${answered} — ${detail}`, status, oauthError);
  };

  const clientOf = (registration: ClientRegistration): { client: oauth.Client; auth: oauth.ClientAuth } => {
    const client: oauth.Client = { client_id: registration.clientId };
    keepSecret(registration.clientSecret);
    const method = tokenEndpointAuthMethodOf(registration);
    if (method === 'none') return { client, auth: oauth.None() };
    if (registration.clientSecret === undefined) {
      throw new OAuthFlowError('token', `The client is set to authenticate with ${method} but has no client secret: add the secret, or use "none".`);
    }
    if (method === 'client_secret_basic') return { client, auth: clientSecretBasic(registration.clientSecret) };
    if (method === 'client_secret_post') return { client, auth: oauth.ClientSecretPost(registration.clientSecret) };
    throw new OAuthFlowError('token', `Token endpoint authentication method ${method} is not supported: use client_secret_basic, client_secret_post or none.`);
  };

  const tokensOf = (response: oauth.TokenEndpointResponse, resource: string, previous?: StoredTokens): StoredTokens => {
    const now = clock();
    keepSecret(response.access_token, response.refresh_token, response.id_token);
    const refreshToken = response.refresh_token ?? previous?.refreshToken;
    const scope = response.scope ?? previous?.scope;
    return {
      issuer: metadata.issuer,
      resource,
      accessToken: response.access_token,
      tokenType: response.token_type,
      ...(refreshToken !== undefined && { refreshToken }),
      ...(response.expires_in !== undefined && { expiresAt: now + response.expires_in * 1000 }),
      ...(scope !== undefined && { scope }),
      obtainedAt: now,
    };
  };

  const flow: OAuthFlow = {
    async register({ redirectUri, clientName, scope, applicationType }) {
      if (metadata.registrationEndpoint === undefined) {
        throw new OAuthFlowError(
          'registration',
          `The authorization server ${metadata.issuer} offers no dynamic client registration (no registration_endpoint): use a pre-registered client id.`,
        );
      }
      const since = exchanges.length;
      try {
        const response = await oauth.dynamicClientRegistrationRequest(
          as,
          {
            redirect_uris: [redirectUri],
            client_name: clientName,
            application_type: applicationType ?? applicationTypeFor(redirectUri),
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'none',
            ...(scope !== undefined && { scope }),
          },
          requestOptions('registration'),
        );
        const client = await oauth.processDynamicClientRegistrationResponse(await withSecretExpiry(response));
        keepSecret(
          typeof client.client_secret === 'string' ? client.client_secret : undefined,
          typeof client.registration_access_token === 'string' ? client.registration_access_token : undefined,
        );
        const expiresAt =
          typeof client.client_secret_expires_at === 'number' && client.client_secret_expires_at > 0 ? client.client_secret_expires_at * 1000 : undefined;
        return {
          issuer: metadata.issuer,
          clientId: client.client_id,
          ...(typeof client.client_secret === 'string' && { clientSecret: client.client_secret }),
          ...(typeof client.token_endpoint_auth_method === 'string' && { tokenEndpointAuthMethod: client.token_endpoint_auth_method }),
          source: 'dynamic',
          ...(expiresAt !== undefined && { clientSecretExpiresAt: expiresAt }),
        };
      } catch (error) {
        throw failure('registration', 'Dynamic client registration', 'registration endpoint', error, since);
      }
    },

    async authorizationRequest({ client, redirectUri, resource, scope }) {
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(metadata.authorizationEndpoint);
      const params = url.searchParams;
      params.set('response_type', 'code');
      params.set('client_id', client.clientId);
      params.set('redirect_uri', redirectUri);
      params.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
      params.set('code_challenge_method', 'S256');
      params.set('state', state);
      params.set('resource', resource);
      if (scope !== undefined && scope !== '') params.set('scope', scope);
      return { url: url.href, state, codeVerifier, redirectUri, resource, ...(scope !== undefined && scope !== '' && { scope }) };
    },

    validateCallback({ client, pending, callbackUrl }) {
      try {
        return oauth.validateAuthResponse(as, { client_id: client.clientId }, new URL(callbackUrl), pending.state);
      } catch (error) {
        throw callbackFailure(error, metadata.issuer);
      }
    },

    async redeemCode({ client, pending, params }) {
      const { client: c, auth } = clientOf(client);
      keepSecret(params.get('code'), pending.codeVerifier);
      const since = exchanges.length;
      try {
        const response = await oauth.authorizationCodeGrantRequest(as, c, auth, params, pending.redirectUri, pending.codeVerifier, {
          ...requestOptions('token'),
          additionalParameters: { resource: pending.resource },
        });
        return tokensOf(await oauth.processAuthorizationCodeResponse(as, c, response), pending.resource);
      } catch (error) {
        throw failure('token', 'Exchanging the authorization code', 'token endpoint', error, since);
      }
    },

    async redeem(options) {
      return flow.redeemCode({ ...options, params: flow.validateCallback(options) });
    },

    async refresh({ client, tokens }) {
      if (tokens.refreshToken === undefined) {
        throw new OAuthFlowError('refresh', 'There is no refresh token (the server issued none): authorize again.');
      }
      const { client: c, auth } = clientOf(client);
      keepSecret(tokens.refreshToken, tokens.accessToken);
      const since = exchanges.length;
      try {
        const response = await oauth.refreshTokenGrantRequest(as, c, auth, tokens.refreshToken, {
          ...requestOptions('refresh'),
          additionalParameters: { resource: tokens.resource },
        });
        return tokensOf(await oauth.processRefreshTokenResponse(as, c, response), tokens.resource, tokens);
      } catch (error) {
        throw failure('refresh', 'Refreshing the access token', 'token endpoint', error, since);
      }
    },

    async clientCredentials({ client, resource, scope }) {
      const { client: c, auth } = clientOf(client);
      const since = exchanges.length;
      try {
        const parameters = { resource, ...(scope !== undefined && { scope }) };
        const response = await oauth.clientCredentialsGrantRequest(as, c, auth, parameters, requestOptions('token'));
        return tokensOf(await oauth.processClientCredentialsResponse(as, c, response), resource);
      } catch (error) {
        throw failure('token', 'The client credentials grant', 'token endpoint', error, since);
      }
    },
  };
  return flow;
}

/** The callback refused before any code is redeemed: the server's error, a wrong state, a wrong or missing iss. */
function callbackFailure(error: unknown, issuer: string): OAuthFlowError {
  if (error instanceof oauth.AuthorizationResponseError) {
    const description = error.error_description ? `: ${error.error_description}` : '';
    return new OAuthFlowError(
      'authorization-response',
      `The authorization server refused the authorization: ${error.error}${description}.`,
      undefined,
      error.error,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('"state"')) {
    return new OAuthFlowError(
      'authorization-response',
      `The callback's state does not match the one this authorization was started with (${message}): the response belongs to another attempt or was forged; start the authorization again.`,
    );
  }
  if (message.includes('"iss"')) {
    return new OAuthFlowError(
      'authorization-response',
      `The callback's iss does not name the authorization server ${issuer} (RFC 9207: ${message}): the response may come from another server (mix-up attack); the code was not redeemed.`,
    );
  }
  return new OAuthFlowError('authorization-response', `The callback could not be used: ${message}.`);
}

/** The `error` of an OAuth error body oauth4webapi did not read as one (a 401 with WWW-Authenticate): invalid_client, mostly. */
function errorCodeOf(body: string | undefined): string | undefined {
  if (body === undefined || !/^\s*\{/.test(body)) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return isRecord(value) && typeof value.error === 'string' ? value.error : undefined;
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Headers as shown: the ones that carry a credential masked. */
function shownHeaders(headers: Iterable<[string, string]>): Array<[string, string]> {
  return [...headers].map(([name, value]) => [name, isSecretHeaderName(name) ? maskHeaderValue(name, value) : value]);
}

/**
 * RFC 7591 requires client_secret_expires_at with a client_secret, but some servers (the conformance
 * suite's among them) leave it out; it is read as 0, "never expires", rather than refusing the client.
 * The registration step says so (the exchange keeps the body as it came).
 */
async function withSecretExpiry(response: Response): Promise<Response> {
  if (response.status !== 201 && response.status !== 200) return response;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return response;
  }
  if (!isRecord(body) || typeof body.client_secret !== 'string' || body.client_secret_expires_at !== undefined) return response;
  return new Response(JSON.stringify({ ...body, client_secret_expires_at: 0 }), { status: response.status, headers: response.headers });
}

/**
 * client_secret_basic with the id and secret percent-encoded only where they must be (':' and
 * non-URL characters). oauth4webapi also encodes "-_.!~*'()", which RFC 6749 §2.3.1's form encoding
 * allows but many servers do not decode (the conformance suite's pre-registration server among them).
 */
function clientSecretBasic(clientSecret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    const encode = (value: string): string => encodeURIComponent(value).replace(/%20/g, '+');
    const credentials = Buffer.from(`${encode(client.client_id)}:${encode(clientSecret)}`).toString('base64');
    headers.set('authorization', `Basic ${credentials}`);
  };
}
