import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../../test/fixtures/auth-fetch.js';
import { discoverProtectedResourceMetadata, protectedResourceMetadataUrls, resourceMismatch } from './protected-resource.js';

const SERVER = 'https://mcp.example.com/public/mcp';
const PATH_AWARE = 'https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp';
const ROOT = 'https://mcp.example.com/.well-known/oauth-protected-resource';
const good = (resource = SERVER) => json({ resource, authorization_servers: ['https://auth.example.com'], scopes_supported: ['files:read'] });

describe('protectedResourceMetadataUrls', () => {
  it('puts the path-aware URI before the root one, and has only the root one for a server at the root', () => {
    expect(protectedResourceMetadataUrls(SERVER)).toEqual([PATH_AWARE, ROOT]);
    expect(protectedResourceMetadataUrls('https://mcp.example.com/public/mcp/')).toEqual([PATH_AWARE, ROOT]);
    expect(protectedResourceMetadataUrls('https://mcp.example.com')).toEqual([ROOT]);
    expect(protectedResourceMetadataUrls('https://mcp.example.com/')).toEqual([ROOT]);
  });
});

describe('discoverProtectedResourceMetadata', () => {
  it('uses the resource_metadata URL of the challenge, and only it', async () => {
    const f = fakeFetch({ 'https://mcp.example.com/custom/prm': good(), [PATH_AWARE]: good() });
    const r = await discoverProtectedResourceMetadata({ serverUrl: SERVER, resourceMetadataUrl: 'https://mcp.example.com/custom/prm', fetch: f.fetch });
    expect(f.asked).toEqual(['https://mcp.example.com/custom/prm']);
    expect(r.ok && r.url).toBe('https://mcp.example.com/custom/prm');
    expect(r.ok && r.metadata.authorizationServers).toEqual(['https://auth.example.com']);
    expect(r.ok && r.metadata.scopesSupported).toEqual(['files:read']);
    expect(r.exchanges).toEqual([
      {
        step: 'protected-resource-metadata',
        method: 'GET',
        url: 'https://mcp.example.com/custom/prm',
        status: 200,
        contentType: 'application/json',
        bodyExcerpt: expect.stringContaining('authorization_servers'),
        durationMs: expect.any(Number),
      },
    ]);
  });

  it('does not fall back to the well-known URIs when the challenge named a URL that fails', async () => {
    const f = fakeFetch({ [PATH_AWARE]: good() });
    const r = await discoverProtectedResourceMetadata({ serverUrl: SERVER, resourceMetadataUrl: 'https://mcp.example.com/gone', fetch: f.fetch });
    expect(f.asked).toEqual(['https://mcp.example.com/gone']);
    expect(r.ok).toBe(false);
    expect(r.problems[0]!.message).toMatch(/resource_metadata URL from WWW-Authenticate answered no document: https:\/\/mcp.example.com\/gone \(HTTP 404\)/);
  });

  it('tries the path-aware URI first and stops there when it answers', async () => {
    const f = fakeFetch({ [PATH_AWARE]: good(), [ROOT]: json({ resource: 'https://mcp.example.com', authorization_servers: ['https://other.example.com'] }) });
    const r = await discoverProtectedResourceMetadata({ serverUrl: SERVER, fetch: f.fetch });
    expect(f.asked).toEqual([PATH_AWARE]);
    expect(r.ok && r.metadata.authorizationServers).toEqual(['https://auth.example.com']);
  });

  it('falls back to the root URI after a 404 at the path-aware one', async () => {
    const f = fakeFetch({ [ROOT]: good('https://mcp.example.com') });
    const r = await discoverProtectedResourceMetadata({ serverUrl: SERVER, fetch: f.fetch });
    expect(f.asked).toEqual([PATH_AWARE, ROOT]);
    expect(r.ok && r.url).toBe(ROOT);
    expect(r.problems).toEqual([]);
  });

  it('says which URLs it tried, in order, when there is no document', async () => {
    const f = fakeFetch({ [PATH_AWARE]: { status: 500, body: 'oops' }, [ROOT]: new Error('connect ECONNREFUSED') });
    const r = await discoverProtectedResourceMetadata({ serverUrl: SERVER, fetch: f.fetch });
    expect(r).toMatchObject({ ok: false, found: false });
    expect(r.problems.map((p) => p.message)).toEqual([`Protected resource metadata at ${ROOT} cannot be used: the request failed (connect ECONNREFUSED).`]);
    const none = await discoverProtectedResourceMetadata({ serverUrl: SERVER, fetch: fakeFetch({}).fetch });
    expect(none.problems[0]!.message).toBe(
      `Protected resource metadata: no document at the well-known URIs, tried in the spec's order: ${PATH_AWARE} (HTTP 404), then ${ROOT} (HTTP 404).`,
    );
    expect(none.problems[0]!.spec).toMatch(/#protected-resource-metadata-discovery-requirements$/);
    expect(r.exchanges.map((e) => e.status ?? e.error)).toEqual([500, 'connect ECONNREFUSED']);
  });

  it('reports HTML and malformed JSON, naming the URL, and goes on to the next URI', async () => {
    const f = fakeFetch({ [PATH_AWARE]: { contentType: 'text/html', body: '<!doctype html><p>app' }, [ROOT]: { body: '{"resource":' } });
    const r = await discoverProtectedResourceMetadata({ serverUrl: SERVER, fetch: f.fetch });
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => p.message)).toEqual([
      `Protected resource metadata at ${PATH_AWARE} cannot be used: the answer is HTML (text/html), not a JSON metadata document.`,
      `Protected resource metadata at ${ROOT} cannot be used: the body is not valid JSON ("{\\"resource\\":").`,
    ]);
  });

  it('refuses a document whose resource is another server, saying what differs', async () => {
    const f = fakeFetch({ [PATH_AWARE]: good('https://evil.example.com/mcp') });
    const r = await discoverProtectedResourceMetadata({ serverUrl: SERVER, fetch: f.fetch });
    expect(r).toMatchObject({ ok: false, found: true });
    expect(r.problems[0]!.message).toBe(
      `Protected resource metadata at ${PATH_AWARE} names the resource https://evil.example.com/mcp, which does not match the MCP server ${SERVER}: the origin is https://evil.example.com, not https://mcp.example.com. A client must not use it.`,
    );
    expect(r.problems[0]!.spec).toBe('https://datatracker.ietf.org/doc/html/rfc9728#section-3.3');
  });

  it('requires resource and a non-empty authorization_servers of URLs', async () => {
    const cases: [unknown, RegExp][] = [
      [{ authorization_servers: ['https://a.example'] }, /has no "resource" string/],
      [{ resource: SERVER }, /has no "authorization_servers"/],
      [{ resource: SERVER, authorization_servers: [] }, /has no "authorization_servers"/],
      [{ resource: SERVER, authorization_servers: [3] }, /entries that are not strings/],
      [{ resource: SERVER, authorization_servers: ['auth.example.com'] }, /not an issuer URL: "auth.example.com" is not an absolute URL/],
      [{ resource: SERVER, authorization_servers: ['https://a.example'], scopes_supported: 'read' }, /"scopes_supported" that is not an array of strings/],
      [['not', 'an', 'object'], /JSON but not an object/],
    ];
    for (const [doc, message] of cases) {
      const r = await discoverProtectedResourceMetadata({ serverUrl: SERVER, resourceMetadataUrl: ROOT, fetch: fakeFetch({ [ROOT]: json(doc) }).fetch });
      expect(r.ok, JSON.stringify(doc)).toBe(false);
      expect(r.problems.map((p) => p.message).join(' | ')).toMatch(message);
    }
  });

  it('warns when the document is not served as JSON but still uses it', async () => {
    const r = await discoverProtectedResourceMetadata({ serverUrl: SERVER, fetch: fakeFetch({ [PATH_AWARE]: good(SERVER) }).fetch });
    expect(r.problems).toEqual([]);
    const plain = await discoverProtectedResourceMetadata({
      serverUrl: SERVER,
      fetch: fakeFetch({ [PATH_AWARE]: json({ resource: SERVER, authorization_servers: ['https://a.example'] }, 'text/plain') }).fetch,
    });
    expect(plain.ok).toBe(true);
    expect(plain.problems).toMatchObject([{ severity: 'warning', message: expect.stringContaining('served as text/plain') }]);
  });

  it('refuses a server URL it cannot use without asking anything', async () => {
    const f = fakeFetch({});
    const r = await discoverProtectedResourceMetadata({ serverUrl: 'mcp.example.com/mcp', fetch: f.fetch });
    expect(f.asked).toEqual([]);
    expect(r.problems[0]!.message).toMatch(/MCP server URL cannot be used, because "mcp.example.com\/mcp" is not an absolute URL/);
  });
});

describe('resourceMismatch', () => {
  it('accepts the server URL itself, case and trailing-slash variants, and a path above it', () => {
    for (const resource of [
      SERVER,
      `${SERVER}/`,
      'HTTPS://MCP.EXAMPLE.COM/public/mcp',
      'https://mcp.example.com:443/public/mcp',
      'https://mcp.example.com',
      'https://mcp.example.com/public',
    ]) {
      expect(resourceMismatch(resource, SERVER), resource).toBeUndefined();
    }
  });

  it('says what differs otherwise', () => {
    expect(resourceMismatch('http://mcp.example.com/public/mcp', SERVER)).toBe('the origin is http://mcp.example.com, not https://mcp.example.com');
    expect(resourceMismatch('https://mcp.example.com:8443/public/mcp', SERVER)).toBe('the origin is https://mcp.example.com:8443, not https://mcp.example.com');
    expect(resourceMismatch('https://mcp.example.com/pub', SERVER)).toBe("the path /pub is neither the server's path /public/mcp nor above it");
    expect(resourceMismatch('https://mcp.example.com/public/mcp/deeper', SERVER)).toMatch(/neither/);
    expect(resourceMismatch(`${SERVER}#x`, SERVER)).toMatch(/fragment/);
    expect(resourceMismatch('/public/mcp', SERVER)).toMatch(/not an absolute URL/);
  });
});
