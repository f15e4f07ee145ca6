// The OAuth engine against the protected demo (a real authorization server that
// auto-approves): the whole flow, token reuse, refresh, step-up and the retry
// rules, with every view and exchange checked for secrets.
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_STEP_IDS, type AuthFlowView } from '../../src/protocol/index.js';
import { oauthDemoFixture, startFixture, type FixtureProcess } from '../../test/fixtures/http-fixture-process.js';
import { callTool, everythingShown, harness, initialize, secretsOf, send } from '../../test/fixtures/oauth/authorizer-harness.js';

const started: FixtureProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.stop()));
});

async function demo(args: string[] = []): Promise<{ mcpUrl: string; issuer: string }> {
  const f = await startFixture(oauthDemoFixture, args);
  started.push(f);
  const r = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', f.origin));
  const issuer = r.ok ? ((await r.json()) as { authorization_servers: string[] }).authorization_servers[0]! : '';
  return { mcpUrl: new URL('mcp', f.origin).href, issuer };
}

const states = (flow: AuthFlowView | undefined): Record<string, string> => Object.fromEntries((flow?.steps ?? []).map((s) => [s.id, s.state]));

describe('createAuthorizer against the protected demo', () => {
  it('runs the whole flow on a 401, then the request goes through with the new token', async () => {
    const { mcpUrl, issuer } = await demo();
    const h = await harness(mcpUrl);
    expect(await h.authorizer.authorizationHeader()).toBeUndefined();
    const result = await send(h, mcpUrl, initialize);
    expect(result.status).toBe(200);
    expect(h.sent).toBe(2);
    const flow = h.authorizer.current()!;
    expect(flow.state).toBe('authorized');
    expect(flow.reason).toBe('unauthorized');
    expect(flow.steps.map((s) => s.id)).toEqual([...AUTH_STEP_IDS]);
    expect(states(flow)).toEqual({
      challenge: 'done',
      'resource-metadata': 'done',
      'authorization-server-metadata': 'done',
      registration: 'done',
      authorization: 'done',
      callback: 'done',
      token: 'done',
      retry: 'done',
    });
    expect(flow.issuer).toBe(issuer);
    expect(flow.authorizationUrl).toContain('code_challenge_method=S256');
    // The resource parameter is the protected resource metadata's resource, as published.
    expect(new URL(flow.authorizationUrl!).searchParams.get('resource')).toBe(mcpUrl);
    expect(new URL(flow.authorizationUrl!).searchParams.get('scope')).toBe('mcp:tools');
    // Each step holds its own exchanges; the Network view got the same, purpose oauth.
    const step = (id: string) => flow.steps.find((s) => s.id === id)!;
    expect(step('resource-metadata').exchanges.map((e) => e.url)).toEqual([`${new URL(mcpUrl).origin}/.well-known/oauth-protected-resource/mcp`]);
    expect(step('authorization-server-metadata').exchanges[0]!.url).toBe(`${issuer}/.well-known/oauth-authorization-server`);
    expect(step('registration').exchanges.map((e) => [e.method, e.status])).toEqual([['POST', 201]]);
    expect(step('token').exchanges.map((e) => [e.method, e.status])).toEqual([['POST', 200]]);
    expect(step('authorization-server-metadata').learnt).toContainEqual(['iss in the authorization response (RFC 9207)', 'promised']);
    expect(step('callback').learnt).toContainEqual(['iss', issuer]);
    expect(h.exchanges.map((e) => [e.id, e.purpose, e.authStep, e.state])).toEqual([
      [1, 'oauth', 'resource-metadata', 'done'],
      [2, 'oauth', 'authorization-server-metadata', 'done'],
      [3, 'oauth', 'registration', 'done'],
      [4, 'oauth', 'token', 'done'],
    ]);
    expect(h.exchanges.every((e) => e.carried.length === 0 && e.warnings.length === 0 && e.durationMs !== undefined)).toBe(true);
    // No token, secret or code anywhere the page or the Network view sees.
    const shown = everythingShown(h);
    const secrets = secretsOf(h, issuer, mcpUrl);
    expect(secrets.length).toBeGreaterThanOrEqual(3); // access, refresh, code
    for (const s of secrets) expect(shown).not.toContain(s);
    expect(shown).not.toMatch(/code_verifier=(?!•)/);
    // The next request carries the token without a new flow.
    const flowsBefore = h.flows.length;
    expect((await send(h, mcpUrl, callTool('whoami'))).status).toBe(200);
    expect(h.flows.length).toBe(flowsBefore);
  });

  it('lends stored tokens to a second Authorizer on the same store (no new flow)', async () => {
    const { mcpUrl } = await demo();
    const first = await harness(mcpUrl);
    expect((await send(first, mcpUrl, initialize)).status).toBe(200);
    const second = await harness(mcpUrl, { store: first.store });
    expect(await second.authorizer.authorizationHeader()).toMatch(/^Bearer \S+$/);
    expect((await send(second, mcpUrl, initialize)).status).toBe(200);
    expect(second.flows).toEqual([]);
    expect(second.sent).toBe(1);
  });

  it('refreshes an expired token before sending, as a flow of reason expired with the discovery steps skipped', async () => {
    const { mcpUrl, issuer } = await demo();
    let now = Date.now();
    const h = await harness(mcpUrl, { extra: { clock: () => now } });
    expect((await send(h, mcpUrl, initialize)).status).toBe(200);
    const before = await h.authorizer.authorizationHeader();
    now += 3600_000; // the demo's tokens live an hour
    const after = await h.authorizer.authorizationHeader();
    expect(after).toMatch(/^Bearer \S+$/);
    expect(after).not.toBe(before);
    const flow = h.authorizer.current()!;
    expect(flow.reason).toBe('expired');
    expect(flow.state).toBe('authorized');
    expect(flow.steps.at(-1)!.summary).toBe('The request goes out with the new access token.');
    expect(states(flow)).toMatchObject({
      challenge: 'skipped',
      'resource-metadata': 'skipped',
      registration: 'skipped',
      authorization: 'skipped',
      token: 'done',
    });
    expect(flow.steps.find((s) => s.id === 'token')!.exchanges.map((e) => e.requestBody)).toEqual([expect.stringContaining('grant_type=refresh_token')]);
    expect(h.exchanges.at(-1)).toMatchObject({ purpose: 'oauth', authStep: 'token', status: 200 });
    expect((await send(h, mcpUrl, callTool('whoami'))).status).toBe(200);
    // Neither the new tokens nor the refresh token that was spent appear in a view.
    expect(flow.issuer).toBe(issuer);
    const spent = secretsOf(h, issuer, mcpUrl);
    expect(spent.length).toBeGreaterThanOrEqual(2);
    for (const s of [...spent, before!.slice('Bearer '.length), after!.slice('Bearer '.length)]) expect(everythingShown(h)).not.toContain(s);
  });

  it('answers a 401 for an expired token with a refresh first, not a new authorization', async () => {
    const { mcpUrl } = await demo(['--token-lifetime', '1']);
    const now = Date.now();
    const first = await harness(mcpUrl, { extra: { clock: () => now } });
    expect((await send(first, mcpUrl, initialize)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    // A second Authorizer whose clock is a minute behind: it sends the token, the server says it expired.
    const second = await harness(mcpUrl, { store: first.store, extra: { clock: () => now - 60_000 } });
    expect((await send(second, mcpUrl, initialize)).status).toBe(200);
    expect(second.sent).toBe(2);
    expect(second.opened).toEqual([]); // no authorization URL: the refresh token did it
    // The first flow this Authorizer finished (its clock then sees the short-lived new token as expired too).
    const flow = second.flows.find((f) => f.state === 'authorized')!;
    expect(flow.reason).toBe('expired');
    // This Authorizer had not discovered yet, so the metadata steps ran (for the token endpoint).
    expect(states(flow)).toMatchObject({
      challenge: 'skipped',
      'resource-metadata': 'done',
      registration: 'skipped',
      authorization: 'skipped',
      token: 'done',
      retry: 'done',
    });
    expect(flow.steps[0]!.summary).toMatch(/answered 401 .* refreshed first/);
  });

  it('steps up on 403 insufficient_scope with the union of the held and the asked scope', async () => {
    const { mcpUrl } = await demo();
    const h = await harness(mcpUrl);
    expect((await send(h, mcpUrl, initialize)).status).toBe(200);
    const result = await send(h, mcpUrl, callTool('admin_reset'));
    expect(result.status).toBe(200);
    expect(result.text).toContain('reset done');
    const flow = h.authorizer.current()!;
    expect(flow.reason).toBe('insufficient-scope');
    expect(flow.attempt).toBe(1); // the first authorization of the admin_reset request
    // Every view says the limit (the default), so the page can show "Attempt N of M".
    expect(new Set(h.flows.map((f) => f.maxAttempts))).toEqual(new Set([3]));
    expect(new URL(flow.authorizationUrl!).searchParams.get('scope')).toBe('mcp:tools demo:admin');
    expect(states(flow).registration).toBe('skipped'); // the client registered by the first flow
    expect(h.opened).toHaveLength(2);
  });

  it('stops stepping up after maxAttempts authorizations, and a 403 without insufficient_scope starts none', async () => {
    const { mcpUrl } = await demo();
    const h = await harness(mcpUrl);
    expect((await send(h, mcpUrl, initialize)).status).toBe(200);
    const stepUp = { status: 403 as const, wwwAuthenticate: 'Bearer error="insufficient_scope", scope="mcp:tools demo:admin"' };
    expect(await h.authorizer.handleChallenge(stepUp)).toEqual({ retry: true });
    expect(await h.authorizer.handleChallenge(stepUp)).toEqual({ retry: true });
    const stopped = await h.authorizer.handleChallenge(stepUp);
    expect(stopped.retry).toBe(false);
    expect(stopped.retry === false && stopped.message).toMatch(
      /step 8 \(Retry\) failed: the server still answers 403 insufficient_scope .* after 3 authorizations/,
    );
    expect(h.opened).toHaveLength(3);
    expect(h.authorizer.current()!.state).toBe('failed');
    const flows = h.flows.length;
    const forbidden = await h.authorizer.handleChallenge({ status: 403, wwwAuthenticate: 'Bearer error="invalid_token"' });
    expect(forbidden).toEqual({ retry: false, message: expect.stringMatching(/403 Forbidden without error="insufficient_scope"/) });
    expect(await h.authorizer.handleChallenge({ status: 403 })).toMatchObject({ retry: false });
    expect(h.flows.length).toBe(flows);
  });

  it('shares one flow among concurrent challenges', async () => {
    const { mcpUrl } = await demo();
    const h = await harness(mcpUrl);
    const denied = await fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const challenge = { status: 401 as const, wwwAuthenticate: denied.headers.get('www-authenticate')! };
    const outcomes = await Promise.all([
      h.authorizer.handleChallenge(challenge),
      h.authorizer.handleChallenge(challenge),
      h.authorizer.handleChallenge(challenge),
    ]);
    expect(outcomes).toEqual([{ retry: true }, { retry: true }, { retry: true }]);
    expect(h.opened).toHaveLength(1);
    expect(new Set(h.flows.map((f) => f.flowId)).size).toBe(1);
  });

  it('with OAuth off, a challenge is answered without a flow', async () => {
    const { mcpUrl } = await demo();
    const h = await harness(mcpUrl, { config: { mode: 'off' } });
    const result = await send(h, mcpUrl, initialize);
    expect(result.message).toMatch(/OAuth is off for this connection/);
    expect(h.flows).toEqual([]);
    expect(h.exchanges).toEqual([]);
  });

  it('without attempt from the upstream, still takes a refusal of the retry as one, and stops', async () => {
    const f = await startFixture(oauthDemoFixture, ['--fault', 'always-401']);
    started.push(f);
    const mcpUrl = new URL('mcp', f.origin).href;
    const h = await harness(mcpUrl);
    const result = await send(h, mcpUrl, initialize, { guessRetries: true });
    expect(result.message).toMatch(/step 8 \(Retry\) failed: the server refused the new token/);
    expect(h.sent).toBe(2);
  });

  it('with attempt 0, a 401 right after a successful retry is a new refusal (refresh, not "refused"); without attempt, the guess stops', async () => {
    const { mcpUrl } = await demo();
    const h = await harness(mcpUrl);
    expect((await send(h, mcpUrl, initialize)).status).toBe(200);
    const denied = { status: 401 as const, wwwAuthenticate: 'Bearer error="invalid_token", scope="mcp:tools"' };
    expect(await h.authorizer.handleChallenge({ ...denied, attempt: 0 })).toEqual({ retry: true });
    expect(h.authorizer.current()).toMatchObject({ reason: 'expired', state: 'authorized' });
    expect(h.opened).toHaveLength(1);
    // The same refusal without attempt, right after: taken as the refresh's retry refused, so a full flow (no refresh loop).
    expect(await h.authorizer.handleChallenge(denied)).toEqual({ retry: true });
    expect(h.authorizer.current()).toMatchObject({ reason: 'unauthorized', state: 'authorized' });
    expect(h.opened).toHaveLength(2);
  });
});
