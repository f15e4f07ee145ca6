// `npm start -- --demo oauth`, after its build: the proxy starts the protected
// demo (MCP server + authorization server with a consent page), prints both
// URLs, prefills the page with the MCP URL and the guided OAuth view, and stops
// the demo with itself — also when it is SIGKILLed (the reaper), and when
// npm's `sh -c` dies (run `npx tsc -p tsconfig.node.json` first).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TransportConfig } from '../src/protocol/wire.js';
import { postMcp } from '../test/fixtures/oauth/mcp-post.js';
import { builtProxyMain, descendants, fixture, get, pidGone, requireBuilt, waitFor } from '../test/fixtures/proxy-helpers.js';
import { startOAuthDemo } from './demo-oauth.js';
import { oauthDemoServerPath } from './paths.js';

const TOKEN = 'demo-oauth-token-0123456789';
const root = fileURLToPath(new URL('..', import.meta.url));
const runProxy = fileURLToPath(new URL('../scripts/run-proxy.mjs', import.meta.url));
const left: number[] = [];
afterEach(() => {
  for (const pid of left.splice(0)) if (!pidGone(pid)) process.kill(pid, 'SIGKILL');
});
beforeAll(() => requireBuilt(builtProxyMain));

interface Started {
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  port: number;
  mcpUrl: string;
  issuer: string;
  /** The demo process (found among the proxy's descendants by its script). */
  demoPid: number;
}

const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

async function started(command: string[]): Promise<Started> {
  const child = spawn(command[0]!, command.slice(1), { cwd: root, env: { ...process.env, MCPSCOPE_TOKEN: TOKEN, CI: '1' } });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += String(c)));
  child.stderr.on('data', (c: Buffer) => (out += String(c)));
  await waitFor(() => /OAuth demo: .*\n/.test(out), 15_000, `the ready and demo lines (got: ${out})`);
  const port = Number(/mcpscope ready: http:\/\/127\.0\.0\.1:(\d+)\/#token=/.exec(out)![1]);
  const [, mcpUrl, issuer] = /OAuth demo: MCP server (http:\/\/127\.0\.0\.1:\d+\/mcp) · authorization server (http:\/\/127\.0\.0\.1:\d+)\//.exec(out)!;
  const tree = descendants(child.pid!);
  left.push(child.pid!, ...tree);
  const demoPid = tree.find((pid) => commandLine(pid).includes('oauth-demo-server.mjs'));
  expect(demoPid).toBeDefined();
  return { child, exited, port, mcpUrl: mcpUrl!, issuer: issuer!, demoPid: demoPid! };
}

describe.runIf(process.platform === 'linux')('--demo oauth', () => {
  it('starts the protected demo, prints both URLs, prefills its MCP URL with guided OAuth, and stops it on SIGTERM', async () => {
    const s = await started([process.execPath, runProxy, '--no-open', '--port', '0', '--demo', 'oauth']);

    const config = await get(s.port, '/api/config', { Host: `127.0.0.1:${s.port}`, Authorization: `Bearer ${TOKEN}` });
    const { prefill } = JSON.parse(config.body) as { prefill: TransportConfig };
    expect(prefill).toEqual({ kind: 'http', url: s.mcpUrl, headers: {}, mode: 'auto', auth: { mode: 'guided' } });

    // The demo is there, protected, and run for a person: its authorization server names itself and shows a consent page.
    const denied = await postMcp(s.mcpUrl, undefined, { method: 'initialize', params: {} });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toContain('resource_metadata="');
    const metadata = (await (await fetch(`${s.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(s.issuer);
    const registered = await fetch(`${s.issuer}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], application_type: 'native' }),
    });
    const { client_id } = (await registered.json()) as { client_id: string };
    const authorize = new URL(`${s.issuer}/authorize`);
    const q = {
      response_type: 'code',
      client_id,
      redirect_uri: 'http://127.0.0.1:9/cb',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      resource: s.mcpUrl,
    };
    for (const [k, v] of Object.entries(q)) authorize.searchParams.set(k, v);
    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(200); // a page for the person, not a redirect straight back
    expect(await consent.text()).toContain('>Approve</button>');

    const everything = [s.child.pid!, ...descendants(s.child.pid!)];
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    await waitFor(() => everything.every(pidGone), 8000, `every process of npm start (${everything.join(', ')}) to be gone`);
    expect(pidGone(s.demoPid)).toBe(true);
  });

  it('stops the demo when npm kills its `sh -c`, and when the proxy itself is SIGKILLed', async () => {
    const viaShell = await started(['/bin/sh', '-c', `"${process.execPath}" scripts/run-proxy.mjs --no-open --port 0 --demo oauth`]);
    const all = [viaShell.child.pid!, ...descendants(viaShell.child.pid!)];
    viaShell.child.kill('SIGTERM');
    await waitFor(() => all.every(pidGone), 8000, `every process (${all.join(', ')}) to be gone`);

    // No exit hook runs on SIGKILL: the reaper notices the proxy is gone and stops the demo's group.
    const killed = await started([process.execPath, builtProxyMain, '--no-open', '--port', '0', '--demo', 'oauth']);
    killed.child.kill('SIGKILL');
    await waitFor(() => pidGone(killed.demoPid), 8000, `the demo ${killed.demoPid} to be gone after the proxy's SIGKILL`);
  });
});

describe('startOAuthDemo', () => {
  it('says what happened when the demo exits before listening, or never says it listens', async () => {
    await expect(startOAuthDemo({ script: fixture('exit-code.mjs') })).rejects.toThrow(
      /^the OAuth demo \(.*exit-code\.mjs\) exited \(code 3\) before it was listening; it wrote: loading config\nfatal: no API key\nbye\. Run "npm install" and try again\.$/,
    );
    const before = Date.now();
    await expect(startOAuthDemo({ script: fixture('stubborn.mjs'), timeoutMs: 500 })).rejects.toThrow(/did not say it was listening within 500 ms/);
    expect(Date.now() - before).toBeLessThan(5000); // stubborn ignores SIGTERM: SIGKILLed after the grace period
  });

  it('runs the bundled demo from the source tree', () => {
    expect(oauthDemoServerPath).toMatch(/examples\/servers\/oauth-demo-server\.mjs$/);
  });
});
