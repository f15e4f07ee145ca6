// The built entry point as a real process: no server outlives it
// (run `npx tsc -p tsconfig.node.json` first).
import { createServer } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  builtDemoServer,
  builtProxyMain,
  connect,
  delay,
  fixture,
  pidGone,
  requireBuilt,
  runNode,
  waitFor,
  type NodeProcess,
  type EnvelopeClient,
} from '../test/fixtures/proxy-helpers.js';

/** Proxies, servers and grandchildren the tests started: SIGKILLed after each test, so a failure leaves none behind. */
const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) if (!pidGone(pid)) process.kill(pid, 'SIGKILL');
});

function runMain(args: string[]): NodeProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1' };
  delete env.MCPSCOPE_TOKEN;
  const proxy = runNode(builtProxyMain, args, env);
  started.push(proxy.child.pid!);
  return proxy;
}

/** Start the proxy and read its port and token from the ready line. */
async function readyProxy(args: string[] = []): Promise<NodeProcess & { port: number; token: string }> {
  const proxy = runMain(['--port', '0', '--no-open', ...args]);
  await waitFor(() => proxy.stdout().includes('\n'), 5000, 'the ready line');
  const [, port, token] = /:(\d+)\/#token=(\S+)/.exec(proxy.stdout())!;
  return { ...proxy, port: Number(port), token: token! };
}

/** Open a stdio server through the proxy; returns its pid and the first line it wrote. */
async function openServer(port: number, token: string, name: string): Promise<{ client: EnvelopeClient; pid: number; first: Record<string, number> }> {
  const client = await connect(port, { token });
  client.send({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args: [fixture(name)], env: {} } });
  const pid = (await client.next('opened')).pid;
  const first = JSON.parse((await client.next('message')).text) as Record<string, number>;
  started.push(pid, ...(first.grandchild !== undefined ? [first.grandchild] : []));
  return { client, pid, first };
}

beforeAll(() => {
  requireBuilt(builtProxyMain);
  requireBuilt(builtDemoServer);
});

describe('node dist/node/proxy/main.js', () => {
  it('stops every server it started when it gets SIGTERM', async () => {
    const proxy = runMain(['--port', '0', '--no-open']);
    await waitFor(() => proxy.stdout().includes('\n'), 5000, 'the ready line');
    const m = /^mcpscope ready: http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{43}) \(app sandbox: http:\/\/localhost:\d+\/\)\n$/.exec(proxy.stdout());
    expect(m, proxy.stdout()).not.toBeNull();
    const port = Number(m![1]);
    const token = m![2]!;

    const demo = await connect(port, { token });
    demo.send({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args: [builtDemoServer], env: {} } });
    const demoPid = (await demo.next('opened')).pid;
    const stubborn = await connect(port, { token });
    stubborn.send({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args: [fixture('stubborn.mjs')], env: {} } });
    const stubbornPid = (await stubborn.next('opened')).pid;
    await stubborn.next('message'); // its SIGTERM trap is set

    proxy.child.kill('SIGTERM');
    expect(await demo.next('close')).toMatchObject({ reason: 'Stopped by mcpscope.' });
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
    await stubborn.next('message'); // its SIGTERM trap is set

    proxy.child.kill('SIGINT');
    await delay(100);
    proxy.child.kill('SIGINT'); // the 2 s grace has not run out: only the exit hook can stop it now
    expect((await proxy.exited).code).toBe(1);
    await waitFor(() => pidGone(pid), 1500, `stubborn server ${pid} to be gone`);
  });

  // SIGKILL runs no cleanup at all: the reaper process notices the proxy is gone.
  it.runIf(process.platform !== 'win32')('leaves no server behind when it is SIGKILLed, not even one that ignores stdin closing and SIGTERM', async () => {
    const proxy = await readyProxy();
    const { pid } = await openServer(proxy.port, proxy.token, 'undying.mjs');
    proxy.child.kill('SIGKILL');
    expect((await proxy.exited).signal).toBe('SIGKILL');
    await waitFor(() => pidGone(pid), 5000, `server ${pid} to be gone`);
  });

  it.runIf(process.platform === 'linux')('leaves no setsid grandchild behind when it is SIGKILLed', async () => {
    const proxy = await readyProxy();
    const { pid, first } = await openServer(proxy.port, proxy.token, 'setsid-grandchild.mjs');
    const grandchild = first.grandchild!;
    expect(pidGone(grandchild)).toBe(false);
    proxy.child.kill('SIGKILL');
    await waitFor(() => pidGone(pid), 5000, `server ${pid} to be gone`);
    await waitFor(() => pidGone(grandchild), 5000, `setsid grandchild ${grandchild} to be gone`);
  });

  it.runIf(process.platform === 'linux')('stops a setsid grandchild when the socket closes, and when the proxy gets SIGTERM', async () => {
    const proxy = await readyProxy();
    const closing = await openServer(proxy.port, proxy.token, 'setsid-grandchild.mjs');
    const stopping = await openServer(proxy.port, proxy.token, 'setsid-grandchild.mjs');
    closing.client.ws.close();
    await waitFor(() => pidGone(closing.first.grandchild!), 6000, 'the grandchild of the closed session to be gone');
    expect(pidGone(stopping.first.grandchild!)).toBe(false);
    proxy.child.kill('SIGTERM');
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    expect(pidGone(stopping.first.grandchild!)).toBe(true);
  });

  it('stops every server on SIGHUP (the terminal closed) as on SIGTERM', async () => {
    const proxy = await readyProxy();
    const { pid } = await openServer(proxy.port, proxy.token, 'stubborn.mjs');
    proxy.child.kill('SIGHUP');
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    await waitFor(() => pidGone(pid), 3000, `stubborn server ${pid} to be gone`);
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
    expect(proxy.stderr()).toMatch(/^mcpscope: Unknown option "--frobnicate".*\nUsage: mcpscope start \[--port N\]/);
  });

  it('prints help and exits 0', async () => {
    const proxy = runMain(['--help']);
    expect((await proxy.exited).code).toBe(0);
    expect(proxy.stdout()).toMatch(/^Usage: mcpscope/);
  });
});
