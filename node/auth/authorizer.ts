// The OAuth engine of one HTTP connection: on a 401 it refreshes or
// runs the whole flow (discovery → registration → authorization → token), on a
// 403 insufficient_scope it steps up with the union of scopes, and it hands out
// the Authorization header for every request. One flow at a time: concurrent
// challenges share the running one. See authorizer-types.ts for the contract.
import { maskCredentials, parseWwwAuthenticate, resourceMismatch, SecretValues, type AuthFlowReason } from '../../src/protocol/wire.js';
import { MAX_AUTH_ATTEMPTS, type AuthChallenge, type Authorizer, type AuthorizerOptions, type ChallengeOutcome } from './authorizer-types.js';
import { isTokenExpired, type StoredTokens } from './credentials.js';
import { runChallengeStep, runDiscoverySteps } from './discovery-steps.js';
import { createFlowContext, scopeUnion, type Discovered, type FlowContext } from './flow-context.js';
import { ClientRejected, FlowCancelled, FlowRecord, StepFailed } from './flow-record.js';
import { oauthFlowFor, requestedScope, runAuthorizationSteps, runClientCredentialsSteps, runRefreshStep, usesClientCredentials } from './grant-steps.js';
import { runRegistrationStep, withKnownClient } from './registration-step.js';

/**
 * Without AuthChallenge.attempt: a challenge this soon after new tokens were handed out, while they are
 * still the ones held, is taken as the answer to the request sent again with them.
 */
const RETRY_WINDOW_MS = 30_000;

/** What the last successful flow gave, to tell "the retry was refused" from a later, unrelated challenge. */
interface Grant {
  accessToken: string;
  at: number;
  kind: 'refresh' | 'authorization';
  /** Authorizations (first + step-ups) this request has caused so far. */
  attempts: number;
  record: FlowRecord;
}

export function createAuthorizer(options: AuthorizerOptions): Authorizer {
  const clock = options.clock ?? Date.now;
  const maxAttempts = options.maxAttempts ?? MAX_AUTH_ATTEMPTS;
  const mode = options.config.mode === 'guided' ? 'guided' : 'quick';
  let current: FlowRecord | undefined;
  let running: Promise<ChallengeOutcome> | undefined;
  /** The refresh authorizationHeader() started, while it runs: a challenge waits for it rather than taking its failure as its own. */
  let headerRefresh: Promise<ChallengeOutcome> | undefined;
  let found: Discovered | undefined;
  let lastGrant: Grant | undefined;
  let disposed = false;

  /** The tokens held for this server: those of the last discovery, else any stored for a resource covering the server URL. */
  const held = (): StoredTokens | undefined => {
    if (found) return options.store.tokens(found.issuer, found.resource);
    for (const entry of options.store.summary()) {
      for (const r of entry.resources) {
        if (resourceMismatch(r.resource, options.serverUrl) === undefined) return options.store.tokens(entry.issuer, r.resource);
      }
    }
    return undefined;
  };

  /** A server's words (an error_description, a thrown message) as they may be shown: the held secrets and free-text credentials masked. */
  const maskServerWords = (text: string): string => {
    const known = new SecretValues();
    const tokens = held();
    known.add(tokens?.accessToken, tokens?.refreshToken, tokens ? options.store.client(tokens.issuer)?.clientSecret : undefined);
    return maskCredentials(known.mask(current ? current.secrets.mask(text) : text));
  };

  /** A refresh needs no decision and no person, so it never pauses, even in guided mode. */
  const newFlow = (reason: AuthFlowReason, attempt: number): FlowContext => {
    current?.dispose('a new authorization started');
    const record = new FlowRecord({
      flowId: globalThis.crypto.randomUUID(),
      serverUrl: options.serverUrl,
      mode: reason === 'expired' ? 'quick' : mode,
      reason,
      attempt,
      maxAttempts,
      emit: options.onFlow,
    });
    current = record;
    record.emit();
    return createFlowContext(record, options);
  };

  /** Runs a flow body; its failure or cancellation becomes retry:false with the flow's own message. */
  const settle = async (
    ctx: FlowContext,
    body: () => Promise<StoredTokens>,
    kind: Grant['kind'],
    attempts: number,
    refused = true,
  ): Promise<ChallengeOutcome> => {
    const { record } = ctx;
    try {
      const tokens = await body();
      record.done('retry', refused ? 'The refused request is sent again with the new access token.' : 'The request goes out with the new access token.');
      record.authorized(kind === 'refresh' ? 'The access token was refreshed.' : 'Authorized: the request is sent again with the new access token.');
      lastGrant = { accessToken: tokens.accessToken, at: clock(), kind, attempts, record };
      return { retry: true };
    } catch (error) {
      if (error instanceof FlowCancelled) {
        const message = `The authorization was ${error.message === 'cancelled by you' ? 'cancelled by you' : `stopped: ${error.message}`}.`;
        record.cancelled(message);
        return { retry: false, message };
      }
      if (error instanceof StepFailed) return { retry: false, message: error.message };
      // Not a step's own failure (a store or network surprise): fail the step that was running, still with a sentence.
      const step = record.snapshot().steps.find((s) => s.state === 'running' || s.state === 'waiting' || s.state === 'ready')?.id ?? 'retry';
      return { retry: false, message: record.fail(step, error instanceof Error ? error.message : String(error)).message };
    }
  };

  /** Everything from the challenge to new tokens; `scope` overrides the selection (step-up union). */
  const fullFlow = (challenge: AuthChallenge, reason: 'unauthorized' | 'insufficient-scope', attempt: number, scope?: string): Promise<ChallengeOutcome> => {
    const ctx = newFlow(reason, attempt);
    return settle(
      ctx,
      async () => {
        await runChallengeStep(ctx, challenge);
        const discovered = await runDiscoverySteps(ctx, challenge.wwwAuthenticate);
        found = discovered;
        const flow = oauthFlowFor(ctx, discovered);
        const client = await runRegistrationStep(ctx, discovered, flow);
        const wanted = scope ?? (options.config.scope || undefined) ?? discovered.selectedScope;
        const steps = usesClientCredentials(discovered, client) ? runClientCredentialsSteps : runAuthorizationSteps;
        return withKnownClient(ctx, discovered, flow, client, (c) => steps(ctx, discovered, flow, c, requestedScope(discovered, wanted)));
      },
      'authorization',
      attempt,
    );
  };

  /** New tokens from the refresh token; discovery runs only when this Authorizer has not done it yet. */
  const refreshFlow = (tokens: StoredTokens, challenge: AuthChallenge | undefined, attempts: number): Promise<ChallengeOutcome> => {
    const ctx = newFlow('expired', Math.max(attempts, 1));
    const { record } = ctx;
    return settle(
      ctx,
      async () => {
        record.skip(
          'challenge',
          challenge
            ? `The server answered ${challenge.status} to the held access token: it is refreshed first, with the refresh token.`
            : 'No request was refused: the access token has expired (or is about to), so it is refreshed first.',
        );
        record.setFlow({ issuer: tokens.issuer, ...(tokens.scope !== undefined && { scope: tokens.scope }) });
        let discovered = found?.issuer === tokens.issuer ? found : undefined;
        if (discovered) {
          const known = 'Known from the earlier authorization.';
          record.skip('resource-metadata', known);
          record.skip('authorization-server-metadata', known);
        } else {
          discovered = found = await runDiscoverySteps(ctx, challenge?.wwwAuthenticate);
        }
        if (discovered.issuer !== tokens.issuer) {
          // The held tokens (and their client) belong to the old server: never lent to the new one.
          throw record.fail(
            'authorization-server-metadata',
            `the server now names ${discovered.issuer} as its authorization server, not ${tokens.issuer}, which issued the held tokens; they are not used there, and a full authorization follows.`,
          );
        }
        const client = options.store.client(tokens.issuer);
        if (!client) throw record.fail('registration', `no client is stored for ${tokens.issuer}, so the refresh token cannot be used; authorize again.`);
        record.skip('registration', `The client registered with ${tokens.issuer} is reused (client id ${client.clientId}).`);
        const noPerson = 'A refresh token needs no new approval.';
        record.skip('authorization', noPerson);
        record.skip('callback', noPerson);
        try {
          return await runRefreshStep(ctx, discovered, client, tokens);
        } catch (error) {
          if (!(error instanceof ClientRejected)) throw error;
          // Tokens of a client the server forgot are of no use either; the full authorization that follows registers anew.
          if (client.source === 'dynamic') await options.store.forget(tokens.issuer);
          const forgotten =
            client.source === 'dynamic'
              ? `${tokens.issuer} no longer knows the client ${client.clientId} (restarted?): its registration and tokens were forgotten, and the full authorization that follows registers once more.`
              : `${tokens.issuer} does not accept the ${client.source} client ${client.clientId}: check its client id${client.source === 'pre-registered' ? ' and secret' : ''}.`;
          throw record.fail('token', `${error.message} ${forgotten}`);
        }
      },
      'refresh',
      attempts,
      challenge !== undefined,
    );
  };

  /** A retry was refused again: the last flow's retry step says so and the request fails. */
  const refuseRetry = (grant: Grant, message: string): ChallengeOutcome => {
    lastGrant = undefined;
    const failed = grant.record.fail('retry', message);
    return { retry: false, message: failed.message };
  };

  /** The grant whose retry this challenge answers, if it is one (see AuthChallenge.attempt). */
  const retryOf = (challenge: AuthChallenge, tokens: StoredTokens | undefined): Grant | undefined => {
    if (!lastGrant) return undefined;
    if (challenge.attempt !== undefined) return challenge.attempt > 0 ? lastGrant : undefined;
    // The guess errs on the safe side: a refusal it cannot place stops rather than asks the person again.
    return clock() - lastGrant.at <= RETRY_WINDOW_MS && tokens?.accessToken === lastGrant.accessToken ? lastGrant : undefined;
  };

  const decide = async (challenge: AuthChallenge): Promise<ChallengeOutcome> => {
    const bearer = challenge.wwwAuthenticate !== undefined ? parseWwwAuthenticate(challenge.wwwAuthenticate).bearer : undefined;
    const tokens = held();
    const grant = retryOf(challenge, tokens);
    const said = maskServerWords(bearer?.errorDescription ?? bearer?.error ?? `HTTP ${challenge.status}`);

    if (challenge.status === 403) {
      if (bearer?.error !== 'insufficient_scope') {
        return {
          retry: false,
          message: `The server answered 403 Forbidden without error="insufficient_scope" (${said}): more scope would not help, so no authorization was started. The token is valid but not allowed to do this.`,
        };
      }
      const attempt = grant ? grant.attempts + 1 : 1;
      if (attempt > maxAttempts && grant) {
        return refuseRetry(
          grant,
          `the server still answers 403 insufficient_scope (asking for "${bearer.scope ?? ''}") after ${maxAttempts} authorizations for this request; step-up stopped (Scope Challenge Handling: retry limit). Check the scopes the server asks for.`,
        );
      }
      // Scope Challenge Handling: ask for what was held plus what the challenge names.
      const scope = scopeUnion(tokens?.scope ?? current?.snapshot().scope, bearer.scope, options.config.scope || undefined);
      return fullFlow(challenge, 'insufficient-scope', attempt, scope);
    }

    if (grant?.kind === 'authorization') return refuseRetry(grant, `the server refused the new token: ${said}.`);
    const attempts = grant ? grant.attempts : 0;
    if (attempts >= maxAttempts && grant) return refuseRetry(grant, `the server refused ${maxAttempts} authorizations for this request; stopped.`);
    if (tokens?.refreshToken !== undefined && !grant) {
      const refreshed = await refresh(tokens, challenge, attempts);
      if (refreshed.retry) return refreshed;
      current?.setFlow({ message: `${current.snapshot().message ?? 'The refresh failed.'} A full authorization follows.` });
    }
    return fullFlow(challenge, 'unauthorized', attempts + 1);
  };

  /** A refresh flow; a refresh token the server refused is dropped (tokens of a server no longer named stay until replaced). */
  const refresh = async (tokens: StoredTokens, challenge: AuthChallenge | undefined, attempts: number): Promise<ChallengeOutcome> => {
    const outcome = await refreshFlow(tokens, challenge, attempts);
    if (!outcome.retry && current?.snapshot().steps.some((s) => s.id === 'token' && s.state === 'failed')) {
      await options.store.forgetTokens(tokens.issuer, tokens.resource);
    }
    return outcome;
  };

  const handleChallenge = (challenge: AuthChallenge): Promise<ChallengeOutcome> => {
    if (options.config.mode === 'off') {
      return Promise.resolve({
        retry: false,
        message: `The server answered ${challenge.status} and OAuth is off for this connection: turn authorization on (guided or quick), or give an Authorization header.`,
      });
    }
    if (disposed) return Promise.resolve({ retry: false, message: 'The connection is closed.' });
    // A failed refresh before sending is not this request's answer: once it ends, the challenge is judged on its own.
    if (headerRefresh) return headerRefresh.then((outcome) => (outcome.retry ? outcome : handleChallenge(challenge)));
    running ??= decide(challenge)
      .catch((error: unknown) => {
        throw new Error(maskServerWords(error instanceof Error ? error.message : String(error)));
      })
      .finally(() => (running = undefined));
    return running;
  };

  return {
    async authorizationHeader() {
      if (options.config.mode === 'off' || disposed) return undefined;
      let tokens = held();
      if (tokens && isTokenExpired(tokens, clock())) {
        if (tokens.refreshToken === undefined) return undefined;
        if (!running) {
          const expired = tokens;
          running = headerRefresh = refresh(expired, undefined, 0).finally(() => (running = headerRefresh = undefined));
        }
        const outcome = await running;
        tokens = outcome.retry ? held() : undefined;
        if (!tokens) return undefined;
      }
      return tokens ? `Bearer ${tokens.accessToken}` : undefined;
    },

    handleChallenge,

    control(flowId, action) {
      if (current?.flowId === flowId) current.control(action);
    },

    current: () => current?.snapshot(),

    dispose() {
      disposed = true;
      current?.dispose('the connection closed');
    },
  };
}
