// `npm start` after its build step (scripts/run-proxy.mjs): signals reach the
// proxy, and nothing outlives it — also when npm's `sh -c` is killed and dies
// without passing the signal on (run `npx tsc -p tsconfig.node.json` first).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtProxyMain, connect, descendants, fixture, pidGone, requireBuilt, waitFor } from '../test/fixtures/proxy-helpers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const runProxy = fileURLToPath(new URL('../scripts/run-proxy.mjs', import.meta.url));
const tree: number[] = [];

/** Start `command` (through the shell when asked, as npm does), wait for the ready line, open a server through the proxy. */
async function started(
  command: string[],
  server: string,
): Promise<{ child: ChildProcessWithoutNullStreams; exited: Promise<number | null>; serverPid: number }> {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1' };
  delete env.MCPSCOPE_TOKEN;
  const child = spawn(command[0]!, command.slice(1), { cwd: root, env });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += String(c)));
  await waitFor(() => out.includes('\n'), 10_000, 'the ready line');
  const [, port, token] = /:(\d+)\/#token=(\S+)/.exec(out)!;
  const client = await connect(Number(port), { token: token! });
  client.send({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args: [fixture(server)], env: {} } });
  const serverPid = (await client.next('opened')).pid;
  await client.next('message'); // its traps are set
  tree.push(child.pid!, ...descendants(child.pid!));
  expect(tree).toContain(serverPid);
  return { child, exited, serverPid };
}

beforeAll(() => requireBuilt(builtProxyMain));
afterEach(() => {
  for (const pid of tree.splice(0)) if (!pidGone(pid)) process.kill(pid, 'SIGKILL');
});

describe.runIf(process.platform === 'linux')('scripts/run-proxy.mjs', () => {
  it('stops the proxy and its server when npm kills its `sh -c` with SIGTERM', async () => {
    const { child } = await started(['/bin/sh', '-c', `"${process.execPath}" scripts/run-proxy.mjs --no-open --port 0`], 'stubborn.mjs');
    const everything = [...tree];
    child.kill('SIGTERM');
    await waitFor(() => everything.every(pidGone), 8000, `every process of npm start (${everything.join(', ')}) to be gone`);
  });

  it('passes SIGTERM on to the proxy and exits with its status', async () => {
    const { child, exited } = await started([process.execPath, runProxy, '--no-open', '--port', '0'], 'echo-server.mjs');
    const everything = [...tree];
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await waitFor(() => everything.every(pidGone), 5000, `every process (${everything.join(', ')}) to be gone`);
  });

  it.runIf(existsSync('/usr/bin/script'))(
    'on Ctrl-C in a terminal, lets the proxy stop its servers gently (the SIGINT is not passed on a second time)',
    async () => {
      // `script` gives the command a terminal of its own: ^C there signals its whole foreground group.
      // `exec`: script runs the command through $SHELL, and a shell that waits (dash) would die of the
      // ^C itself — script would then report the shell's 130, not run-proxy's status.
      const { child, exited } = await started(
        ['/usr/bin/script', '-qec', `exec "${process.execPath}" scripts/run-proxy.mjs --no-open --port 0`, '/dev/null'],
        'stubborn.mjs',
      );
      const everything = [...tree];
      child.stdin.write('\x03');
      // One signal: the proxy takes its full shutdown path (stdin, SIGTERM, SIGKILL) and exits 0; two would exit 1.
      expect(await exited).toBe(0);
      await waitFor(() => everything.every(pidGone), 5000, `every process (${everything.join(', ')}) to be gone`);
    },
  );

  it('stops the proxy and its server gently when the wrapper itself is SIGKILLed', async () => {
    const { child, exited, serverPid } = await started([process.execPath, runProxy, '--no-open', '--port', '0'], 'stubborn.mjs');
    const proxyPid = descendants(child.pid!).find((pid) => pid !== serverPid)!;
    const everything = [...tree];
    child.kill('SIGKILL');
    await exited;
    await waitFor(() => everything.every(pidGone), 8000, `the proxy (${proxyPid}) and its server (${serverPid}) to be gone`);
  });

  it('leaves nothing behind when a second signal cuts the shutdown short', async () => {
    const { child, exited } = await started([process.execPath, runProxy, '--no-open', '--port', '0'], 'stubborn.mjs');
    const everything = [...tree];
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGINT');
    expect(await exited).toBe(1);
    await waitFor(() => everything.every(pidGone), 5000, `every process (${everything.join(', ')}) to be gone`);
  });
});
