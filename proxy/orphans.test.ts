// The built entry point as a real process: no server outlives it
// (run `npx tsc -p tsconfig.node.json` first).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtDemoServer, builtProxyMain, connect, delay, fixture, pidGone, requireBuilt, waitFor } from '../test/fixtures/proxy-helpers.js';

interface ProxyProcess {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: string | null }>;
}

function runMain(args: string[]): ProxyProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1' };
  delete env.MCPSCOPE_TOKEN;
  const child = spawn(process.execPath, [builtProxyMain, ...args], { env });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += String(c)));
  child.stderr.on('data', (c: Buffer) => (err += String(c)));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

beforeAll(() => {
  requireBuilt(builtProxyMain);
  requireBuilt(builtDemoServer);
});

describe('node dist/node/proxy/main.js', () => {
  it('stops every server it started when it gets SIGTERM', async () => {
    const proxy = runMain(['--port', '0', '--no-open']);
    await waitFor(() => proxy.stdout().includes('\n'), 5000, 'the ready line');
    const m = /^mcpscope ready: http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{43})\n$/.exec(proxy.stdout());
    expect(m, proxy.stdout()).not.toBeNull();
    const port = Number(m![1]);
    const token = m![2]!;

    const demo = await connect(port, { token });
    demo.send({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args: [builtDemoServer], env: {} } });
    const demoPid = (await demo.next('opened')).pid;
    const stubborn = await connect(port, { token });
    stubborn.send({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args: [fixture('stubborn.mjs')], env: {} } });
    const stubbornPid = (await stubborn.next('opened')).pid;
    await stubborn.next('recv'); // its SIGTERM trap is set

    proxy.child.kill('SIGTERM');
    expect(await demo.next('closed')).toMatchObject({ reason: 'Stopped by mcpscope.' });
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    await waitFor(() => pidGone(demoPid), 3000, `demo server ${demoPid} to be gone`);
    await waitFor(() => pidGone(stubbornPid), 3000, `stubborn server ${stubbornPid} to be gone`);
    expect(() => process.kill(demoPid, 0)).toThrow();
    expect(proxy.stdout().split('\n')).toHaveLength(2); // exactly one line
  });

  it('SIGKILLs what is left when a second signal cuts the shutdown short', async () => {
    const proxy = runMain(['--port', '0', '--no-open']);
    await waitFor(() => proxy.stdout().includes('\n'), 5000, 'the ready line');
    const [, port, token] = /:(\d+)\/#token=(\S+)/.exec(proxy.stdout())!;
    const stubborn = await connect(Number(port), { token: token! });
    stubborn.send({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args: [fixture('stubborn.mjs')], env: {} } });
    const pid = (await stubborn.next('opened')).pid;
    await stubborn.next('recv'); // its SIGTERM trap is set

    proxy.child.kill('SIGINT');
    await delay(100);
    proxy.child.kill('SIGINT'); // the 2 s grace has not run out: only the exit hook can stop it now
    expect((await proxy.exited).code).toBe(1);
    await waitFor(() => pidGone(pid), 1500, `stubborn server ${pid} to be gone`);
  });

  it('says when the port is in use and exits 1', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const proxy = runMain(['--port', String(port), '--no-open']);
      expect((await proxy.exited).code).toBe(1);
      expect(proxy.stderr()).toBe(`mcpscope: Port ${port} is in use: pass --port N, or --port 0 for a free one.\n`);
      expect(proxy.stdout()).toBe('');
    } finally {
      blocker.close();
    }
  });

  it('prints the error and the usage for a bad option and exits 2', async () => {
    const proxy = runMain(['--frobnicate']);
    expect((await proxy.exited).code).toBe(2);
    expect(proxy.stderr()).toMatch(/^mcpscope: Unknown option "--frobnicate".*\nUsage: mcpscope \[--port N\]/);
  });

  it('prints help and exits 0', async () => {
    const proxy = runMain(['--help']);
    expect((await proxy.exited).code).toBe(0);
    expect(proxy.stdout()).toMatch(/^Usage: mcpscope/);
  });
});
