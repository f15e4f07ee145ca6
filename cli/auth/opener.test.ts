// The CLI's headless authorization: an auto-approving server's redirect is
// delivered at once; otherwise the URL is printed and the browser's callback
// arrives through the loopback listener.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallbackRegistry } from '../../node/auth/authorizer-types.js';
import { createCallbackRegistry } from '../../node/auth/callbacks.js';
import { startCallbackListener, type CallbackListener } from './callback-listener.js';
import { headlessOpener, isRedirectTo } from './opener.js';
import type { AuthFlowView } from '../../src/protocol/index.js';
import { createOAuthFetch } from '../../node/auth/fetch-policy.js';

/** A registry that knows the states it was told to expect, as the engine's does. */
function registry(): CallbackRegistry & { delivered: URL[] } {
  const waiting = new Map<string, (url: URL) => void>();
  const delivered: URL[] = [];
  return {
    delivered,
    expect: (state) => new Promise<URL>((resolve) => waiting.set(state, resolve)),
    deliver(url) {
      const resolve = waiting.get(url.searchParams.get('state') ?? '');
      if (resolve === undefined) return { delivered: false, message: 'No authorization is waiting for this state.' };
      delivered.push(url);
      resolve(url);
      return { delivered: true };
    },
  };
}

/** An authorization endpoint answering `status` with `location`. */
async function authorizationServer(answer: (url: URL) => { status: number; location?: string }): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const { status, location } = answer(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(status, location ? { location } : { 'content-type': 'text/html' });
    res.end('<html>log in</html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/authorize`, server };
}

const flow = {} as AuthFlowView; // the opener does not read the flow
/** The flow's fetch, as the engine passes it: an MCP server on loopback may name loopback endpoints. */
const policyFetch = createOAuthFetch({ serverUrl: 'http://127.0.0.1:1/mcp' });
let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function setUp(answer: (url: URL, redirectUri: string) => { status: number; location?: string }) {
  const callbacks = registry();
  const listener: CallbackListener = await startCallbackListener(callbacks);
  cleanup.push(() => listener.close());
  const as = await authorizationServer((url) => answer(url, listener.redirectUri));
  cleanup.push(() => new Promise<void>((r) => as.server.close(() => r())));
  const lines: string[] = [];
  const open = headlessOpener({ redirectUri: listener.redirectUri, callbacks, say: (l) => lines.push(l), timeoutMs: 5000 });
  return { callbacks, listener, as, lines, open };
}

describe('headlessOpener', () => {
  it('an auto-approving server: its redirect back is delivered at once, nothing printed', async () => {
    const { callbacks, as, lines, open, listener } = await setUp((url, redirectUri) => ({
      status: 302,
      location: `${redirectUri}?code=c0de&state=${url.searchParams.get('state')}&iss=http%3A%2F%2Fas`,
    }));
    const arrived = callbacks.expect('st4te', 5000);
    await open(`${as.url}?state=st4te&client_id=x`, flow, policyFetch);
    const url = await arrived;
    expect(url.searchParams.get('code')).toBe('c0de');
    expect(url.origin + url.pathname).toBe(listener.redirectUri);
    expect(lines).toEqual([]);
  });

  it('a server that wants a person: prints the URL, then the browser comes back to the loopback listener', async () => {
    const { callbacks, as, lines, open, listener } = await setUp(() => ({ status: 200 }));
    const arrived = callbacks.expect('st4te', 5000);
    const authorizationUrl = `${as.url}?state=st4te&client_id=x`;
    await open(authorizationUrl, flow, policyFetch);
    expect(lines.join('\n')).toContain('wants a person (it answered 200');
    expect(lines).toContain(`  ${authorizationUrl}`);
    expect(lines.join('\n')).toContain(`Waiting for the browser to come back to ${listener.redirectUri}`);
    // The person approves; the authorization server sends their browser here.
    const tab = await fetch(`${listener.redirectUri}?code=c0de&state=st4te`);
    expect(tab.status).toBe(200);
    expect(await tab.text()).toMatch(/authorization received/);
    expect((await arrived).searchParams.get('code')).toBe('c0de');
  });

  it('a redirect to a login page elsewhere is not a callback: the URL is printed', async () => {
    const { callbacks, as, lines, open } = await setUp(() => ({ status: 302, location: '/login?next=1' }));
    await open(`${as.url}?state=s`, flow, policyFetch);
    expect(callbacks.delivered).toEqual([]);
    expect(lines[0]).toMatch(/sent the browser elsewhere first \(a login page\)\. Open this URL in a browser to authorize:/);
  });

  it('an unreachable authorization endpoint: the URL is printed for a person to try', async () => {
    const callbacks = registry();
    const lines: string[] = [];
    const open = headlessOpener({ redirectUri: 'http://127.0.0.1:1/oauth/callback', callbacks, say: (l) => lines.push(l), timeoutMs: 2000 });
    await open('http://127.0.0.1:9/authorize?state=s', flow, policyFetch);
    expect(lines[0]).toMatch(/could not be asked directly/);
    expect(lines[1]).toBe('  http://127.0.0.1:9/authorize?state=s');
  });

  it("asks through the flow's fetch policy: a server on the internet cannot make it reach a loopback endpoint", async () => {
    let asked = 0;
    const { callbacks, as, lines, open } = await setUp((url, redirectUri) => {
      asked++;
      return { status: 302, location: `${redirectUri}?code=c0de&state=${url.searchParams.get('state')}` };
    });
    const fromTheInternet = createOAuthFetch({ serverUrl: 'https://mcp.example.com/mcp', locateServer: async () => ['203.0.113.7'] });
    await open(`${as.url}?state=st4te`, flow, fromTheInternet);
    expect(asked).toBe(0);
    expect(callbacks.delivered).toEqual([]);
    expect(lines[0]).toMatch(/could not be asked directly \(Not fetched: http:\/\/127\.0\.0\.1:\d+ is 127\.0\.0\.1, a loopback address/);
  });

  it('a redirect back that matches no pending authorization fails at once instead of waiting', async () => {
    const { as, open } = await setUp((_url, redirectUri) => ({ status: 302, location: `${redirectUri}?code=c&state=forged` }));
    await expect(open(`${as.url}?state=s`, flow, policyFetch)).rejects.toThrow(
      'The authorization server redirected back, but no authorization is waiting for this state.',
    );
  });
});

describe('the loopback callback listener', () => {
  it('listens on 127.0.0.1 at /oauth/callback; another path, another method or an unknown state is refused in plain text', async () => {
    const callbacks = registry();
    const listener = await startCallbackListener(callbacks);
    cleanup.push(() => listener.close());
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
    const origin = new URL(listener.redirectUri).origin;
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(listener.redirectUri, { method: 'POST' })).status).toBe(405);
    const unknown = await fetch(`${listener.redirectUri}?code=c&state=<script>`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await unknown.text()).toMatch(/No authorization is waiting/);
  });
});

describe('the loopback callback listener and a forged callback', () => {
  it('says the state matches no authorization waiting and changed nothing, rather than "received"; the real one still arrives', async () => {
    const callbacks = createCallbackRegistry();
    const listener = await startCallbackListener(callbacks);
    cleanup.push(() => listener.close());
    const waiting = callbacks.expect('real-state', 60_000);
    const forged = await fetch(`${listener.redirectUri}?code=c&state=forged`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toMatch(
      /^mcpscope: This callback has a state that matches none of the authorization waiting: it was refused and changed nothing/,
    );
    expect((await fetch(`${listener.redirectUri}?code=c&state=real-state`)).status).toBe(200);
    expect((await waiting).searchParams.get('state')).toBe('real-state');
  });
});

describe('isRedirectTo', () => {
  it('the same origin and path, whatever the query; not another port, host or a longer path', () => {
    const uri = 'http://127.0.0.1:8080/oauth/callback';
    expect(isRedirectTo(new URL('http://127.0.0.1:8080/oauth/callback?code=1'), uri)).toBe(true);
    expect(isRedirectTo(new URL('http://127.0.0.1:8081/oauth/callback?code=1'), uri)).toBe(false);
    expect(isRedirectTo(new URL('http://127.0.0.1:8080/oauth/callbackx'), uri)).toBe(false);
    expect(isRedirectTo(new URL('http://localhost:8080/oauth/callback'), uri)).toBe(false);
  });
});
