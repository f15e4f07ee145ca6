// The token flow against the protected demo (a real authorization server with
// auto-approve): discovery, registration, the authorization URL followed with
// fetch to get the code, the code redeemed, the MCP server called with the token,
// refresh, and each fault refused with an error naming its step.
import { afterEach, describe, expect, it } from 'vitest';
import { discoverAuthorization, type AuthorizationServerMetadata } from '../../src/protocol/index.js';
import { oauthDemoFixture, startFixture, type FixtureProcess } from '../../test/fixtures/http-fixture-process.js';
import { postMcp } from '../../test/fixtures/oauth/mcp-post.js';
import type { ClientRegistration } from './credentials.js';
import { createOAuthFetch } from './fetch-policy.js';
import { applicationTypeFor, createOAuthFlow, OAuthFlowError, type OAuthFlow, type OAuthFlowExchange, type PendingAuthorization } from './flow.js';

const REDIRECT = 'http://127.0.0.1:9/callback'; // never fetched: the code is read from Location
/** For the cases that must not reach any server. */
const noNetwork = (() => Promise.reject(new Error('no network in this test'))) as typeof fetch;
const started: FixtureProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.stop()));
});

interface Demo {
  mcpUrl: string;
  metadata: AuthorizationServerMetadata;
  scope: string | undefined;
  flow: OAuthFlow;
  exchanges: OAuthFlowExchange[];
}

async function demo(args: string[] = []): Promise<Demo> {
  const f = await startFixture(oauthDemoFixture, args);
  started.push(f);
  const mcpUrl = new URL('mcp', f.origin).href;
  const denied = await mcpCall(mcpUrl, undefined);
  expect(denied.status).toBe(401);
  const discovery = await discoverAuthorization({ serverUrl: mcpUrl, wwwAuthenticate: denied.headers.get('www-authenticate') ?? '', fetch });
  expect(discovery.ok).toBe(true);
  const metadata = discovery.authorizationServer!.metadata;
  const exchanges: OAuthFlowExchange[] = [];
  return {
    mcpUrl,
    metadata,
    scope: discovery.scope.scope,
    flow: createOAuthFlow({ metadata, exchanges, fetch: createOAuthFetch({ serverUrl: mcpUrl }) }),
    exchanges,
  };
}

/** An initialize to the protected MCP server, with `token` or none. */
function mcpCall(url: string, token: string | undefined): Promise<Response> {
  return postMcp(url, token, {
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'flow-test', version: '1' } },
  });
}

/** The auto-approving authorization endpoint answers with a redirect: its Location is the callback. */
async function approve(pending: PendingAuthorization): Promise<URL> {
  const r = await fetch(pending.url, { redirect: 'manual' });
  expect(r.status).toBe(302);
  return new URL(r.headers.get('location')!);
}

async function authorize(d: Demo): Promise<{ client: ClientRegistration; pending: PendingAuthorization; callback: URL }> {
  const client = await d.flow.register({ redirectUri: REDIRECT, clientName: 'mcpscope flow test' });
  const pending = await d.flow.authorizationRequest({ client, redirectUri: REDIRECT, resource: d.mcpUrl, ...(d.scope !== undefined && { scope: d.scope }) });
  return { client, pending, callback: await approve(pending) };
}

async function refusal(promise: Promise<unknown>): Promise<OAuthFlowError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthFlowError);
  return error as OAuthFlowError;
}

describe('OAuth token flow against the protected demo', () => {
  it('registers, authorizes with PKCE S256, state, resource and scope, redeems the code and calls the MCP server', async () => {
    const d = await demo();
    const { client, pending, callback } = await authorize(d);
    expect(client).toMatchObject({ issuer: d.metadata.issuer, source: 'dynamic', tokenEndpointAuthMethod: 'none' });

    const url = new URL(pending.url);
    expect(url.origin + url.pathname).toBe(d.metadata.authorizationEndpoint);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBe(pending.state);
    expect(url.searchParams.get('resource')).toBe(d.mcpUrl);
    expect(url.searchParams.get('scope')).toBe('mcp:tools');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);

    const tokens = await d.flow.redeem({ client, pending, callbackUrl: callback });
    expect(tokens).toMatchObject({ issuer: d.metadata.issuer, resource: d.mcpUrl, tokenType: expect.stringMatching(/^bearer$/i) });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());
    expect((await mcpCall(d.mcpUrl, tokens.accessToken)).status).toBe(200);

    // Every exchange captured, in order, with status and timing, and no secret in the clear.
    expect(d.exchanges.map((e) => [e.step, e.method, e.status])).toEqual([
      ['registration', 'POST', 201],
      ['token', 'POST', 200],
    ]);
    expect(d.exchanges[0]!.url).toBe(d.metadata.registrationEndpoint);
    expect(d.exchanges[0]!.requestBody).toContain('"application_type":"native"');
    for (const e of d.exchanges) expect(e.durationMs).toBeGreaterThanOrEqual(0);
    const shown = JSON.stringify(d.exchanges);
    expect(shown).not.toContain(tokens.accessToken);
    expect(shown).not.toContain(tokens.refreshToken!);
    expect(shown).not.toContain(callback.searchParams.get('code')!);
    expect(shown).not.toContain(pending.codeVerifier);
    expect(d.exchanges[1]!.responseBody).toContain('"access_token":"••••');
  });

  it('refreshes after the access token expires, and the new token works', async () => {
    const d = await demo(['--token-lifetime', '1']);
    const { client, pending, callback } = await authorize(d);
    const first = await d.flow.redeem({ client, pending, callbackUrl: callback });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mcpCall(d.mcpUrl, first.accessToken)).status).toBe(401);
    const second = await d.flow.refresh({ client, tokens: first });
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.resource).toBe(d.mcpUrl);
    expect(second.refreshToken).toBeTruthy();
    expect((await mcpCall(d.mcpUrl, second.accessToken)).status).toBe(200);
    expect(d.exchanges.at(-1)).toMatchObject({ step: 'refresh', method: 'POST', status: 200 });
    expect(d.exchanges.at(-1)!.requestBody).not.toContain(first.refreshToken!);
  });

  it('refuses a callback whose state is not the one it sent, before redeeming the code', async () => {
    const d = await demo();
    const { client, pending, callback } = await authorize(d);
    const error = await refusal(d.flow.redeem({ client, pending: { ...pending, state: 'another-attempt' }, callbackUrl: callback }));
    expect(error.step).toBe('authorization-response');
    expect(error.message).toMatch(/state does not match/);
    expect(d.exchanges.some((e) => e.step === 'token')).toBe(false);
  });

  it('validateCallback checks the callback and redeems nothing; redeemCode then redeems its code', async () => {
    const d = await demo();
    const { client, pending, callback } = await authorize(d);
    expect(() => d.flow.validateCallback({ client, pending: { ...pending, state: 'another-attempt' }, callbackUrl: callback })).toThrow(/state does not match/);
    const params = d.flow.validateCallback({ client, pending, callbackUrl: callback });
    expect(params.get('code')).toBe(callback.searchParams.get('code'));
    expect(d.exchanges.some((e) => e.step === 'token')).toBe(false);
    const tokens = await d.flow.redeemCode({ client, pending, params });
    expect((await mcpCall(d.mcpUrl, tokens.accessToken)).status).toBe(200);
  });

  it('refuses a callback whose iss is not the issuer (RFC 9207), before redeeming the code', async () => {
    const d = await demo(['--fault', 'wrong-iss']);
    const { client, pending, callback } = await authorize(d);
    const error = await refusal(d.flow.redeem({ client, pending, callbackUrl: callback }));
    expect(error.step).toBe('authorization-response');
    expect(error.message).toMatch(/iss does not name the authorization server/);
    expect(error.message).toContain(d.metadata.issuer);
    expect(d.exchanges.some((e) => e.step === 'token')).toBe(false);
  });

  it('reports a refused registration with the server’s error', async () => {
    const d = await demo(['--fault', 'refuse-registration']);
    const error = await refusal(d.flow.register({ redirectUri: REDIRECT, clientName: 'x' }));
    expect(error.step).toBe('registration');
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Dynamic client registration was refused: the registration endpoint answered 400 — invalid_client_metadata: this demo refuses every registration (--fault refuse-registration)',
    );
  });

  it('reports a token endpoint 500 naming the step', async () => {
    const d = await demo(['--fault', 'token-500']);
    const { client, pending, callback } = await authorize(d);
    const error = await refusal(d.flow.redeem({ client, pending, callbackUrl: callback }));
    expect(error.step).toBe('token');
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      'Exchanging the authorization code failed: the token endpoint answered 500 — it said: token endpoint failure (--fault token-500)',
    );
    expect(d.exchanges.at(-1)).toMatchObject({ step: 'token', status: 500, responseBody: 'token endpoint failure (--fault token-500)' });
  });
});

/** The decoded id:secret of a Basic authorization value. */
function basicPair(value: string | null): string | undefined {
  const m = /^Basic (.+)$/.exec(value ?? '');
  return m ? atob(m[1]!).split(':').map(decodeURIComponent).join(':') : undefined;
}

describe('OAuth token flow without a server', () => {
  const metadata: AuthorizationServerMetadata = {
    issuer: 'https://as.example',
    authorizationEndpoint: 'https://as.example/authorize',
    tokenEndpoint: 'https://as.example/token',
    document: {},
  };

  it('derives application_type from the redirect URI', () => {
    expect(applicationTypeFor('http://127.0.0.1:6274/oauth/callback')).toBe('native');
    expect(applicationTypeFor('http://localhost:6274/cb')).toBe('native');
    expect(applicationTypeFor('com.example.app:/cb')).toBe('native');
    expect(applicationTypeFor('https://inspector.example.com/cb')).toBe('web');
  });

  it('says to use a pre-registered client when the server offers no registration', async () => {
    const flow = createOAuthFlow({ metadata, exchanges: [], fetch: noNetwork });
    const error = await refusal(flow.register({ redirectUri: REDIRECT, clientName: 'x' }));
    expect(error.message).toMatch(/no dynamic client registration.*pre-registered client id/);
  });

  it.each([
    // RFC 6749 §2.3.1: id and secret are form-encoded before base64.
    ['client_secret_basic', (h: Headers, body: URLSearchParams) => basicPair(h.get('authorization')) === 'pre-id:s3cret' && !body.has('client_secret')],
    [
      'client_secret_post',
      (h: Headers, body: URLSearchParams) => !h.has('authorization') && body.get('client_secret') === 's3cret' && body.get('client_id') === 'pre-id',
    ],
  ] as const)('authenticates a pre-registered client with %s and masks its secret', async (method, check) => {
    const seen: { headers: Headers; body: URLSearchParams }[] = [];
    const fakeFetch = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      seen.push({ headers: new Headers(init?.headers), body: new URLSearchParams(String(init?.body)) });
      return Response.json({ access_token: 'fresh-access', token_type: 'Bearer', expires_in: 60 });
    };
    const exchanges: OAuthFlowExchange[] = [];
    const flow = createOAuthFlow({ metadata, exchanges, fetch: fakeFetch as typeof fetch, clock: () => 1_000 });
    const client: ClientRegistration = {
      issuer: metadata.issuer,
      clientId: 'pre-id',
      clientSecret: 's3cret',
      tokenEndpointAuthMethod: method,
      source: 'pre-registered',
    };
    const tokens = await flow.refresh({
      client,
      tokens: { issuer: metadata.issuer, resource: 'https://mcp.example/mcp', accessToken: 'old', tokenType: 'Bearer', refreshToken: 'keep-me', obtainedAt: 0 },
    });
    expect(check(seen[0]!.headers, seen[0]!.body)).toBe(true);
    expect(seen[0]!.body.get('resource')).toBe('https://mcp.example/mcp');
    // No new refresh token: the old one is kept.
    expect(tokens).toMatchObject({ accessToken: 'fresh-access', refreshToken: 'keep-me', expiresAt: 61_000, obtainedAt: 1_000 });
    expect(JSON.stringify(exchanges)).not.toMatch(/s3cret|keep-me|fresh-access/);
  });

  it('client_secret_basic form-encodes as URLSearchParams does: "-", ".", "_" and "*" stay as they are (servers that do not decode see the same id)', async () => {
    let authorization: string | null = null;
    const fakeFetch = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      authorization = new Headers(init?.headers).get('authorization');
      return Response.json({ access_token: 'a', token_type: 'Bearer' });
    };
    const flow = createOAuthFlow({ metadata, exchanges: [], fetch: fakeFetch as typeof fetch });
    const client: ClientRegistration = {
      issuer: metadata.issuer,
      clientId: 'pre-registered_client.v2*',
      clientSecret: 'a b:c/é',
      tokenEndpointAuthMethod: 'client_secret_basic',
      source: 'pre-registered',
    };
    await flow.refresh({
      client,
      tokens: { issuer: metadata.issuer, resource: 'https://mcp.example/mcp', accessToken: 'o', tokenType: 'Bearer', refreshToken: 'r', obtainedAt: 0 },
    });
    expect(authorization).toBe(`Basic ${btoa('pre-registered_client.v2*:a+b%3Ac%2F%C3%A9')}`);
  });

  it('takes a registration whose secret has no client_secret_expires_at as never expiring (RFC 7591 requires the field; many servers omit it)', async () => {
    const registering = { ...metadata, registrationEndpoint: 'https://as.example/register' };
    const fakeFetch = async (): Promise<Response> =>
      Response.json({ client_id: 'dyn-id', client_secret: 'dyn-s3cret', token_endpoint_auth_method: 'client_secret_basic' }, { status: 201 });
    const exchanges: OAuthFlowExchange[] = [];
    const flow = createOAuthFlow({ metadata: registering, exchanges, fetch: fakeFetch as typeof fetch });
    const client = await flow.register({ redirectUri: REDIRECT, clientName: 'x' });
    expect(client).toEqual({
      issuer: metadata.issuer,
      clientId: 'dyn-id',
      clientSecret: 'dyn-s3cret',
      tokenEndpointAuthMethod: 'client_secret_basic',
      source: 'dynamic',
    });
    expect(JSON.stringify(exchanges)).not.toContain('dyn-s3cret');
  });

  const pendingFor = (state: string): PendingAuthorization => ({
    url: 'https://as.example/authorize',
    state,
    codeVerifier: 'v'.repeat(43),
    redirectUri: REDIRECT,
    resource: 'https://mcp.example/mcp',
  });
  const publicClient: ClientRegistration = { issuer: metadata.issuer, clientId: 'id', source: 'pre-registered' };

  it('reports the authorization server refusing the authorization (error in the callback) without a token request', async () => {
    const exchanges: OAuthFlowExchange[] = [];
    const flow = createOAuthFlow({ metadata, exchanges, fetch: noNetwork });
    const callbackUrl = `${REDIRECT}?error=access_denied&error_description=the+user+said+no&state=s1`;
    const error = await refusal(flow.redeem({ client: publicClient, pending: pendingFor('s1'), callbackUrl }));
    expect(error.step).toBe('authorization-response');
    expect(error.message).toBe('The authorization server refused the authorization: access_denied: the user said no.');
    expect(exchanges).toEqual([]);
  });

  it('refuses a callback with no iss when the server promises one (RFC 9207)', async () => {
    const promising = { ...metadata, document: { authorization_response_iss_parameter_supported: true } };
    const flow = createOAuthFlow({ metadata: promising, exchanges: [], fetch: noNetwork });
    const error = await refusal(flow.redeem({ client: publicClient, pending: pendingFor('s1'), callbackUrl: `${REDIRECT}?code=c&state=s1` }));
    expect(error.message).toMatch(/iss does not name the authorization server https:\/\/as\.example.*missing/);
  });

  it('a token endpoint answering 204 (no body) fails the step with its status', async () => {
    const exchanges: OAuthFlowExchange[] = [];
    const empty = (async () => new Response(null, { status: 204 })) as typeof fetch;
    const flow = createOAuthFlow({ metadata, exchanges, fetch: empty });
    const tokens = { issuer: metadata.issuer, resource: 'https://mcp.example/mcp', accessToken: 'a', tokenType: 'Bearer', refreshToken: 'r', obtainedAt: 0 };
    const error = await refusal(flow.refresh({ client: publicClient, tokens }));
    expect(error.message).toMatch(/^Refreshing the access token failed: the token endpoint answered 204 — /);
    expect(error.message).not.toMatch(/Response constructor/);
    expect(exchanges).toMatchObject([{ step: 'refresh', status: 204, responseBody: '' }]);
  });

  it('records a network failure of the token endpoint and names the step', async () => {
    const exchanges: OAuthFlowExchange[] = [];
    const down = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    const flow = createOAuthFlow({ metadata, exchanges, fetch: down });
    const tokens = { issuer: metadata.issuer, resource: 'https://mcp.example/mcp', accessToken: 'a', tokenType: 'Bearer', refreshToken: 'r', obtainedAt: 0 };
    const error = await refusal(flow.refresh({ client: publicClient, tokens }));
    expect(error.step).toBe('refresh');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('Refreshing the access token failed: the token endpoint could not be reached — fetch failed');
    expect(exchanges).toMatchObject([{ step: 'refresh', method: 'POST', url: 'https://as.example/token', error: 'fetch failed' }]);
  });

  it('explains a secret-based method with no secret, and a missing refresh token', async () => {
    const flow = createOAuthFlow({ metadata, exchanges: [], fetch: noNetwork });
    const tokens = { issuer: metadata.issuer, resource: 'https://mcp.example/mcp', accessToken: 'a', tokenType: 'Bearer', refreshToken: 'r', obtainedAt: 0 };
    const noSecret: ClientRegistration = { issuer: metadata.issuer, clientId: 'id', tokenEndpointAuthMethod: 'client_secret_post', source: 'pre-registered' };
    expect((await refusal(flow.refresh({ client: noSecret, tokens }))).message).toMatch(/has no client secret/);
    const { refreshToken: _dropped, ...withoutRefresh } = tokens;
    const none: ClientRegistration = { issuer: metadata.issuer, clientId: 'id', source: 'pre-registered' };
    expect((await refusal(flow.refresh({ client: none, tokens: withoutRefresh }))).message).toMatch(/no refresh token.*authorize again/);
  });
});
