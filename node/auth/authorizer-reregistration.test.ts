// An authorization server restarted under the same issuer forgets the clients it registered: it answers
// invalid_client to the stored one. The engine forgets that registration, registers once more and says so,
// instead of failing (or waiting for an approval that cannot come). Against a scripted loopback server.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/fixtures/oauth/authorizer-harness.js';
import { challengeOf, sendJson, startLoopbackAs, type LoopbackAs } from '../../test/fixtures/oauth/loopback-as.js';

interface ForgetfulServer extends LoopbackAs {
  clients: Set<string>;
  registrations: number;
  authorizations: number;
  /** /authorize redirects back even for a client it does not know (the refusal comes at the token endpoint). */
  lenientAuthorize: boolean;
  /** /authorize sends an unknown client back with error=invalid_client (some servers do, rather than show a page). */
  redirectUnknown: boolean;
  /** The token endpoint answers invalid_client to every client. */
  refuseAll: boolean;
}

async function forgetfulServer(): Promise<ForgetfulServer> {
  const state = { clients: new Set<string>(), registrations: 0, authorizations: 0, lenientAuthorize: false, redirectUnknown: false, refuseAll: false };
  const as = await startLoopbackAs(
    ({ url, body, res }) => {
      if (url.pathname === '/register') {
        state.registrations++;
        const clientId = randomUUID();
        state.clients.add(clientId);
        return sendJson(res, 201, {
          client_id: clientId,
          token_endpoint_auth_method: 'none',
          redirect_uris: (JSON.parse(body) as { redirect_uris: string[] }).redirect_uris,
        });
      }
      if (url.pathname === '/authorize') {
        state.authorizations++;
        // RFC 6749 §4.1.2.1: an unknown client_id is not redirected back; the person sees an error page.
        const unknown = !state.clients.has(url.searchParams.get('client_id') ?? '');
        if (unknown && state.redirectUnknown) {
          const back = new URL(url.searchParams.get('redirect_uri')!);
          back.searchParams.set('error', 'invalid_client');
          back.searchParams.set('state', url.searchParams.get('state')!);
          res.writeHead(302, { location: back.href });
          return res.end();
        }
        if (unknown && !state.lenientAuthorize) {
          res.writeHead(400, { 'content-type': 'text/html' });
          return res.end('<h1>Unknown client</h1>');
        }
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', `code-${randomUUID()}`);
        back.searchParams.set('state', url.searchParams.get('state')!);
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === '/token') {
        const clientId = new URLSearchParams(body).get('client_id') ?? '';
        if (state.refuseAll || !state.clients.has(clientId)) {
          // Answered as many servers do: 401 with a challenge, the OAuth error in the body.
          return sendJson(res, 401, { error: 'invalid_client', error_description: 'unknown client' }, { 'www-authenticate': 'Basic realm="as"' });
        }
        return sendJson(res, 200, { access_token: `at-${randomUUID()}`, token_type: 'Bearer', expires_in: 3600, refresh_token: `rt-${randomUUID()}` });
      }
      res.writeHead(404).end();
    },
    ['none'],
  );
  return Object.assign(state, as);
}

let as: ForgetfulServer | undefined;
afterEach(async () => {
  await as?.close();
  as = undefined;
});

const challenge = (s: ForgetfulServer) => challengeOf(s.origin);

/** A first authorization, then the server restarts and forgets its clients. */
async function authorizedThenForgotten(): Promise<{ s: ForgetfulServer; h: Harness; first: string }> {
  const s = (as = await forgetfulServer());
  const h = await harness(`${s.origin}/mcp`);
  expect(await h.authorizer.handleChallenge(challenge(s))).toEqual({ retry: true });
  const first = h.store.client(s.origin)!.clientId;
  s.clients.clear();
  return { s, h, first };
}

const step = (h: Harness, id: string, flow = h.authorizer.current()!) => flow.steps.find((st) => st.id === id)!;

describe('an authorization server that forgot the stored client (invalid_client)', () => {
  it('at a refresh: the registration and tokens are forgotten, and the full authorization registers once more', async () => {
    const { s, h, first } = await authorizedThenForgotten();
    expect(await h.authorizer.handleChallenge(challenge(s))).toEqual({ retry: true });
    const refresh = h.flows.filter((f) => f.reason === 'expired' && f.state === 'failed').at(-1)!;
    expect(step(h, 'token', refresh).error).toMatch(
      new RegExp(`invalid_client.*${s.origin} no longer knows the client ${first} \\(restarted\\?\\): its registration and tokens were forgotten`),
    );
    expect(step(h, 'registration').summary).toMatch(/^Registered dynamically/);
    expect(s.registrations).toBe(2);
    expect(h.store.client(s.origin)!.clientId).not.toBe(first);
    expect(s.clients.has(h.store.client(s.origin)!.clientId)).toBe(true);
  });

  it('at the code exchange: the client registers once more and the person is asked again, the step saying why', async () => {
    const { s, h, first } = await authorizedThenForgotten();
    s.lenientAuthorize = true;
    await h.store.forgetTokens(s.origin, `${s.origin}/mcp`); // no refresh token: a full authorization with the stored client
    expect(await h.authorizer.handleChallenge(challenge(s))).toEqual({ retry: true });
    expect(step(h, 'registration').summary).toBe(
      `Registered dynamically with ${s.origin} (RFC 7591). ${s.origin} answered invalid_client to the client registered earlier (client id ${first}) at step 7 (Token): it no longer knows that client (restarted?), so its registration and tokens were forgotten and the client registers once more.`,
    );
    expect(s.registrations).toBe(2);
    expect(s.authorizations).toBe(3);
    expect(h.authorizer.current()!.state).toBe('authorized');
  });

  it("at the callback (the authorization endpoint's error redirect): the client registers once more", async () => {
    const { s, h, first } = await authorizedThenForgotten();
    s.redirectUnknown = true;
    await h.store.forgetTokens(s.origin, `${s.origin}/mcp`);
    expect(await h.authorizer.handleChallenge(challenge(s))).toEqual({ retry: true });
    expect(step(h, 'registration').summary).toContain(`answered invalid_client to the client registered earlier (client id ${first}) at step 6 (Callback)`);
    expect(s.registrations).toBe(2);
  });

  it('registers once only: a client refused again stops with a sentence, and a fresh one is not registered again', async () => {
    const { s, h } = await authorizedThenForgotten();
    s.lenientAuthorize = true;
    s.refuseAll = true;
    await h.store.forgetTokens(s.origin, `${s.origin}/mcp`);
    const outcome = await h.authorizer.handleChallenge(challenge(s));
    expect(outcome).toMatchObject({
      retry: false,
      message: expect.stringMatching(/step 7 \(Token\) failed: .*invalid_client.*registered again just now and is refused too/),
    });
    expect(s.registrations).toBe(2);

    // A new Authorizer without a stored client: its fresh registration is refused, and not repeated.
    await h.store.forgetAll();
    const fresh = await harness(`${s.origin}/mcp`, { store: h.store });
    const again = await fresh.authorizer.handleChallenge(challenge(s));
    expect(again).toMatchObject({ retry: false, message: expect.stringMatching(/registered just now and is refused already/) });
    expect(s.registrations).toBe(3);
  });
});
