// `mcpscope --auth` end to end against the protected demo (a real authorization
// server that approves without a person, in front of a Streamable HTTP MCP
// server): the CLI authorizes by itself, says each step on stderr, and never
// prints a secret; a server that does something wrong stops the run with a
// message naming the step.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../../test/fixtures/cli-helpers.js';
import { main } from '../main.js';
import { oauthDemoFixture, startFixture, type FixtureProcess } from '../../test/fixtures/http-fixture-process.js';

const started: FixtureProcess[] = [];
async function demo(args: string[] = []): Promise<string> {
  const f = await startFixture(oauthDemoFixture, args);
  started.push(f);
  return new URL('mcp', f.origin).href;
}

/**
 * Every secret the flow saw (tokens, codes, client secrets), read off the wire by
 * wrapping the OAuth fetch policy's fetch, so the test can say none of them was printed.
 */
const secrets = new Set<string>();
const kindsSeen = new Set<string>();
/** Set by a test: the authorization endpoint shows a login page to the CLI, as a real one would. */
let loginPage = false;
function collect(text: string): void {
  for (const m of text.matchAll(/"(access_token|refresh_token|client_secret)"\s*:\s*"([^"]+)"/g)) {
    kindsSeen.add(m[1]!);
    secrets.add(m[2]!);
  }
  for (const m of text.matchAll(/[?&](code)=([^&#]+)/g)) {
    kindsSeen.add(m[1]!);
    secrets.add(decodeURIComponent(m[2]!));
  }
}
const tap = vi.hoisted(() => ({ wrap: (policyFetch: typeof fetch): typeof fetch => policyFetch }));
vi.mock('../../node/auth/fetch-policy.js', async (importOriginal) => {
  const policy = await importOriginal<typeof import('../../node/auth/fetch-policy.js')>();
  return { ...policy, createOAuthFetch: (o: Parameters<typeof policy.createOAuthFetch>[0]) => tap.wrap(policy.createOAuthFetch(o)) };
});
tap.wrap = (policyFetch) =>
  (async (input: string | URL | Request, init?: RequestInit) => {
    if (loginPage && String(input).includes('/authorize?'))
      return new Response('<!doctype html><title>Log in</title>', { headers: { 'content-type': 'text/html' } });
    const response = await policyFetch(input, init);
    collect(response.headers.get('location') ?? '');
    if (/json/.test(response.headers.get('content-type') ?? '')) collect(await response.clone().text());
    return response;
  }) as typeof fetch;
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.stop()));
});

function expectNoSecret(run: { out: string; err: string }): void {
  // The wrapper did see the flow's secrets: the token response and the code in the redirect.
  expect([...kindsSeen]).toEqual(expect.arrayContaining(['access_token', 'code']));
  for (const secret of secrets) {
    expect(run.out).not.toContain(secret);
    expect(run.err).not.toContain(secret);
  }
}

describe('mcpscope --auth against the protected demo', () => {
  it('tools list: authorizes by itself, each step on stderr, no secret printed', async () => {
    const url = await demo();
    const run = await cli('--url', url, '--auth', 'tools', 'list');
    expect(run.err).not.toMatch(/unexpected failure/);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/whoami/);
    expect(run.err).toMatch(/^\[1\/8\] /m);
    expect(run.err).toMatch(/^\[7\/8\] /m);
    expect(run.err).toMatch(/Authorized/);
    expectNoSecret(run);
  }, 30_000);

  // The person takes longer than --timeout: connecting waits for them (the callback timeout), not for the request timeout.
  it.each([
    [['tools', 'list'], /whoami/],
    [['check'], /OK: no errors/],
  ])(
    'an authorization server that wants a person: %j prints the URL, and the browser coming back to the loopback listener completes the run',
    async (command, printed) => {
      const url = await demo();
      const err: string[] = [];
      const out: string[] = [];
      let browser: Promise<Response> | undefined;
      loginPage = true;
      try {
        const code = await main(['--url', url, '--auth', '--timeout', '1000', ...command], {
          out: (l) => out.push(l),
          err: (l) => {
            err.push(l);
            // The person opens the printed URL; the demo approves and sends the browser to the CLI's redirect URI.
            const shown = /^ {2}(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/.exec(l.replace(/^mcpscope: /, ''));
            if (shown) {
              browser = new Promise((r) => setTimeout(r, 1500))
                .then(() => fetch(shown[1]!, { redirect: 'manual' }))
                .then((approved) => {
                  const back = approved.headers.get('location')!;
                  collect(back); // the code the browser carries: never printed either
                  return fetch(back);
                });
            }
          },
        });
        expect(code, err.join('\n')).toBe(0);
      } finally {
        loginPage = false;
      }
      expect(out.join('\n')).toMatch(printed);
      const text = err.join('\n');
      expect(text).toMatch(/The authorization server wants a person \(it answered 200, not a redirect back\)\. Open this URL in a browser to authorize:/);
      expect(text).toMatch(/Waiting for the browser to come back to http:\/\/127\.0\.0\.1:\d+\/oauth\/callback/);
      const tab = await browser!;
      expect(tab.status).toBe(200);
      expect(await tab.text()).toMatch(/authorization received/);
      expectNoSecret({ out: out.join('\n'), err: text });
    },
    30_000,
  );

  it('a callback listener that cannot start: one sentence, exit 1, nothing sent', async () => {
    const listen = vi.spyOn(Server.prototype, 'listen').mockImplementation(function (this: Server) {
      process.nextTick(() => this.emit('error', new Error('listen EADDRNOTAVAIL 127.0.0.1')));
      return this;
    });
    try {
      const run = await cli('--url', 'http://127.0.0.1:9/mcp', '--auth', 'tools', 'list');
      expect(run).toMatchObject({ code: 1, out: '' });
      expect(run.err).toBe('mcpscope: --auth could not start its callback listener on 127.0.0.1: listen EADDRNOTAVAIL 127.0.0.1');
    } finally {
      listen.mockRestore();
    }
  });

  it('without --auth a 401 stays a 401, as before', async () => {
    const url = await demo();
    const run = await cli('--url', url, 'tools', 'list');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/401/);
    expect(run.err).not.toMatch(/^\[1\/8\]/m);
  }, 30_000);

  it('a tool that needs a wider scope: steps up (403 insufficient_scope) and calls it', async () => {
    const url = await demo();
    const run = await cli('--url', url, '--auth', 'tools', 'call', 'admin_reset');
    expect(run.code, run.err).toBe(0);
    expect(run.err).toMatch(/demo:admin/);
    expectNoSecret(run);
  }, 30_000);

  it('--remember-credentials: a 0600 file, and the next run reuses the token without authorizing', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mcpscope-cli-auth-'));
    vi.stubEnv('XDG_CONFIG_HOME', home);
    try {
      const url = await demo();
      const first = await cli('--url', url, '--auth', '--remember-credentials', 'tools', 'list');
      expect(first.code, first.err).toBe(0);
      const file = join(home, 'mcpscope', 'credentials.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const second = await cli('--url', url, '--auth', '--remember-credentials', 'tools', 'list');
      expect(second.code, second.err).toBe(0);
      expect(second.out).toMatch(/whoami/);
      // The stored token is sent first: no 401, so no flow at all.
      expect(second.err).not.toMatch(/^\[\d\/8\]/m);
      expectNoSecret(second);
    } finally {
      vi.unstubAllEnvs();
      rmSync(home, { recursive: true, force: true });
    }
  }, 30_000);

  /** Each fault: the step that fails, and what its message must say. */
  const faults: Array<[string, number, RegExp]> = [
    ['prm-missing', 2, /OAuth step 2 \(Protected resource metadata\) failed: .*no document at the well-known URIs/],
    ['prm-html', 2, /OAuth step 2 \(Protected resource metadata\) failed: .*HTML/],
    ['wrong-issuer', 3, /OAuth step 3 \(Authorization server metadata\) failed: .*issuer.*AUTH-AS-ISSUER/],
    ['no-pkce', 3, /OAuth step 3 \(Authorization server metadata\) failed: .*PKCE.*AUTH-PKCE/],
    ['refuse-registration', 4, /OAuth step 4 \(Client registration\) failed: .*refused.*400/],
    ['wrong-iss', 6, /OAuth step 6 \(Callback\) failed: .*iss/],
    ['token-500', 7, /OAuth step 7 \(Token\) failed: .*500/],
    ['always-401', 8, /OAuth step 8 \(Retry\) failed: the server refused the new token/],
    ['wrong-audience', 8, /OAuth step 8 \(Retry\) failed: the server refused the new token/],
  ];
  for (const [fault, step, message] of faults) {
    it(`--fault ${fault}: exits 1 at step ${step} with a message naming it, no stack, no secret`, async () => {
      const url = await demo(['--fault', fault]);
      const run = await cli('--url', url, '--auth', 'tools', 'list');
      expect(run.code).toBe(1);
      expect(run.err).toMatch(new RegExp(`^\\[${step}/8\\] .*: failed\\.$`, 'm'));
      expect(run.err).toMatch(message);
      expect(run.err).not.toMatch(/\n\s+at .+:\d+:\d+/);
      for (const secret of secrets) {
        expect(run.out).not.toContain(secret);
        expect(run.err).not.toContain(secret);
      }
    }, 30_000);
  }
});
