// Secrets in the servers' words: a scripted loopback authorization server that answers a failing step with
// a debug 500 page echoing the request (headers and body, raw and decoded). Every secret the flow knows
// (client secret, code, code_verifier, tokens, registration access token) is searched for in every envelope
// the proxy would send the page (`auth` and `http` upstream events), in the refused request's message,
// and in the Log's JSONL export of those exchanges; none may appear.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { logHeader, serializeLog, type LogRecord } from '../../src/protocol/index.js';
import type { UpstreamEvent } from '../upstream/types.js';
import { harness, type Harness } from '../../test/fixtures/oauth/authorizer-harness.js';
import { challengeOf, sendJson, startLoopbackAs, type LoopbackAs, type LoopbackRequest } from '../../test/fixtures/oauth/loopback-as.js';

type FailingStep = 'registration' | 'token' | 'refresh' | 'none';

interface EchoServer extends LoopbackAs {
  /** Every secret issued or received, as the server saw it. */
  secrets: Set<string>;
  fail: FailingStep;
}

const long = (prefix: string): string => `${prefix}${randomBytes(18).toString('base64url')}`;

/** A framework's debug page: the request as received, and decoded, in HTML. */
function echo({ req, res, body }: LoopbackRequest): void {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const decoded = [...new URLSearchParams(body)].map(([k, v]) => `${k} = ${v}`).join('\n');
  res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><h1>Internal Server Error</h1><pre>${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${body}\n${decoded}\n` +
      `${basic !== undefined ? Buffer.from(basic, 'base64').toString('utf8') : ''}</pre>`,
  );
}

async function echoServer(): Promise<EchoServer> {
  const secrets = new Set<string>();
  let fail: FailingStep = 'none';
  const as = await startLoopbackAs(
    (r) => {
      const { url, body, res } = r;
      if (url.pathname === '/register') {
        if (fail === 'registration') return echo(r);
        const clientSecret = long('cs_');
        const registrationAccessToken = long('rat_');
        secrets.add(clientSecret).add(registrationAccessToken);
        return sendJson(res, 201, {
          client_id: long('client-'),
          client_secret: clientSecret,
          client_secret_expires_at: 0,
          registration_access_token: registrationAccessToken,
          token_endpoint_auth_method: 'client_secret_basic',
          redirect_uris: (JSON.parse(body) as { redirect_uris: string[] }).redirect_uris,
        });
      }
      if (url.pathname === '/authorize') {
        const code = long('code_');
        secrets.add(code);
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state')!);
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === '/token') {
        const form = new URLSearchParams(body);
        const verifier = form.get('code_verifier');
        if (verifier !== null) secrets.add(verifier);
        const grant = form.get('grant_type');
        if ((fail === 'token' && grant === 'authorization_code') || (fail === 'refresh' && grant === 'refresh_token')) return echo(r);
        const accessToken = long('at_');
        const refreshToken = long('rt_');
        secrets.add(accessToken).add(refreshToken);
        return sendJson(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, refresh_token: refreshToken });
      }
      res.writeHead(404).end();
    },
    ['client_secret_basic'],
  );
  return {
    ...as,
    secrets,
    get fail() {
      return fail;
    },
    set fail(step: FailingStep) {
      fail = step;
    },
  };
}

let server: EchoServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const challenge = (s: EchoServer) => challengeOf(s.origin);

/** The envelopes the HTTP upstream sends the page for this flow (node/upstream/http: `auth` and `http` events). */
function envelopes(h: Harness): UpstreamEvent[] {
  return [...h.flows.map((flow) => ({ type: 'auth' as const, flow })), ...h.exchanges.map((exchange) => ({ type: 'http' as const, exchange }))];
}

/** The Log's export of those exchanges: one system record per exchange, as the page writes it. */
function exported(h: Harness): string {
  const records: LogRecord[] = h.exchanges.map((e, i) => ({
    seq: i + 1,
    time: new Date(e.startedAt).toISOString(),
    t: e.startedAt,
    connection: 1,
    direction: 'system',
    kind: 'http',
    raw: JSON.stringify(e),
    ...(e.failure && { note: e.failure.message }),
  }));
  const flows = h.flows.map((f, i) => ({
    ...records[0]!,
    seq: records.length + i + 1,
    kind: 'system' as const,
    raw: JSON.stringify(f),
    note: f.message ?? '',
  }));
  return serializeLog(logHeader(null, new Date(0)), [...records, ...flows]);
}

/** The echo page as the step shows it (the flow view's exchange): the server's words, secrets masked. */
function echoShown(h: Harness, step: 'token', flow = h.authorizer.current()!): string {
  return flow.steps.find((st) => st.id === step)!.exchanges.find((e) => e.status === 500)?.responseBody ?? '';
}

function expectNoSecret(s: EchoServer, h: Harness, messages: string[]): void {
  const shown = { envelopes: JSON.stringify(envelopes(h)), current: JSON.stringify(h.authorizer.current()), messages: messages.join('\n'), jsonl: exported(h) };
  for (const secret of s.secrets) {
    for (const [where, text] of Object.entries(shown)) {
      expect(text.includes(secret), `${secret.slice(0, 6)}… is shown in ${where}`).toBe(false);
      expect(text.includes(encodeURIComponent(secret)), `${secret.slice(0, 6)}… (encoded) is shown in ${where}`).toBe(false);
    }
  }
}

describe('a server that echoes the request in a 500: no secret the flow knows is shown', () => {
  it('at the token step (code exchange): code, code_verifier and the client secret stay masked', async () => {
    server = await echoServer();
    server.fail = 'token';
    const h = await harness(`${server.origin}/mcp`);
    const outcome = await h.authorizer.handleChallenge(challenge(server));
    expect(outcome).toMatchObject({
      retry: false,
      message: expect.stringMatching(/step 7 \(Token\) failed: .*answered 500 — it said: .*Internal Server Error/),
    });
    // The step still shows the server's words, with the values hidden.
    const page = echoShown(h, 'token');
    expect(page).toMatch(/code = •••• \(\d+ characters hidden\)/);
    expect(page).toMatch(/code_verifier = •••• \(\d+ characters hidden\)/);
    expect(server.secrets.size).toBe(4); // client secret, registration access token, code, code_verifier
    expectNoSecret(server, h, [outcome.retry ? '' : outcome.message]);
  });

  it('at a refresh: the refresh token, the old and new access tokens and the client secret stay masked', async () => {
    server = await echoServer();
    const h = await harness(`${server.origin}/mcp`);
    expect(await h.authorizer.handleChallenge(challenge(server))).toEqual({ retry: true });
    server.fail = 'refresh';
    // The held token is refused: a refresh first (it fails on the echo), then a full authorization.
    const outcome = await h.authorizer.handleChallenge({ ...challenge(server), attempt: 0 });
    const refreshFlow = h.flows.find((f) => f.reason === 'expired' && f.state === 'failed');
    expect(echoShown(h, 'token', refreshFlow)).toMatch(/refresh_token = •••• \(\d+ characters hidden\)/);
    expectNoSecret(server, h, [outcome.retry ? '' : outcome.message]);
  });
});

describe('a resource server that quotes the bearer token in a 403', () => {
  it("the request-failed message shows the server's words with the token masked", async () => {
    server = await echoServer();
    const h = await harness(`${server.origin}/mcp`);
    expect(await h.authorizer.handleChallenge(challenge(server))).toEqual({ retry: true });
    const token = (await h.authorizer.authorizationHeader())!.replace(/^Bearer /, '');
    const quoted = await h.authorizer.handleChallenge({
      status: 403,
      wwwAuthenticate: `Bearer error="invalid_token", error_description="the token ${token} may not call this tool"`,
    });
    expect(quoted).toEqual({ retry: false, message: expect.stringMatching(/\(the token •••• \(\d+ characters hidden\) may not call this tool\)/) });
    // A value the proxy never held, after an authentication scheme word, is masked as free text.
    const stranger = long('other_');
    const free = await h.authorizer.handleChallenge({ status: 403, wwwAuthenticate: `Bearer error="forbidden", error_description="sent Bearer ${stranger}"` });
    expect(free.retry === false && free.message).toMatch(/sent Bearer •••• \(\d+ characters hidden\)/);
    expect(free.retry === false && free.message).not.toContain(stranger);
    expectNoSecret(server, h, [quoted.retry ? '' : quoted.message]);
  });
});
