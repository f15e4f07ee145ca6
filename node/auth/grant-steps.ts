// Steps 5–7 of the flow: the authorization URL opened for the person, the
// callback checked (step 6), its code redeemed (step 7, a pause of its own in
// guided mode), and the tokens kept. Also the
// refresh that stands in for them.
import { issFindings, maskSecret } from '../../src/protocol/wire.js';
import type { ClientRegistration, StoredTokens } from './credentials.js';
import type { Discovered, FlowContext } from './flow-context.js';
import { ClientRejected, FlowCancelled } from './flow-record.js';
import { createOAuthFlow, OAuthFlowError, type OAuthFlow } from './flow.js';

const DEFAULT_CALLBACK_TIMEOUT_MS = 10 * 60_000;

export function oauthFlowFor(ctx: FlowContext, found: Discovered): OAuthFlow {
  return createOAuthFlow({ metadata: found.metadata, exchanges: ctx.flowExchanges, fetch: ctx.fetch, clock: ctx.clock, secrets: ctx.record.secrets });
}

/** Files the token flow's exchanges, then fails the step an OAuthFlowError names (or `fallback`); invalid_client is left to the registration step. */
export function flowFailure(ctx: FlowContext, error: unknown, fallback: 'registration' | 'token' | 'callback'): Error {
  ctx.fileFlowExchanges();
  if (error instanceof FlowCancelled) return error;
  if (error instanceof OAuthFlowError) {
    const step = error.step === 'authorization-response' ? 'callback' : error.step === 'refresh' ? 'token' : error.step;
    if (error.oauthError === 'invalid_client' && step !== 'registration') return new ClientRejected(step, error.message);
    return ctx.record.fail(step, error.message);
  }
  return ctx.record.fail(fallback, error instanceof Error ? error.message : String(error));
}

/** The scope to ask for: the caller's (step-up union) or the configured or selected one, plus offline_access where the server offers it. */
export function requestedScope(found: Discovered, scope: string | undefined): string | undefined {
  if (scope === undefined || scope === '') return undefined;
  const offered = found.metadata.scopesSupported?.includes('offline_access') ?? false;
  // 2026-07-28 "Refresh Tokens": a client that wants refresh tokens may add offline_access when the authorization server lists it.
  return offered && !scope.split(' ').includes('offline_access') ? `${scope} offline_access` : scope;
}

/** Steps 5–7: the person approves, the callback is checked, the code becomes tokens (stored). */
export async function runAuthorizationSteps(
  ctx: FlowContext,
  found: Discovered,
  flow: OAuthFlow,
  client: ClientRegistration,
  scope: string | undefined,
): Promise<StoredTokens> {
  const { record, options } = ctx;
  await record.ready('authorization');
  const pending = await flow.authorizationRequest({
    client,
    redirectUri: options.redirectUri,
    resource: found.resource,
    ...(scope !== undefined && { scope }),
  });
  record.learn('authorization', 'resource', found.resource);
  record.learn('authorization', 'scope', scope ?? '(none: the server names none)');
  record.learn('authorization', 'PKCE', 'S256');
  record.setFlow({ authorizationUrl: pending.url, ...(scope !== undefined && { scope }) });
  const waitingForYou = 'Waiting for you to approve in the authorization tab.';
  record.waiting('authorization', waitingForYou);
  const timeoutMs = options.callbackTimeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS;
  // The wait ends with the flow (cancelled, closed) or when the page cannot be opened: no state is left pending.
  const stopWaiting = new AbortController();
  const onAbort = (): void => stopWaiting.abort();
  record.abort.signal.addEventListener('abort', onAbort, { once: true });
  const arrived = options.callbacks.expect(pending.state, timeoutMs, stopWaiting.signal, (refused) =>
    record.waiting('authorization', `${waitingForYou} A callback with an unknown state was refused (${refused} so far); the authorization is still waiting.`),
  );
  arrived.catch(() => undefined); // handled below; open() may fail first
  let callback: URL;
  try {
    await options.open(pending.url, record.snapshot(), ctx.fetch);
    callback = await arrived;
  } catch (error) {
    stopWaiting.abort();
    record.throwIfCancelled();
    throw record.fail('authorization', error instanceof Error ? error.message : String(error));
  }
  record.abort.signal.removeEventListener('abort', onAbort);
  record.secrets.add(callback.searchParams.get('code'));
  record.done('authorization', 'The authorization server sent the browser back to mcpscope.');

  await record.ready('callback');
  const iss = callback.searchParams.get('iss');
  if (iss !== null) record.learn('callback', 'iss', iss);
  const refusal = callback.searchParams.get('error');
  if (refusal !== null) record.learn('callback', 'error', refusal);
  // AUTH-ISS: judged here, before validation refuses the response, so the finding is shown with the failure.
  const issProblems = issFindings({ issuer: found.issuer, advertised: found.issAdvertised, iss }, options.protocolVersion());
  record.step('callback').findings.push(...issProblems);
  let params: URLSearchParams;
  try {
    params = flow.validateCallback({ client, pending, callbackUrl: callback });
  } catch (error) {
    // The refusal names the rule when the iss check is why (oauth4webapi's own words come first).
    const refusedForIss = issProblems.some((f) => f.severity === 'error') && error instanceof OAuthFlowError && error.message.includes('iss');
    throw flowFailure(ctx, refusedForIss ? new OAuthFlowError(error.step, `${error.message.replace(/\.$/, '')} (rule AUTH-ISS).`) : error, 'callback');
  }
  record.done('callback', `The callback's state${iss !== null ? ' and iss' : ''} match this authorization; the token step redeems its code.`);

  return runTokenGrant(ctx, () => flow.redeemCode({ client, pending, params }), 'The code was exchanged for tokens');
}

/** Step 7 as a refresh: new tokens for the held ones, without the person. */
export function runRefreshStep(ctx: FlowContext, found: Discovered, client: ClientRegistration, held: StoredTokens): Promise<StoredTokens> {
  return runTokenGrant(ctx, () => oauthFlowFor(ctx, found).refresh({ client, tokens: held }), 'The refresh token was exchanged for a new access token');
}

/** Step 7 by a grant no person takes part in (refresh, client credentials): the tokens kept, or the step failed. */
async function runTokenGrant(ctx: FlowContext, grant: () => Promise<StoredTokens>, what: string): Promise<StoredTokens> {
  await ctx.record.ready('token');
  let tokens: StoredTokens;
  try {
    tokens = await grant();
  } catch (error) {
    throw flowFailure(ctx, error, 'token');
  }
  ctx.fileFlowExchanges();
  return keepTokens(ctx, tokens, what);
}

/**
 * Whether this client gets its tokens with the client_credentials grant: a pre-registered client with a
 * secret, at an authorization server that lists client_credentials and not authorization_code among its
 * grant types (a machine-to-machine server, the OAuth client credentials extension).
 */
export function usesClientCredentials(found: Discovered, client: ClientRegistration): boolean {
  const grants = found.metadata.document.grant_types_supported;
  return (
    client.source === 'pre-registered' &&
    client.clientSecret !== undefined &&
    Array.isArray(grants) &&
    grants.includes('client_credentials') &&
    !grants.includes('authorization_code')
  );
}

/** Steps 5–7 without a person: the client credentials become tokens (stored). */
export function runClientCredentialsSteps(
  ctx: FlowContext,
  found: Discovered,
  flow: OAuthFlow,
  client: ClientRegistration,
  scope: string | undefined,
): Promise<StoredTokens> {
  const { record } = ctx;
  const why = `${found.issuer} grants client_credentials and not authorization_code: the pre-registered client gets tokens for itself, and no person approves.`;
  record.skip('authorization', why);
  record.skip('callback', why);
  return runTokenGrant(
    ctx,
    () => flow.clientCredentials({ client, resource: found.resource, ...(scope !== undefined && { scope }) }),
    'The client credentials were exchanged for tokens (client_credentials grant)',
  );
}

/** Checks the token type, stores the tokens and says what was granted (never the tokens themselves). */
async function keepTokens(ctx: FlowContext, tokens: StoredTokens, what: string): Promise<StoredTokens> {
  const { record, options } = ctx;
  if (tokens.tokenType.toLowerCase() !== 'bearer') {
    throw record.fail(
      'token',
      `the authorization server issued a ${tokens.tokenType} token; mcpscope sends Bearer tokens only (DPoP and other sender-constrained tokens are not supported).`,
    );
  }
  await options.store.saveTokens(tokens);
  record.learn('token', 'token type', tokens.tokenType);
  record.learn('token', 'access token', maskSecret(tokens.accessToken));
  if (tokens.scope !== undefined) record.learn('token', 'scope granted', tokens.scope);
  if (tokens.expiresAt !== undefined) record.learn('token', 'expires', new Date(tokens.expiresAt).toISOString());
  record.learn('token', 'refresh token', tokens.refreshToken !== undefined ? 'issued' : 'none');
  if (tokens.scope !== undefined) record.setFlow({ scope: tokens.scope });
  record.done('token', `${what}${tokens.expiresAt !== undefined ? `, valid until ${new Date(tokens.expiresAt).toISOString()}` : ''}.`);
  return tokens;
}
