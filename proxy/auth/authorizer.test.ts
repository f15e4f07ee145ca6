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
});
