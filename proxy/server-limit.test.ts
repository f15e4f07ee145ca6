// The cap on servers running at once: refused starts spawn nothing and say
// what to do; a slot comes back when its server closes or never started.
import { afterEach, describe, expect, it } from 'vitest';
import { connect, fixture, pidGone, type EnvelopeClient } from '../test/fixtures/proxy-helpers.js';
import type { UpstreamFactory } from './bridge.js';
import { ServerLimitError, limitServers, serverLimitMessage } from './server-limit.js';
import { startProxy, type RunningProxy } from './server.js';
import type { AnyUpstream, UpstreamListener } from '../node/upstream/types.js';

interface FakeServer {
  listener: UpstreamListener;
  startOutcome: 'ok' | 'fail';
}

/** Upstreams that start (or fail to) at once and close when told. */
function fakeFactory(): { create: UpstreamFactory; servers: FakeServer[] } {
  const servers: FakeServer[] = [];
  const create: UpstreamFactory = (config, listener) => {
    const server: FakeServer = { listener, startOutcome: config.kind === 'stdio' && config.command === 'fail' ? 'fail' : 'ok' };
    servers.push(server);
    const upstream: AnyUpstream = {
      start: () => (server.startOutcome === 'ok' ? Promise.resolve({ pid: 1000 + servers.length }) : Promise.reject(new Error('Command not found'))),
      send: () => Promise.resolve(),
      shutdown: () => Promise.resolve(),
    };
    return upstream;
  };
  return { create, servers };
}

const stdio = (command: string) => ({ kind: 'stdio' as const, command, args: [], env: {} });
const closeEvent = { type: 'close' as const, code: 0, signal: null, reason: 'The server exited normally (code 0).', stderrTail: [] };

describe('limitServers', () => {
  it('refuses the start past the limit without creating anything, and frees a slot when a server closes', async () => {
    const { create, servers } = fakeFactory();
    const limited = limitServers(create, 2);
    await limited(stdio('a'), () => {}).start();
    await limited(stdio('b'), () => {}).start();
    const refused = limited(stdio('c'), () => {});
    await expect(refused.start()).rejects.toThrow(ServerLimitError);
    await expect(refused.start()).rejects.toThrow(serverLimitMessage(2, 2));
    await expect(refused.send('{}')).rejects.toThrow(ServerLimitError);
    await refused.shutdown();
    expect(servers).toHaveLength(2);

    const seen: string[] = [];
    servers[0]!.listener(closeEvent);
    const next = limited(stdio('d'), (e) => seen.push(e.type));
    await next.start();
    expect(servers).toHaveLength(3);
    servers[2]!.listener(closeEvent);
    expect(seen).toEqual(['close']); // events still reach the bridge
  });

  it('frees the slot of a server that failed to start, or was shut down', async () => {
    const { create } = fakeFactory();
    const limited = limitServers(create, 1);
    await expect(limited(stdio('fail'), () => {}).start()).rejects.toThrow('Command not found');
    const running = limited(stdio('a'), () => {});
    await running.start();
    await expect(limited(stdio('b'), () => {}).start()).rejects.toThrow(ServerLimitError);
    await running.shutdown();
    await expect(limited(stdio('b'), () => {}).start()).resolves.toEqual({ pid: 1003 });
  });

  it('frees the slot when building the upstream throws', async () => {
    const { create } = fakeFactory();
    const throwing: UpstreamFactory = (config, listener, connection) => {
      if (config.kind === 'stdio' && config.command === 'throw') throw new Error('cannot be built');
      return create(config, listener, connection);
    };
    const limited = limitServers(throwing, 1);
    expect(() => limited(stdio('throw'), () => {})).toThrow('cannot be built');
    await expect(limited(stdio('a'), () => {}).start()).resolves.toEqual({ pid: 1001 });
  });

  it('says how many run, that the limit was reached, and what to do', () => {
    expect(serverLimitMessage(8, 8)).toBe(
      'The limit of 8 servers at once was reached: 8 are running through this mcpscope proxy, so nothing was started. ' +
        'Disconnect or close another mcpscope tab, then press Reconnect; or restart mcpscope with a higher --max-servers.',
    );
    expect(serverLimitMessage(1, 1)).toMatch(/^The limit of 1 server at once was reached: 1 is running/);
    // Counts read as everywhere else in mcpscope (src/protocol/text/plural.ts).
    expect(serverLimitMessage(1200, 1000)).toMatch(/^The limit of 1,000 servers at once was reached: 1,200 are running/);
  });
});

describe('a proxy started with maxServers', () => {
  let proxy: RunningProxy | undefined;
  const clients: EnvelopeClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.close();
    await proxy?.close();
  });

  const openEcho = (client: EnvelopeClient): void =>
    client.send({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args: [fixture('echo-server.mjs')], env: {} } });

  it('answers an open past the limit with a server-limit error, and starts it once a slot is free', async () => {
    proxy = await startProxy({ port: 0, token: 'limit-token', maxServers: 1, graceMs: 300 });
    const first = await connect(proxy.port, { token: 'limit-token' });
    const second = await connect(proxy.port, { token: 'limit-token' });
    clients.push(first, second);
    openEcho(first);
    const pid = (await first.next('opened')).pid;

    openEcho(second);
    const error = await second.next('error');
    expect(error).toMatchObject({ code: 'server-limit', message: serverLimitMessage(1, 1) });
    expect(second.received.some((e) => e.type === 'opened')).toBe(false);

    // The slot is freed before the closed envelope goes out: after it, the next open starts.
    first.send({ type: 'close' });
    await first.next('close');
    expect(pidGone(pid)).toBe(true);
    openEcho(second);
    expect((await second.next('opened')).pid).toBeGreaterThan(0);
  });
});
