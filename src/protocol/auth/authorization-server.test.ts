import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../../test/fixtures/auth-fetch.js';
import { authorizationServerMetadataUrls, discoverAuthorizationServerMetadata, discoverLegacyAuthorizationServer } from './authorization-server.js';

const ROOT_ISSUER = 'https://auth.example.com';
const TENANT = 'https://auth.example.com/tenant1';
const meta = (issuer: string, extra: Record<string, unknown> = {}) =>
  json({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    ...extra,
  });

const OAUTH_INSERT = 'https://auth.example.com/.well-known/oauth-authorization-server/tenant1';
const OIDC_INSERT = 'https://auth.example.com/.well-known/openid-configuration/tenant1';
const OIDC_APPEND = 'https://auth.example.com/tenant1/.well-known/openid-configuration';
const OAUTH_ROOT = 'https://auth.example.com/.well-known/oauth-authorization-server';
const OIDC_ROOT = 'https://auth.example.com/.well-known/openid-configuration';

describe('authorizationServerMetadataUrls', () => {
  it('gives the spec order for an issuer with a path and without one', () => {
    expect(authorizationServerMetadataUrls(TENANT).map((c) => c.url)).toEqual([OAUTH_INSERT, OIDC_INSERT, OIDC_APPEND]);
    expect(authorizationServerMetadataUrls(`${TENANT}/`).map((c) => c.url)).toEqual([OAUTH_INSERT, OIDC_INSERT, OIDC_APPEND]);
    expect(authorizationServerMetadataUrls(ROOT_ISSUER).map((c) => c.url)).toEqual([OAUTH_ROOT, OIDC_ROOT]);
    expect(authorizationServerMetadataUrls(`${ROOT_ISSUER}/`).map((c) => c.url)).toEqual([OAUTH_ROOT, OIDC_ROOT]);
  });
});

describe('discoverAuthorizationServerMetadata', () => {
  it('asks in the spec order for an issuer with a path, stopping at the first good document', async () => {
    const all = { [OAUTH_INSERT]: meta(TENANT), [OIDC_INSERT]: meta(TENANT), [OIDC_APPEND]: meta(TENANT) };
    const first = fakeFetch(all);
    const r1 = await discoverAuthorizationServerMetadata({ issuer: TENANT, fetch: first.fetch });
    expect(first.asked).toEqual([OAUTH_INSERT]);
    expect(r1).toMatchObject({ ok: true, source: 'oauth-authorization-server', url: OAUTH_INSERT });

    const second = fakeFetch({ [OIDC_INSERT]: meta(TENANT), [OIDC_APPEND]: meta(TENANT) });
    const r2 = await discoverAuthorizationServerMetadata({ issuer: TENANT, fetch: second.fetch });
    expect(second.asked).toEqual([OAUTH_INSERT, OIDC_INSERT]);
    expect(r2).toMatchObject({ ok: true, source: 'openid-configuration', url: OIDC_INSERT });

    const third = fakeFetch({ [OIDC_APPEND]: meta(TENANT), [OAUTH_ROOT]: meta(ROOT_ISSUER) });
    const r3 = await discoverAuthorizationServerMetadata({ issuer: TENANT, fetch: third.fetch });
    expect(third.asked).toEqual([OAUTH_INSERT, OIDC_INSERT, OIDC_APPEND]);
    expect(r3).toMatchObject({ ok: true, source: 'openid-configuration', url: OIDC_APPEND });
    expect(r3.ok && r3.metadata).toMatchObject({
      issuer: TENANT,
      authorizationEndpoint: `${TENANT}/authorize`,
      tokenEndpoint: `${TENANT}/token`,
      registrationEndpoint: `${TENANT}/register`,
      codeChallengeMethodsSupported: ['S256'],
    });
  });

  it('asks OAuth then OpenID for an issuer without a path', async () => {
    const f = fakeFetch({ [OIDC_ROOT]: meta(ROOT_ISSUER, { scopes_supported: ['openid', 'offline_access'] }) });
    const r = await discoverAuthorizationServerMetadata({ issuer: ROOT_ISSUER, fetch: f.fetch });
    expect(f.asked).toEqual([OAUTH_ROOT, OIDC_ROOT]);
    expect(r.ok && r.metadata.scopesSupported).toEqual(['openid', 'offline_access']);
    expect(r.problems).toEqual([]);
  });

  it('lists the URLs tried when none answers', async () => {
    const r = await discoverAuthorizationServerMetadata({ issuer: TENANT, fetch: fakeFetch({ [OIDC_INSERT]: { status: 403, body: 'no' } }).fetch });
    expect(r).toMatchObject({ ok: false, found: false });
    expect(r.problems.map((p) => p.message)).toEqual([
      `Authorization server metadata for ${TENANT}: no document at the well-known URIs, tried in the spec's order: ${OAUTH_INSERT} (HTTP 404), then ${OIDC_INSERT} (HTTP 403), then ${OIDC_APPEND} (HTTP 404).`,
    ]);
  });

  it('passes over HTML, malformed JSON and another issuer, naming each URL, and uses a later good one', async () => {
    const f = fakeFetch({
      [OAUTH_INSERT]: { contentType: 'text/html; charset=utf-8', body: '<html>login</html>' },
      [OIDC_INSERT]: meta('https://attacker.example'),
      [OIDC_APPEND]: meta(TENANT),
    });
    const r = await discoverAuthorizationServerMetadata({ issuer: TENANT, fetch: f.fetch });
    expect(r.ok).toBe(true);
    expect(r.problems.map((p) => p.message)).toEqual([
      `Authorization server metadata at ${OAUTH_INSERT} cannot be used: the answer is HTML (text/html; charset=utf-8), not a JSON metadata document.`,
      `Authorization server metadata at ${OIDC_INSERT} names the issuer https://attacker.example, not ${TENANT} (the issuer it was discovered from); the document must not be used.`,
    ]);
    const bad = await discoverAuthorizationServerMetadata({
      issuer: ROOT_ISSUER,
      fetch: fakeFetch({ [OAUTH_ROOT]: { body: '{oops' }, [OIDC_ROOT]: json({ token_endpoint: 'x' }) }).fetch,
    });
    expect(bad.ok).toBe(false);
    expect(bad.problems.map((p) => p.message)).toEqual([
      `Authorization server metadata at ${OAUTH_ROOT} cannot be used: the body is not valid JSON ("{oops").`,
      `Authorization server metadata at ${OIDC_ROOT} has no "issuer" string; it must name ${ROOT_ISSUER}.`,
    ]);
  });

  it('compares the issuer exactly (a trailing slash is another issuer)', async () => {
    const r = await discoverAuthorizationServerMetadata({ issuer: ROOT_ISSUER, fetch: fakeFetch({ [OAUTH_ROOT]: meta(`${ROOT_ISSUER}/`) }).fetch });
    expect(r.ok).toBe(false);
    expect(r.problems[0]!.message).toMatch(/names the issuer https:\/\/auth.example.com\/, not https:\/\/auth.example.com /);
    expect(r.problems[0]!.spec).toBe('https://datatracker.ietf.org/doc/html/rfc8414#section-3.3');
  });

  it('refuses a server that does not advertise PKCE, or advertises it without S256', async () => {
    const absent = await discoverAuthorizationServerMetadata({
      issuer: ROOT_ISSUER,
      fetch: fakeFetch({ [OAUTH_ROOT]: meta(ROOT_ISSUER, { code_challenge_methods_supported: undefined }) }).fetch,
    });
    expect(absent).toMatchObject({ ok: false, found: true });
    expect(absent.problems[0]!.message).toBe(
      `Authorization server metadata at ${OAUTH_ROOT} has no "code_challenge_methods_supported", so the server does not advertise PKCE; MCP clients must refuse to proceed.`,
    );
    expect(absent.problems[0]!.spec).toMatch(/#authorization-code-protection$/);
    const plainOnly = await discoverAuthorizationServerMetadata({
      issuer: ROOT_ISSUER,
      fetch: fakeFetch({ [OAUTH_ROOT]: meta(ROOT_ISSUER, { code_challenge_methods_supported: ['plain'] }) }).fetch,
    });
    expect(plainOnly.ok).toBe(false);
    expect(plainOnly.problems[0]!.message).toMatch(/\["plain"\] without S256/);
  });

  it("stops at the issuer's own document even when it is unusable (does not go on to the next URL)", async () => {
    const f = fakeFetch({ [OAUTH_ROOT]: meta(ROOT_ISSUER, { code_challenge_methods_supported: undefined }), [OIDC_ROOT]: meta(ROOT_ISSUER) });
    await discoverAuthorizationServerMetadata({ issuer: ROOT_ISSUER, fetch: f.fetch });
    expect(f.asked).toEqual([OAUTH_ROOT]);
  });

  it('names missing or malformed fields', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ authorization_endpoint: undefined }, /has no "authorization_endpoint"; the flow needs it/],
      [{ token_endpoint: undefined }, /has no "token_endpoint"/],
      [{ token_endpoint: 42 }, /"token_endpoint" that is not a URL: it is not a string/],
      [{ registration_endpoint: '/register' }, /"registration_endpoint" that is not a URL: "\/register" is not an absolute URL/],
      [{ scopes_supported: 'openid' }, /"scopes_supported" that is not an array of strings/],
      [{ code_challenge_methods_supported: 'S256' }, /"code_challenge_methods_supported" that is not an array of strings/],
    ];
    for (const [extra, message] of cases) {
      const r = await discoverAuthorizationServerMetadata({ issuer: ROOT_ISSUER, fetch: fakeFetch({ [OAUTH_ROOT]: meta(ROOT_ISSUER, extra) }).fetch });
      expect(r.ok, JSON.stringify(extra)).toBe(false);
      expect(r.problems.map((p) => p.message).join(' | ')).toMatch(message);
    }
    const noResponseTypes = await discoverAuthorizationServerMetadata({
      issuer: ROOT_ISSUER,
      fetch: fakeFetch({ [OAUTH_ROOT]: meta(ROOT_ISSUER, { response_types_supported: undefined }) }).fetch,
    });
    expect(noResponseTypes.ok).toBe(true);
    expect(noResponseTypes.problems).toMatchObject([{ severity: 'warning', message: expect.stringContaining('response_types_supported') }]);
  });

  it('refuses an issuer that is not a URL or has a query, without asking anything', async () => {
    for (const [issuer, message] of [
      ['auth.example.com', /is not an absolute URL/],
      ['https://auth.example.com?tenant=1', /an issuer has no query or fragment/],
    ] as const) {
      const f = fakeFetch({});
      const r = await discoverAuthorizationServerMetadata({ issuer, fetch: f.fetch });
      expect(f.asked).toEqual([]);
      expect(r.problems[0]!.message).toMatch(message);
    }
  });
});

describe('discoverLegacyAuthorizationServer (2025-03-26)', () => {
  const SERVER = 'https://api.example.com/v1/mcp';
  const LEGACY = 'https://api.example.com/.well-known/oauth-authorization-server';

  it('uses RFC 8414 metadata at the MCP server origin, saying which protocol version asks', async () => {
    const f = fakeFetch({ [LEGACY]: meta('https://api.example.com') });
    const r = await discoverLegacyAuthorizationServer({ serverUrl: SERVER, fetch: f.fetch });
    expect(f.asked).toEqual([LEGACY]);
    expect(f.headers[0]).toMatchObject({ 'MCP-Protocol-Version': '2025-03-26' });
    expect(r).toMatchObject({ ok: true, source: 'oauth-authorization-server', metadata: { tokenEndpoint: 'https://api.example.com/token' } });
  });

  it('falls back to the default endpoints at the origin on a 404', async () => {
    const r = await discoverLegacyAuthorizationServer({ serverUrl: SERVER, fetch: fakeFetch({}).fetch });
    expect(r).toMatchObject({
      ok: true,
      source: 'default-endpoints',
      metadata: {
        issuer: 'https://api.example.com',
        authorizationEndpoint: 'https://api.example.com/authorize',
        tokenEndpoint: 'https://api.example.com/token',
        registrationEndpoint: 'https://api.example.com/register',
      },
    });
    expect(r.problems).toMatchObject([{ severity: 'warning', spec: expect.stringContaining('2025-03-26') }]);
  });

  it('does not fall back on other failures, and still checks the issuer', async () => {
    const err = await discoverLegacyAuthorizationServer({ serverUrl: SERVER, fetch: fakeFetch({ [LEGACY]: { status: 500, body: 'x' } }).fetch });
    expect(err.ok).toBe(false);
    expect(err.problems[0]!.message).toMatch(/answered HTTP 500; the 2025-03-26 default endpoints apply only when there is no metadata \(404\)/);
    const html = await discoverLegacyAuthorizationServer({
      serverUrl: SERVER,
      fetch: fakeFetch({ [LEGACY]: { contentType: 'text/html', body: '<p>' } }).fetch,
    });
    expect(html.ok).toBe(false);
    const other = await discoverLegacyAuthorizationServer({ serverUrl: SERVER, fetch: fakeFetch({ [LEGACY]: meta('https://elsewhere.example') }).fetch });
    expect(other.ok).toBe(false);
    expect(other.problems[0]!.message).toMatch(/names the issuer https:\/\/elsewhere.example, not https:\/\/api.example.com/);
  });

  it('only warns when old metadata does not advertise PKCE, and refuses one without S256', async () => {
    const noPkce = await discoverLegacyAuthorizationServer({
      serverUrl: SERVER,
      fetch: fakeFetch({ [LEGACY]: meta('https://api.example.com', { code_challenge_methods_supported: undefined }) }).fetch,
    });
    expect(noPkce.ok).toBe(true);
    expect(noPkce.problems).toMatchObject([{ severity: 'warning' }]);
    const plain = await discoverLegacyAuthorizationServer({
      serverUrl: SERVER,
      fetch: fakeFetch({ [LEGACY]: meta('https://api.example.com', { code_challenge_methods_supported: ['plain'] }) }).fetch,
    });
    expect(plain.ok).toBe(false);
  });
});
