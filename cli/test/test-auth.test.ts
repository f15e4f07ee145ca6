// `mcpscope test` against the protected demo (a real OAuth authorization
// server): `server.auth` authorizes as `--auth` does when the server approves by
// itself; where a person would have to approve, the file cannot run and says to
// sign in once with --remember-credentials — after which the test passes from
// the stored token.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../../test/fixtures/cli-helpers.js';
import { oauthDemoFixture, startFixture, type FixtureProcess } from '../../test/fixtures/http-fixture-process.js';
import { main } from '../main.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-test-auth-'));
const started: FixtureProcess[] = [];
async function demo(args: string[] = []): Promise<string> {
  const f = await startFixture(oauthDemoFixture, args);
  started.push(f);
  return new URL('mcp', f.origin).href;
}
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(started.splice(0).map((f) => f.stop()));
});

function file(name: string, url: string, auth: string): string {
  const path = join(dir, name);
  writeFileSync(path, `server:\n  url: ${url}\n  auth: ${auth}\nsteps:\n  - call: whoami\n    expect: { isError: false, text: { contains: mcp:tools } }\n`);
  return path;
}

/** A person signing in once from the terminal: the printed URL opened, Approve pressed on the consent page, the browser sent back. */
async function signInOnce(url: string): Promise<void> {
  let browser: Promise<unknown> | undefined;
  const err: string[] = [];
  const code = await main(['--url', url, '--auth', '--remember-credentials', 'tools', 'list'], {
    out: () => {},
    err: (l) => {
      err.push(l);
      const shown = /^ {2}(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/.exec(l.replace(/^mcpscope: /, ''));
      if (!shown) return;
      browser = (async () => {
        const page = await (await fetch(shown[1]!)).text();
        const id = /name="id" value="([^"]+)"/.exec(page)![1]!;
        const approved = await fetch(new URL('/consent', shown[1]!), {
          method: 'POST',
          body: new URLSearchParams({ id, decision: 'approve' }),
          redirect: 'manual',
        });
        return fetch(approved.headers.get('location')!);
      })();
    },
  });
  await browser;
  expect(code, err.join('\n')).toBe(0);
}

describe('mcpscope test with server.auth', { timeout: 60_000 }, () => {
  it('authorizes by itself where the authorization server approves without a person', async () => {
    const url = await demo();
    const r = await cli('test', file('auto.test.yaml', url, 'true'));
    expect(r.out).toContain('1 step: 1 passed, 0 failed');
    expect(r.code).toBe(0);
    const without = join(dir, 'without.test.yaml');
    writeFileSync(without, `server: { url: "${url}" }\nsteps: [{ call: whoami }]\n`);
    const refused = await cli('test', without);
    expect(refused.out).toMatch(/could not run: The server could not be reached: .*401/);
    expect(refused.code).toBe(2);
  });

  it('where a person must approve: one sentence saying to sign in once; after that, the stored token passes', async () => {
    vi.stubEnv('XDG_CONFIG_HOME', mkdtempSync(join(tmpdir(), 'mcpscope-test-auth-home-')));
    const url = await demo(['--consent']);
    const r = await cli('test', file('person.test.yaml', url, 'true'));
    expect(r.out).toContain(
      `OAuth step 5 (Authorization) failed: The authorization server wants a person (it answered 200, not a redirect back). A test cannot sign in in a browser: sign in once with mcpscope --url ${url} --auth --remember-credentials tools list, then give the server auth: { remember: true } in the test file.\nCheck server.auth in the test file, then run again.`,
    );
    expect(r.code).toBe(2);
    await signInOnce(url);
    const remembered = await cli('test', file('remembered.test.yaml', url, '{ remember: true }'));
    expect(remembered.out).toContain('1 step: 1 passed, 0 failed');
    expect(remembered.code).toBe(0);
    rmSync(process.env.XDG_CONFIG_HOME!, { recursive: true, force: true });
  });

  it('a client secret is read from the variable the file names, never written in it', async () => {
    const url = await demo();
    const path = file('secret.test.yaml', url, '{ clientId: pre-registered, clientSecretEnv: MCPSCOPE_TEST_SECRET }');
    const r = await cli('test', path);
    expect(r.out).toContain('server.auth.clientSecretEnv names MCPSCOPE_TEST_SECRET, which is not set: set it to the client secret (in CI, from a secret).');
    expect(r.code).toBe(2);
  });
});
