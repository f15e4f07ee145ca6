import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../../test/fixtures/auth-fetch.js';
import { discoverAuthorization } from './discover.js';

const SERVER = 'https://mcp.example.com/mcp';
const PRM_PATH = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
const PRM_ROOT = 'https://mcp.example.com/.well-known/oauth-protected-resource';
const AS = 'https://auth.example.com/.well-known/oauth-authorization-server';
const LEGACY = 'https://mcp.example.com/.well-known/oauth-authorization-server';
const asMeta = (issuer: string) =>
  json({
    issuer,
    authorization_endpoint: `${issuer}/a`,
    token_endpoint: `${issuer}/t`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
  });

describe('discoverAuthorization', () => {
  it('goes from the challenge to the metadata URL it names, then to the first authorization server, and picks the challenge scope', async () => {
    const f = fakeFetch({
      'https://mcp.example.com/prm': json({
        resource: SERVER,
        authorization_servers: ['https://auth.example.com', 'https://other.example.com'],
        scopes_supported: ['a', 'b'],
      }),
      [AS]: asMeta('https://auth.example.com'),
    });
    const r = await discoverAuthorization({
      serverUrl: SERVER,
      wwwAuthenticate: 'Bearer resource_metadata="https://mcp.example.com/prm", scope="a"',
      fetch: f.fetch,
    });
    expect(f.asked).toEqual(['https://mcp.example.com/prm', AS]);
    expect(r.ok).toBe(true);
    expect(r.scope).toEqual({ scope: 'a', source: 'www-authenticate' });
    expect(r.authorizationServer).toMatchObject({ source: 'oauth-authorization-server', url: AS, metadata: { tokenEndpoint: 'https://auth.example.com/t' } });
    expect(r.exchanges.map((e) => [e.step, e.url])).toEqual([
      ['protected-resource-metadata', 'https://mcp.example.com/prm'],
      ['authorization-server-metadata', AS],
    ]);
    expect(r.problems).toEqual([]);
  });

  it('without a challenge, uses the well-known URIs and scopes_supported', async () => {
    const f = fakeFetch({
      [PRM_ROOT]: json({ resource: SERVER, authorization_servers: ['https://auth.example.com'], scopes_supported: ['a', 'b'] }),
      [AS]: asMeta('https://auth.example.com'),
    });
    const r = await discoverAuthorization({ serverUrl: SERVER, fetch: f.fetch });
    expect(f.asked).toEqual([PRM_PATH, PRM_ROOT, AS]);
    expect(r.scope).toEqual({ scope: 'a b', source: 'scopes_supported' });
  });

  it('keeps the header problems and falls back to the well-known URIs when resource_metadata is not a URL', async () => {
    const f = fakeFetch({
      [PRM_PATH]: json({ resource: SERVER, authorization_servers: ['https://auth.example.com'] }),
      [AS]: asMeta('https://auth.example.com'),
    });
    const r = await discoverAuthorization({ serverUrl: SERVER, wwwAuthenticate: 'Bearer resource_metadata="prm"', fetch: f.fetch });
    expect(r.ok).toBe(true);
    expect(f.asked[0]).toBe(PRM_PATH);
    expect(r.problems).toMatchObject([{ step: 'www-authenticate', message: expect.stringContaining('absolute http(s) URL') }]);
  });

  it('stops before the authorization server when the resource does not match', async () => {
    const f = fakeFetch({
      [PRM_PATH]: json({ resource: 'https://evil.example.com/mcp', authorization_servers: ['https://auth.example.com'] }),
      [AS]: asMeta('https://auth.example.com'),
    });
    const r = await discoverAuthorization({ serverUrl: SERVER, fetch: f.fetch, legacyFallbacks: true });
    expect(r.ok).toBe(false);
    expect(f.asked).not.toContain(AS);
    expect(f.asked).not.toContain(LEGACY);
    expect(r.problems[0]!.message).toMatch(/does not match the MCP server/);
  });

  it('uses the 2025-03-26 fallbacks only when asked and only when there is no resource metadata', async () => {
    const strict = await discoverAuthorization({ serverUrl: SERVER, fetch: fakeFetch({ [LEGACY]: asMeta('https://mcp.example.com') }).fetch });
    expect(strict.ok).toBe(false);
    expect(strict.problems).toMatchObject([{ severity: 'error', step: 'protected-resource-metadata' }]);

    const f = fakeFetch({ [LEGACY]: asMeta('https://mcp.example.com') });
    const legacy = await discoverAuthorization({ serverUrl: SERVER, fetch: f.fetch, legacyFallbacks: true });
    expect(f.asked).toEqual([PRM_PATH, PRM_ROOT, LEGACY]);
    expect(legacy).toMatchObject({ ok: true, scope: { source: 'omitted' }, authorizationServer: { source: 'oauth-authorization-server' } });
    expect(legacy.problems.every((p) => p.severity === 'warning')).toBe(true);

    const defaults = await discoverAuthorization({ serverUrl: SERVER, fetch: fakeFetch({}).fetch, legacyFallbacks: true });
    expect(defaults).toMatchObject({
      ok: true,
      authorizationServer: { source: 'default-endpoints', metadata: { tokenEndpoint: 'https://mcp.example.com/token' } },
    });
  });

  it('reports an authorization server that fails its checks', async () => {
    const f = fakeFetch({
      [PRM_PATH]: json({ resource: SERVER, authorization_servers: ['https://auth.example.com'] }),
      [AS]: asMeta('https://evil.example.com'),
    });
    const r = await discoverAuthorization({ serverUrl: SERVER, fetch: f.fetch });
    expect(r.ok).toBe(false);
    expect(r.protectedResource?.resource).toBe(SERVER);
    expect(r.problems).toMatchObject([
      { step: 'authorization-server-metadata', message: expect.stringContaining('names the issuer https://evil.example.com') },
    ]);
  });
});
