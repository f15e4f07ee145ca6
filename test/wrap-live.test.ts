// A wrapped session live in a running proxy, with real processes: the SDK's
// Client as the host, `node bin/mcpscope.js wrap -- node demo-server.js`, and
// a proxy found through proxy.json in the run's own config directory.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../src/app/features/log/log-file.js';
import { proxyFilePath } from '../node/proxy-file/proxy-file.js';
import { startProxy, type RunningProxy } from '../proxy/server.js';
import { builtDemoServer, builtProxyMain, delay, requireBuilt, startBuiltProxy, waitFor } from './fixtures/proxy-helpers.js';
import { followFeed, hostThroughWrap, sessionWithInitialize, type Host } from './fixtures/live-helpers.js';
import { HOST_CHUNKS, SERVER_CHUNKS, builtWrap, fixture, runWrap, scratch, scriptedSession, writeChunks, writeScript } from './fixtures/wrap-helpers.js';

const TOKEN = 'live-test-token-0123456789';
const stops: Array<() => unknown> = [];

beforeAll(() => {
  requireBuilt(builtWrap);
  requireBuilt(builtDemoServer);
  requireBuilt(builtProxyMain);
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function proxyFor(configHome: string): Promise<RunningProxy> {
  const proxy = await startProxy({ port: 0, token: TOKEN, proxyFile: proxyFilePath({ XDG_CONFIG_HOME: configHome }), warn: () => {} });
  stops.push(() => proxy.close());
  return proxy;
}

async function host(configHome: string): Promise<Host> {
  const h = await hostThroughWrap(configHome);
  stops.push(() => h.client.close());
  return h;
}

/** The wrapper's own lines on stderr (the server's pass through beside them). */
const wrapSaid = (h: Host) =>
  h
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('mcpscope wrap:'));

/** npm start's proxy in its own process (so it can be killed), writing proxy.json in `configHome`. */
async function builtProxy(configHome: string) {
  const { run, exited } = startBuiltProxy(['--port', '0', '--no-open'], { ...process.env, MCPSCOPE_TOKEN: TOKEN, CI: '1', XDG_CONFIG_HOME: configHome }, stops);
  await waitFor(() => /mcpscope ready/.test(run.out), 20_000, 'the proxy ready');
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(run.out)![1]);
  const kill = async () => {
    process.kill(Number(JSON.parse(readFileSync(proxyFilePath({ XDG_CONFIG_HOME: configHome }), 'utf8')).pid), 'SIGKILL');
    await exited;
  };
  return { port, kill };
}

/** A proxy.json in `configHome`'s config directory. */
function writeProxyJson(configHome: string, port: number, token = TOKEN): string {
  mkdirSync(join(configHome, 'mcpscope'), { mode: 0o700, recursive: true });
  const path = join(configHome, 'mcpscope', 'proxy.json');
  writeFileSync(path, JSON.stringify({ mcpscope: 'proxy', version: 1, pid: 999_999, host: '127.0.0.1', port, token, startedAt: new Date().toISOString() }), {
    mode: 0o600,
  });
  return path;
}

const echo = async (h: Host, message: string) => (await h.client.callTool({ name: 'echo', arguments: { message } })).content;

describe('a wrapped session, live in the proxy', () => {
  it("reaches a page's feed with the host's initialize and the server's answers, then ends", async () => {
    const dir = scratch();
    const proxy = await proxyFor(dir);
    const feed = await followFeed(proxy.port, TOKEN);
    stops.push(() => feed.close());
    const h = await host(dir);
    expect(await echo(h, 'live héllo')).toEqual([{ type: 'text', text: 'live héllo' }]);

    const session = await sessionWithInitialize(feed, 10_000);
    expect(feed.messages[0]).toMatchObject({ type: 'sessions', sessions: [] });
    expect(session).toMatchObject({ state: 'live', transport: 'stdio', header: { mcpscope: 'log', server: { name: 'demo-server' } } });
    expect(session.capture).toBe(join(dir, 'live-test-host.jsonl'));
    const initialize = feed.records(session.id).find((r) => r.method === 'initialize' && r.direction === 'out')!;
    expect(JSON.parse(initialize.raw)).toMatchObject({ params: { clientInfo: { name: 'live-test-host', version: '4.5.6' } } });
    await waitFor(() => feed.records(session.id).some((r) => r.direction === 'in' && r.method === 'tools/call'), 10_000, 'the answer to tools/call');

    await h.client.close();
    await waitFor(() => feed.sessions()[0]?.state === 'ended', 10_000, 'the session to end');
    const ended = feed.sessions()[0]!;
    expect(ended.reason).toMatch(/^The server (exited with code|was killed by signal)/);
    // The feed got what the capture file got, in order.
    const records = feed.records(session.id);
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
    const opened = await readLogFile(new File([readFileSync(join(dir, 'live-test-host.jsonl'))], 'c.jsonl'));
    if (!opened.ok) throw new Error(opened.error);
    expect(records.length).toBe(opened.log.entries.length);
    expect(wrapSaid(h)).toEqual([]);
  });

  it('shows up, first records included, when the proxy starts after the wrapper', async () => {
    const dir = scratch();
    const h = await host(dir);
    expect(await echo(h, 'before the proxy')).toEqual([{ type: 'text', text: 'before the proxy' }]);
    const proxy = await proxyFor(dir);
    const feed = await followFeed(proxy.port, TOKEN);
    stops.push(() => feed.close());
    const session = await sessionWithInitialize(feed, 15_000);
    expect(feed.records(session.id).some((r) => r.direction === 'out' && r.method === 'tools/call' && r.raw.includes('before the proxy'))).toBe(true);
    expect(await echo(h, 'after')).toEqual([{ type: 'text', text: 'after' }]);
    await waitFor(() => feed.records(session.id).some((r) => r.raw.includes('"after"') && r.direction === 'in'), 10_000, 'the live answer');
    expect(wrapSaid(h)).toEqual([]);
  });

  it('goes on unchanged when the proxy is killed mid-session, and says so once', async () => {
    const dir = scratch();
    const proxy = await builtProxy(dir);
    const feed = await followFeed(proxy.port, TOKEN);
    const h = await host(dir);
    await sessionWithInitialize(feed, 10_000);

    await proxy.kill();
    await waitFor(() => /went away/.test(h.stderr()), 10_000, 'the sentence');
    for (let i = 0; i < 20; i++) expect(await echo(h, `after the proxy died ${i}`)).toEqual([{ type: 'text', text: `after the proxy died ${i}` }]);
    await delay(2500); // the wrapper looks at the stale file again: no second sentence
    const said = wrapSaid(h);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^mcpscope wrap: the mcpscope proxy in .*proxy\.json \(port \d+\) went away; this session is recorded in .*live-test-host\.jsonl/);
  }, 60_000);

  it('forwards byte for byte both ways while the proxy is killed mid-session', async () => {
    const dir = scratch();
    const proxy = await builtProxy(dir);
    const feed = await followFeed(proxy.port, TOKEN);
    const received = join(dir, 'received.bin');
    const run = runWrap(
      ['--capture', join(dir, 'c.jsonl'), '--', process.execPath, fixture('scripted-server.mjs'), writeScript(dir, SERVER_CHUNKS), received],
      dir,
    );
    await waitFor(() => run.stdout().length === Buffer.concat(SERVER_CHUNKS).length, 15_000, 'all the server wrote');
    await waitFor(() => feed.sessions().some((s) => feed.records(s.id).some((r) => r.direction === 'in')), 15_000, "the server's lines in the page");
    await proxy.kill();
    await writeChunks(run.child.stdin, HOST_CHUNKS);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stdout().equals(Buffer.concat(SERVER_CHUNKS))).toBe(true);
    expect(readFileSync(received).equals(Buffer.concat(HOST_CHUNKS))).toBe(true);
    expect(run.stderr()).toMatch(
      /^mcpscope wrap: the mcpscope proxy in .* \(port \d+\) went away; this session is recorded in .*c\.jsonl and shows in the page when a proxy starts again\.\n$/,
    );
  }, 60_000);

  it('says in one sentence that a proxy refused the token of a stale proxy.json, or that the file cannot be trusted', async () => {
    const dir = scratch();
    const proxy = await proxyFor(dir);
    const path = writeProxyJson(dir, proxy.port, 'an-older-token-0123456789');
    const refused = await scriptedSession(['--capture', join(dir, 'a.jsonl')], dir);
    expect(refused.unchanged).toBe(true);
    expect(refused.run.stderr()).toBe(
      `mcpscope wrap: the mcpscope proxy in ${path} (port ${proxy.port}) refused the token in that file (the file may be left from an earlier proxy); this session is recorded in ${join(dir, 'a.jsonl')} and shows in the page when a proxy starts.\n`,
    );

    chmodSync(path, 0o644);
    const open = await scriptedSession(['--capture', join(dir, 'b.jsonl')], dir);
    expect(open.unchanged).toBe(true);
    expect(open.run.stderr()).toBe(
      `mcpscope wrap: ${path} can be read by other users (mode 644), so its token is not trusted; this session is not shown live in mcpscope, only recorded in ${join(dir, 'b.jsonl')}.\n`,
    );

    rmSync(path);
    execFileSync('mkfifo', [path]);
    const fifo = await scriptedSession(['--capture', join(dir, 'c.jsonl')], dir);
    expect(fifo.unchanged).toBe(true);
    expect(fifo.run.stderr()).toMatch(/is not a regular file \(it is a FIFO, a named pipe\); this session is not shown live in mcpscope, only recorded in /);
  });

  it('records a session when proxy.json names a dead port, and says so in one sentence', async () => {
    const dir = scratch();
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as { port: number }).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    writeProxyJson(dir, port);
    const capture = join(dir, 'stale.jsonl');

    const { run, exit, unchanged } = await scriptedSession(['--capture', capture], dir);
    expect(unchanged).toBe(true);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(run.stderr()).toBe(
      `mcpscope wrap: the mcpscope proxy in ${join(dir, 'mcpscope', 'proxy.json')} (port ${port}) is not answering; this session is recorded in ${capture} and shows in the page when a proxy starts.\n`,
    );
    const opened = await readLogFile(new File([readFileSync(capture)], 'stale.jsonl'));
    if (!opened.ok) throw new Error(opened.error);
    expect(opened.log.entries.filter((e) => e.direction === 'out').length).toBeGreaterThan(3);
  });

  it('shows a --to session (HTTP) too, each exchange recorded, and ends it when the wrapper is stopped', async () => {
    const dir = scratch();
    const proxy = await proxyFor(dir);
    const feed = await followFeed(proxy.port, TOKEN);
    stops.push(() => feed.close());
    const upstream = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => upstream.close(resolve)));
    const run = runWrap(['--to', `http://127.0.0.1:${(upstream.address() as { port: number }).port}/mcp`, '--capture', join(dir, 'http.jsonl')], dir);
    stops.push(() => run.child.kill('SIGKILL'));
    await waitFor(() => run.stderr().includes('point the host at'), 20_000, 'the ready line');
    const url = /point the host at (\S+) /.exec(run.stderr())![1]!;
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });

    await waitFor(() => feed.sessions().some((s) => feed.records(s.id).some((r) => r.kind === 'http')), 15_000, 'the exchange in the page');
    const session = feed.sessions()[0]!;
    expect(session).toMatchObject({ transport: 'http', state: 'live', header: { server: { url: expect.stringMatching(/\/mcp$/) } } });
    expect(feed.records(session.id).map((r) => [r.direction, r.kind, r.method])).toEqual([
      ['system', 'system', undefined],
      ['out', 'request', 'ping'],
      ['in', 'response', 'ping'],
      ['system', 'http', undefined],
    ]);
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    await waitFor(() => feed.sessions()[0]?.state === 'ended', 10_000, 'the session to end');
    expect(feed.sessions()[0]!.reason).toBe('mcpscope wrap was stopped by SIGTERM.');
    expect(feed.records(session.id).at(-1)!.raw).toBe('Stopped by SIGTERM.');
  });
});
