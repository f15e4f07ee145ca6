// A hostile MCP server against the OAuth engine: everything it names (its
// resource_metadata, authorization servers, registration and token endpoints,
// redirects) is judged by the fetch policy. A server on the internet cannot make
// the proxy reach a service on this machine, nor send anything to it, nor get
// that service's token relayed back; no redirect is followed; no OAuth answer
// is read past 1 MiB.
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthorizerOptions } from './authorizer-types.js';
import { everythingShown, harness, initialize, REDIRECT_URI, send, type Harness } from '../../test/fixtures/oauth/authorizer-harness.js';
import { startHostile, startInternal, type Hostile, type HostileScript, type Recorder } from '../../test/fixtures/oauth/hostile-oauth.js';

const running: Recorder[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

/** The proxy takes the MCP server to be on the internet (it is on 127.0.0.1, as is the internal service). */
const onTheInternet: AuthorizerOptions['fetchPolicy'] = { locateServer: async () => ['203.0.113.7'] };

/** `policy` null: the server is where it is, on loopback. */
async function setUp(
  script: (internal: Recorder, origin: string) => HostileScript,
  policy: AuthorizerOptions['fetchPolicy'] | null = onTheInternet,
  config = {},
) {
  const internal = await startInternal();
  running.push(internal);
  const hostile: Hostile = await startHostile();
  running.push(hostile);
  hostile.script = script(internal, hostile.origin);
  // Approves at once: the callback as an authorization server would build it.
  const open: AuthorizerOptions['open'] = async (url) => {
    const state = new URL(url).searchParams.get('state') ?? '';
    h.callbacks.deliver(new URL(`${REDIRECT_URI}?code=c0de&state=${state}`));
  };
  const h: Harness = await harness(hostile.mcpUrl, { open, config, extra: policy ? { fetchPolicy: policy } : {} });
  const outcome = await send(h, hostile.mcpUrl, initialize);
  return { internal, hostile, h, outcome };
}

const step = (h: Harness, id: string) => h.authorizer.current()!.steps.find((s) => s.id === id)!;

describe('a server on the internet cannot steer the proxy inward', () => {
  it('resource_metadata at an internal URL: not fetched, nothing of it shown', async () => {
    const { internal, h, outcome } = await setUp((i) => ({ resourceMetadata: `${i.origin}/internal/secret` }));
    expect(outcome.message).toMatch(/step 2 \(Protected resource metadata\).*Not fetched: http:\/\/127\.0\.0\.1:\d+ is 127\.0\.0\.1, a loopback address/);
    expect(internal.seen).toEqual([]);
    expect(everythingShown(h)).not.toContain('TOP-SECRET-INTERNAL');
  });

  it('authorization_servers pointing inward: its metadata is not fetched', async () => {
    const { internal, outcome } = await setUp((i) => ({ authorizationServers: [i.origin] }));
    expect(outcome.message).toMatch(/step 3 \(Authorization server metadata\).*Not fetched: .*a loopback address/);
    expect(internal.seen).toEqual([]);
  });

  it('registration_endpoint inward: no POST reaches it', async () => {
    const { internal, outcome } = await setUp((i) => ({ endpoints: { registration_endpoint: `${i.origin}/register` } }));
    expect(outcome.message).toMatch(/step 4 \(Client registration\).*the registration endpoint was not contacted — Not fetched: .*a loopback address/);
    expect(internal.seen).toEqual([]);
  });

  it('token_endpoint inward: the code and verifier are not sent there, and no foreign token reaches the MCP server', async () => {
    const { internal, hostile, outcome } = await setUp((i) => ({ endpoints: { token_endpoint: `${i.origin}/token` } }), onTheInternet, { clientId: 'pre' });
    expect(outcome.message).toMatch(/step 7 \(Token\).*the token endpoint was not contacted — Not fetched: .*a loopback address/);
    expect(internal.seen).toEqual([]);
    expect(hostile.seen.filter((r) => r.authorization !== undefined)).toEqual([]);
  });

  it('a redirect to another origin is refused naming both origins, and recorded at the URL that redirected', async () => {
    const { internal, hostile, h, outcome } = await setUp((i, origin) => ({
      resourceMetadata: `${origin}/redirect-to/${encodeURIComponent(`${i.origin}/internal/secret`)}`,
    }));
    expect(outcome.message).toContain(`redirected (HTTP 302) to another origin, ${internal.origin} (from ${hostile.origin})`);
    expect(internal.seen).toEqual([]);
    expect(step(h, 'resource-metadata').exchanges.map((e) => e.url)).toEqual([
      `${hostile.origin}/redirect-to/${encodeURIComponent(`${internal.origin}/internal/secret`)}`,
    ]);
  });

  it('an authorization server on plain http that is not on loopback is refused', async () => {
    const resolve = async (name: string) => {
      if (name !== 'as.example.com') throw new Error(`getaddrinfo ENOTFOUND ${name}`);
      return [{ address: '93.184.216.34', family: 4 }];
    };
    const { outcome } = await setUp(() => ({ authorizationServers: ['http://as.example.com'] }), { ...onTheInternet, resolve });
    expect(outcome.message).toMatch(/step 3 .*http:\/\/as\.example\.com\/\.well-known\/oauth-authorization-server is plain http and not on loopback/);
  });
});

describe('on loopback (the demo, local development) the same endpoints are fine', () => {
  it('and each origin the flow reaches for the first time is named in its step', async () => {
    const { internal, h } = await setUp((i) => ({ authorizationServers: [i.origin] }), null);
    expect(internal.seen.map((r) => `${r.method} ${r.path}`)).toContain('GET /.well-known/oauth-authorization-server');
    expect(step(h, 'authorization-server-metadata').learnt).toContainEqual(['first contact with', internal.origin]);
    expect(step(h, 'resource-metadata').learnt.map(([label]) => label)).not.toContain('first contact with');
  });
});

describe('an OAuth answer is read up to 1 MiB', () => {
  const cases: Array<[string, string, (origin: string) => HostileScript, Record<string, string>]> = [
    ['protected resource metadata', 'step 2', (o) => ({ resourceMetadata: `${o}/big` }), {}],
    ['authorization server metadata', 'step 3', (o) => ({ authorizationServers: [`${o}/big`] }), {}],
    ['registration', 'step 4', (o) => ({ endpoints: { registration_endpoint: `${o}/big` } }), {}],
    ['token', 'step 7', (o) => ({ endpoints: { token_endpoint: `${o}/big` } }), { clientId: 'pre' }],
  ];
  it.each(cases)('%s: the step says the answer was larger than 1 MiB, and reading stopped', async (_what, at, script, config) => {
    const { hostile, outcome } = await setUp((_i, origin) => script(origin), null, config);
    expect(outcome.message).toContain(at);
    expect(outcome.message).toContain('the answer was larger than 1 MiB');
    expect(hostile.bigWritten).toBeLessThan(8 * 1024 * 1024);
  });
});
