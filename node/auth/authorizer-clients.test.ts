// The OAuth engine's choices the protected demo cannot show, against an
// in-memory server: pre-registered clients (basic, post, none), Client ID
// Metadata Documents, a resource that does not match, the iss rules, offline_access,
// an authorization server that changes, 2025-03-26 servers, a refused refresh.
import { describe, expect, it } from 'vitest';
import type { HttpAuthConfig } from '../../src/protocol/index.js';
import { createCallbackRegistry } from './callbacks.js';
import { CredentialStore } from './credential-store.js';
import { everythingShown, harness, type Harness } from '../../test/fixtures/oauth/authorizer-harness.js';
import { fakeOAuth, type FakeOAuth, type FakeOAuthOptions } from '../../test/fixtures/oauth/fake-oauth.js';

const AS = 'https://auth.example.com';
const CHALLENGE = { status: 401 as const, wwwAuthenticate: 'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"' };

async function setup(
  o: Partial<FakeOAuthOptions> = {},
  config: Partial<HttpAuthConfig> = {},
  extra: { store?: CredentialStore; protocolVersion?: string; clock?: () => number } = {},
): Promise<{ fake: FakeOAuth; h: Harness }> {
  const fake = fakeOAuth({ prm: { authorizationServers: () => [AS], scopesSupported: ['mcp:basic'] }, issuers: { [AS]: {} }, ...o });
  const callbacks = createCallbackRegistry();
  const h = await harness(fake.mcpUrl, {
    config,
    callbacks,
    open: fake.opener(callbacks),
    ...(extra.store && { store: extra.store }),
    ...(extra.protocolVersion && { protocolVersion: extra.protocolVersion }),
    extra: { fetch: fake.fetch, ...(extra.clock && { clock: extra.clock }) },
  });
  return { fake, h };
}

const tokenRequests = (fake: FakeOAuth) => fake.seen.filter((r) => r.method === 'POST' && r.url.endsWith('/token'));
const registrations = (fake: FakeOAuth) => fake.seen.filter((r) => r.url.endsWith('/register'));
/** The last snapshot of each flow, in the order they started. */
const finalFlows = (h: Harness) => [...new Map(h.flows.map((f) => [f.flowId, f])).values()];
const step = (h: Harness, id: string) => h.authorizer.current()!.steps.find((s) => s.id === id)!;

describe('pre-registered clients', () => {
  it('client_secret_basic: no registration, the secret in the Authorization header only, never in a view', async () => {
    const { fake, h } = await setup({}, { clientId: 'preid', clientSecret: 's3cretvalue', tokenEndpointAuthMethod: 'client_secret_basic' });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(registrations(fake)).toEqual([]);
    const [token] = tokenRequests(fake);
    expect(token!.headers.authorization).toBe(`Basic ${Buffer.from('preid:s3cretvalue').toString('base64')}`);
    expect(token!.body).not.toContain('s3cretvalue');
    expect(step(h, 'registration')).toMatchObject({ state: 'done', summary: expect.stringContaining('pre-registered client id preid') });
    expect(fake.authorizations[0]!.searchParams.get('client_id')).toBe('preid');
    expect(everythingShown(h)).not.toContain('s3cretvalue');
    expect(everythingShown(h)).not.toContain(Buffer.from('preid:s3cretvalue').toString('base64'));
    // The Network view shows the token request's headers, the credential masked.
    const shown = h.exchanges.find((e) => e.authStep === 'token')!;
    expect(shown.requestHeaders).toContainEqual(['authorization', expect.stringMatching(/^Basic •••• \(\d+ characters hidden\)$/)]);
    expect(shown.responseHeaders).toContainEqual(['content-type', 'application/json']);
  });

  it('client_secret_basic encodes only what must be: "-" stays, ":" does not', async () => {
    const { fake, h } = await setup({}, { clientId: 'pre-registered-client', clientSecret: 'a:b c', tokenEndpointAuthMethod: 'client_secret_basic' });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    const basic = tokenRequests(fake)[0]!.headers.authorization!.slice('Basic '.length);
    expect(Buffer.from(basic, 'base64').toString()).toBe('pre-registered-client:a%3Ab+c');
  });

  it('refuses a pre-registered client id that belongs to another authorization server', async () => {
    const store = await CredentialStore.open();
    await store.saveClient({ issuer: 'https://other.example.com', clientId: 'preid', source: 'pre-registered' });
    const { fake, h } = await setup({}, { clientId: 'preid' }, { store });
    const outcome = await h.authorizer.handleChallenge(CHALLENGE);
    expect(outcome).toMatchObject({
      retry: false,
      message: expect.stringMatching(/step 4 \(Client registration\) failed: The client id "preid" was pre-registered with https:\/\/other\.example\.com/),
    });
    expect(fake.authorizations).toEqual([]);
  });

  it('client_secret_post: the secret in the body (masked in the view)', async () => {
    const { fake, h } = await setup({}, { clientId: 'preid', clientSecret: 's3cretvalue', tokenEndpointAuthMethod: 'client_secret_post' });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    const [token] = tokenRequests(fake);
    expect(token!.headers.authorization).toBeUndefined();
    expect(new URLSearchParams(token!.body).get('client_secret')).toBe('s3cretvalue');
    expect(everythingShown(h)).not.toContain('s3cretvalue');
  });

  it('a secret-based method without a secret fails at registration, before anyone approves', async () => {
    const { fake, h } = await setup({}, { clientId: 'preid', tokenEndpointAuthMethod: 'client_secret_post' });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toMatchObject({
      retry: false,
      message: expect.stringMatching(
        /step 4 \(Client registration\) failed: the pre-registered client preid is set to client_secret_post, which needs a client secret/,
      ),
    });
    expect(fake.authorizations).toEqual([]);
  });

  it('none: only the client id', async () => {
    const { fake, h } = await setup({}, { clientId: 'public-id', tokenEndpointAuthMethod: 'none' });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    const [token] = tokenRequests(fake);
    expect(token!.headers.authorization).toBeUndefined();
    expect(new URLSearchParams(token!.body).get('client_id')).toBe('public-id');
    expect(new URLSearchParams(token!.body).get('client_secret')).toBeNull();
  });
});

describe('Client ID Metadata Documents', () => {
  const CIMD = 'https://client.example.com/mcpscope.json';
  it('uses the document URL as client_id when the server supports it, without registering', async () => {
    const { fake, h } = await setup({ issuers: { [AS]: { metadata: { client_id_metadata_document_supported: true } } } }, { clientMetadataUrl: CIMD });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(registrations(fake)).toEqual([]);
    expect(fake.authorizations[0]!.searchParams.get('client_id')).toBe(CIMD);
    expect(new URLSearchParams(tokenRequests(fake)[0]!.body).get('client_id')).toBe(CIMD);
    expect(h.store.client(AS)).toMatchObject({ clientId: CIMD, source: 'metadata-document', tokenEndpointAuthMethod: 'none' });
  });

  it("comes before a client stored from an earlier dynamic registration (the spec's order)", async () => {
    const store = await CredentialStore.open();
    await store.saveClient({ issuer: AS, clientId: 'stored-dcr-client', source: 'dynamic' });
    const { fake, h } = await setup(
      { issuers: { [AS]: { metadata: { client_id_metadata_document_supported: true } } } },
      { clientMetadataUrl: CIMD },
      { store },
    );
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(fake.authorizations[0]!.searchParams.get('client_id')).toBe(CIMD);
  });

  it('refuses a metadata document URL that cannot be a client id', async () => {
    const { fake, h } = await setup(
      { issuers: { [AS]: { metadata: { client_id_metadata_document_supported: true } } } },
      { clientMetadataUrl: 'http://client.example.com/c.json' },
    );
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toMatchObject({
      retry: false,
      message: expect.stringMatching(
        /step 4 \(Client registration\) failed: the client metadata URL http:\/\/client\.example\.com\/c\.json cannot be a client id: it must be an https URL with a path/,
      ),
    });
    expect(fake.authorizations).toEqual([]);
  });

  it('registers dynamically when the server does not advertise support, and says why', async () => {
    const { fake, h } = await setup({}, { clientMetadataUrl: CIMD });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(registrations(fake)).toHaveLength(1);
    expect(step(h, 'registration').summary).toMatch(/does not advertise client_id_metadata_document_supported/);
  });
});

describe('the rules of the authorization request and response', () => {
  it('stops before authorizing when the resource metadata names another resource', async () => {
    const { fake, h } = await setup({ prm: { resource: 'https://evil.example.com/mcp', authorizationServers: () => [AS] } });
    const outcome = await h.authorizer.handleChallenge(CHALLENGE);
    expect(outcome).toMatchObject({ retry: false, message: expect.stringMatching(/step 2 .*evil\.example\.com.*rule AUTH-PRM-RESOURCE/) });
    expect(fake.authorizations).toEqual([]);
    expect(registrations(fake)).toEqual([]);
  });

  it('sends the resource exactly as the metadata publishes it', async () => {
    const { fake, h } = await setup({ prm: { resource: 'https://mcp.example.com/', authorizationServers: () => [AS] } });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(fake.authorizations[0]!.searchParams.get('resource')).toBe('https://mcp.example.com/');
  });

  const issCase = async (iss: 'omit' | 'wrong' | 'trailing-slash', advertised: boolean) => {
    const metadata = advertised ? { authorization_response_iss_parameter_supported: true } : {};
    return setup({ issuers: { [AS]: { iss, metadata } } });
  };
  it('refuses a callback without iss when the server advertises it, before redeeming the code', async () => {
    const { fake, h } = await issCase('omit', true);
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toMatchObject({
      retry: false,
      message: expect.stringMatching(/step 6 \(Callback\).*iss.*\(rule AUTH-ISS\)\.$/),
    });
    expect(tokenRequests(fake)).toEqual([]);
    const callback = h.authorizer.current()!.steps.find((s) => s.id === 'callback')!;
    expect(callback.findings.map((f) => [f.rule, f.severity])).toEqual([['AUTH-ISS', 'error']]);
  });
  it('accepts a callback without iss when the server does not advertise it, with a note that it should send one', async () => {
    const { h } = await issCase('omit', false);
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    const callback = h.authorizer.current()!.steps.find((s) => s.id === 'callback')!;
    expect(callback.findings.map((f) => [f.rule, f.severity])).toEqual([['AUTH-ISS', 'info']]);
  });
  it('refuses an unexpected iss even when not advertised, and compares iss as a plain string', async () => {
    for (const [iss, advertised] of [
      ['wrong', false],
      ['trailing-slash', true],
    ] as const) {
      const { fake, h } = await issCase(iss, advertised);
      expect(await h.authorizer.handleChallenge(CHALLENGE)).toMatchObject({ retry: false, message: expect.stringMatching(/step 6 \(Callback\).*iss/) });
      expect(tokenRequests(fake)).toEqual([]);
    }
  });

  it('adds offline_access only when the authorization server lists it, and sends no scope when none is known', async () => {
    const listed = await setup({ issuers: { [AS]: { metadata: { scopes_supported: ['mcp:basic', 'offline_access'] } } } });
    await listed.h.authorizer.handleChallenge(CHALLENGE);
    expect(listed.fake.authorizations[0]!.searchParams.get('scope')).toBe('mcp:basic offline_access');
    const unlisted = await setup({ issuers: { [AS]: { metadata: { scopes_supported: ['mcp:basic'] } } } });
    await unlisted.h.authorizer.handleChallenge(CHALLENGE);
    expect(unlisted.fake.authorizations[0]!.searchParams.get('scope')).toBe('mcp:basic');
    const none = await setup({ prm: { authorizationServers: () => [AS] }, issuers: { [AS]: { metadata: { scopes_supported: ['offline_access'] } } } });
    await none.h.authorizer.handleChallenge(CHALLENGE);
    expect(none.fake.authorizations[0]!.searchParams.has('scope')).toBe(false);
  });

  it('asks for the configured scope instead of the selected one', async () => {
    const { fake, h } = await setup({}, { scope: 'mcp:other' });
    await h.authorizer.handleChallenge(CHALLENGE);
    expect(fake.authorizations[0]!.searchParams.get('scope')).toBe('mcp:other');
  });

  it('fails the token step for a token that is not a Bearer token (DPoP is not supported)', async () => {
    const { h } = await setup({ issuers: { [AS]: { tokenType: 'DPoP' } } });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toMatchObject({ retry: false, message: expect.stringMatching(/step 7 \(Token\).*DPoP/) });
  });
});

describe('client credentials (the OAuth client credentials extension)', () => {
  const machineOnly = { issuers: { [AS]: { metadata: { grant_types_supported: ['client_credentials'] } } } };

  it('a pre-registered confidential client at a server that grants only client_credentials: tokens without a person', async () => {
    const { fake, h } = await setup(machineOnly, { clientId: 'machine', clientSecret: 'm4chine-secret' });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(fake.authorizations).toEqual([]);
    const [token] = tokenRequests(fake);
    const form = new URLSearchParams(token!.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('resource')).toBe(fake.mcpUrl);
    expect(token!.headers.authorization).toBe(`Basic ${Buffer.from('machine:m4chine-secret').toString('base64')}`);
    expect(step(h, 'authorization')).toMatchObject({
      state: 'skipped',
      summary: expect.stringContaining('grants client_credentials and not authorization_code'),
    });
    expect(step(h, 'token')).toMatchObject({ state: 'done', summary: expect.stringContaining('client_credentials grant') });
    expect(await h.authorizer.authorizationHeader()).toMatch(/^Bearer access-\d+-client_credentials$/);
    expect(everythingShown(h)).not.toContain('m4chine-secret');
  });

  it('a server that also grants authorization_code, or a client without a secret: the person authorizes as usual', async () => {
    const both = await setup(
      { issuers: { [AS]: { metadata: { grant_types_supported: ['authorization_code', 'client_credentials'] } } } },
      { clientId: 'm', clientSecret: 's' },
    );
    expect(await both.h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(both.fake.authorizations).toHaveLength(1);
    const publicClient = await setup(machineOnly, { clientId: 'm' });
    await publicClient.h.authorizer.handleChallenge(CHALLENGE);
    expect(publicClient.fake.authorizations).toHaveLength(1);
  });
});

describe('dynamic registration answers', () => {
  it('takes a client_secret without client_secret_expires_at as never expiring, and says so', async () => {
    const { fake } = await setup();
    const plain = fake.fetch;
    const withSecret = (async (input: string | URL | Request, init?: RequestInit) => {
      const r = await plain(input, init);
      if (!String(input).endsWith('/register')) return r;
      const body = (await r.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, client_secret: 'dcr-secret-value', token_endpoint_auth_method: 'client_secret_post' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const callbacks = createCallbackRegistry();
    const h2 = await harness(fake.mcpUrl, { callbacks, open: fake.opener(callbacks), extra: { fetch: withSecret } });
    expect(await h2.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(step(h2, 'registration').summary).toMatch(/client_secret without client_secret_expires_at.*taken as never expiring/);
    expect(new URLSearchParams(tokenRequests(fake).at(-1)!.body).get('client_secret')).toBe('dcr-secret-value');
    expect(everythingShown(h2)).not.toContain('dcr-secret-value');
  });
});

describe('servers that change or are old', () => {
  it('registers anew with a new authorization server and never sends the old client id there', async () => {
    const AS2 = 'https://auth2.example.com';
    let servers = [AS];
    const store = await CredentialStore.open();
    const first = await setup({ prm: { authorizationServers: () => servers }, issuers: { [AS]: {}, [AS2]: {} } }, {}, { store });
    expect(await first.h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    const oldClient = store.client(AS)!.clientId;
    servers = [AS2];
    const second = await setup({ prm: { authorizationServers: () => servers }, issuers: { [AS]: {}, [AS2]: {} } }, {}, { store });
    expect(await second.h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    const toAs2 = second.fake.seen.filter((r) => r.url.startsWith(AS2));
    expect(toAs2.some((r) => r.url.endsWith('/register'))).toBe(true);
    expect(JSON.stringify(toAs2)).not.toContain(oldClient);
    expect(second.fake.authorizations.every((u) => u.searchParams.get('client_id') !== oldClient)).toBe(true);
    expect(step(second.h, 'registration').summary).toMatch(/authorized by https:\/\/auth\.example\.com before.*registers anew/);
    // The refresh that came first did not take the old tokens to the new server either.
    const refresh = finalFlows(second.h).find((f) => f.reason === 'expired')!;
    expect(refresh.steps.find((s) => s.id === 'authorization-server-metadata')!.state).toBe('failed');
  });

  it('one connection: a 401 after the new token was accepted (the server moved, 2026-07-28 SEP-2352) registers anew there instead of failing as the retry', async () => {
    const AS2 = 'https://auth2.example.com';
    let servers = [AS];
    // As the conformance suite's servers: no refresh token, so the refusal leads to a full authorization.
    const { fake, h } = await setup({
      prm: { authorizationServers: () => servers },
      issuers: { [AS]: { refreshToken: false }, [AS2]: { refreshToken: false } },
    });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    await h.authorizer.authorizationHeader(); // the retry, accepted
    await h.authorizer.authorizationHeader(); // the next request, refused: the server now names AS2
    servers = [AS2];
    // A new request's first refusal (attempt 0, as the HTTP upstream says), not the retry's.
    expect(await h.authorizer.handleChallenge({ ...CHALLENGE, attempt: 0 })).toEqual({ retry: true });
    expect(registrations(fake).map((r) => new URL(r.url).origin)).toEqual([AS, AS2]);
  });

  it('uses the 2025-03-26 fallbacks for a server without resource metadata, only with that version', async () => {
    const ORIGIN = 'https://mcp.example.com';
    const legacy = await setup({ prm: undefined, issuers: { [ORIGIN]: {} } }, {}, { protocolVersion: '2025-03-26' });
    expect(await legacy.h.authorizer.handleChallenge({ status: 401 })).toEqual({ retry: true });
    expect(legacy.fake.authorizations[0]!.origin).toBe(ORIGIN);
    expect(step(legacy.h, 'resource-metadata').summary).toMatch(/2025-03-26 fallbacks/);
    const modern = await setup({ prm: undefined, issuers: { [ORIGIN]: {} } }, {}, { protocolVersion: '2025-11-25' });
    expect(await modern.h.authorizer.handleChallenge({ status: 401 })).toMatchObject({
      retry: false,
      message: expect.stringMatching(/step 2 .*AUTH-DISCOVERY\)\. A 2025-03-26 server publishes none: connect with protocol version 2025-03-26/),
    });
  });

  it('a challenge during a refresh before sending waits for it, and when the refresh fails runs its own flow', async () => {
    let now = Date.now();
    const { fake, h } = await setup({ issuers: { [AS]: { refuseRefresh: true } } }, {}, { clock: () => now });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    now += 2 * 3600_000;
    const header = h.authorizer.authorizationHeader(); // starts the refresh, which the server refuses
    const outcome = h.authorizer.handleChallenge({ ...CHALLENGE, attempt: 0 });
    expect(await header).toBeUndefined();
    expect(await outcome).toEqual({ retry: true });
    expect(fake.authorizations).toHaveLength(2);
    expect(await h.authorizer.authorizationHeader()).toMatch(/^Bearer access-/);
  });

  it('without attempt, a 401 more than 30 s after new tokens is a new refusal (refresh), within 30 s the retry refused', async () => {
    let now = Date.now();
    const { fake, h } = await setup({}, {}, { clock: () => now });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    now += 31_000;
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(h.authorizer.current()).toMatchObject({ reason: 'expired', state: 'authorized' });
    now += 1_000;
    // Within 30 s of the refreshed token: taken as its retry refused, so a full authorization (not another refresh).
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(h.authorizer.current()).toMatchObject({ reason: 'unauthorized' });
    now += 1_000;
    // And within 30 s of that authorization: the server refused the new token, so it stops.
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toMatchObject({
      retry: false,
      message: expect.stringMatching(/step 8 \(Retry\) failed: the server refused the new token/),
    });
    expect(fake.authorizations).toHaveLength(2);
  });

  it('after a refused refresh token, drops it and runs the full flow', async () => {
    const store = await CredentialStore.open();
    const first = await setup({ issuers: { [AS]: { refuseRefresh: true } } }, {}, { store });
    expect(await first.h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    const second = await setup({ issuers: { [AS]: { refuseRefresh: true } } }, {}, { store });
    expect(await second.h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    const [refresh, full] = finalFlows(second.h);
    expect(refresh).toMatchObject({
      reason: 'expired',
      state: 'failed',
      message: expect.stringMatching(/step 7 \(Token\).*invalid_grant.*A full authorization follows/),
    });
    expect(full).toMatchObject({ reason: 'unauthorized', state: 'authorized' });
    expect(second.fake.authorizations).toHaveLength(1);
  });
});
