// A wrapped session live in a running proxy, with real processes: the SDK's
// Client as the host, `node bin/mcpscope.js wrap -- node demo-server.js`, and
// a proxy found through proxy.json in the run's own config directory.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../src/app/features/log/log-file.js';
import { proxyFilePath } from '../node/proxy-file/proxy-file.js';
import { startProxy, type RunningProxy } from '../proxy/server.js';
import { builtDemoServer, builtProxyMain, delay, requireBuilt, startBuiltProxy, waitFor } from './fixtures/proxy-helpers.js';
import { followFeed, hostThroughWrap, sessionWithInitialize, type Host } from './fixtures/live-helpers.js';
import { builtWrap, scratch, scriptedSession } from './fixtures/wrap-helpers.js';

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
    const { run, exited } = startBuiltProxy(['--port', '0', '--no-open'], { ...process.env, MCPSCOPE_TOKEN: TOKEN, CI: '1', XDG_CONFIG_HOME: dir }, stops);
    await waitFor(() => /mcpscope ready/.test(run.out), 20_000, 'the proxy ready');
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(run.out)![1]);
    const feed = await followFeed(port, TOKEN);
    const h = await host(dir);
    await sessionWithInitialize(feed, 10_000);

    process.kill(Number(JSON.parse(readFileSync(proxyFilePath({ XDG_CONFIG_HOME: dir }), 'utf8')).pid), 'SIGKILL');
    await exited;
    await waitFor(() => /went away/.test(h.stderr()), 10_000, 'the sentence');
    for (let i = 0; i < 20; i++) expect(await echo(h, `after the proxy died ${i}`)).toEqual([{ type: 'text', text: `after the proxy died ${i}` }]);
    await delay(2500); // the wrapper looks at the stale file again: no second sentence
    const said = wrapSaid(h);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^mcpscope wrap: the mcpscope proxy in .*proxy\.json \(port \d+\) went away; this session is recorded in .*live-test-host\.jsonl/);
  }, 60_000);

  it('records a session when proxy.json names a dead port, and says so in one sentence', async () => {
    const dir = scratch();
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as { port: number }).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    mkdirSync(join(dir, 'mcpscope'), { mode: 0o700 });
    const stale = { mcpscope: 'proxy', version: 1, pid: 999_999, host: '127.0.0.1', port, token: TOKEN, startedAt: new Date().toISOString() };
    writeFileSync(join(dir, 'mcpscope', 'proxy.json'), JSON.stringify(stale), { mode: 0o600 });
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
});
