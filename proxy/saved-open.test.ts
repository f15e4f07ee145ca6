// Opening a saved server by reference: the page sends the transport as it sees it (KEPT_SECRET in place
// of each secret) and the id; the server the proxy starts gets the real values.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../test/fixtures/proxy-helpers.js';
import { KEPT_SECRET, type SavedServerView, type ServerListView } from '../src/protocol/wire.js';
import { startProxy, type RunningProxy } from './server.js';

const TOKEN = 'saved-open-token-0123456789abc';
let dir: string;
let proxy: RunningProxy;

async function api(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${proxy.port}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return res.json();
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-saved-open-'));
  // Says its secret on stderr, then waits for stdin to close.
  await writeFile(
    join(dir, 'says-env.mjs'),
    "process.stderr.write(`token=${process.env.SERVICE_TOKEN} port=${process.env.PORT}\\n`); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));\n",
  );
  proxy = await startProxy({ port: 0, token: TOKEN, serversFile: join(dir, 'config', 'servers.json'), warn: () => {}, graceMs: 500 });
});
afterEach(async () => {
  await proxy.close();
  await rm(dir, { recursive: true, force: true });
});

describe('opening a saved server', () => {
  it('gives the started server the kept secret, which the page never had, and marks the server used', async () => {
    const entry = {
      name: 'env',
      transport: { kind: 'stdio', command: process.execPath, args: [join(dir, 'says-env.mjs')], env: { SERVICE_TOKEN: 'tok-real-42', PORT: '7' } },
      secretKeys: [],
    };
    const { server } = (await api('POST', '/api/servers', { entry })) as { server: SavedServerView };
    expect(server.entry.transport).toMatchObject({ env: { SERVICE_TOKEN: KEPT_SECRET } });

    const client = await connect(proxy.port, { token: TOKEN });
    const open = { type: 'open', transport: server.entry.transport, savedServer: server.id };
    expect(JSON.stringify(open)).not.toContain('tok-real-42');
    client.send(open);
    await client.next('opened');
    expect((await client.next('stderr')).line).toBe('token=tok-real-42 port=7');
    client.ws.close();
    await client.closed;

    const list = (await api('GET', '/api/servers')) as ServerListView;
    expect(list.recent).toEqual([server.id]);
    expect(list.servers[0]!.lastUsedAt).toEqual(expect.any(String));
  });

  it('refuses an unknown id, and a KEPT_SECRET the server does not keep, with a sentence; nothing starts', async () => {
    const client = await connect(proxy.port, { token: TOKEN });
    const transport = { kind: 'stdio', command: process.execPath, args: [join(dir, 'says-env.mjs')], env: { SERVICE_TOKEN: KEPT_SECRET } };
    client.send({ type: 'open', transport, savedServer: 's-gone' });
    expect(await client.next('error')).toMatchObject({ code: 'spawn-failed', message: expect.stringMatching(/^No saved server has the id "s-gone"/) });

    const entry = { name: 'plain', transport: { ...transport, env: {} }, secretKeys: [] };
    const { server } = (await api('POST', '/api/servers', { entry })) as { server: SavedServerView };
    client.send({ type: 'open', transport, savedServer: server.id });
    expect(await client.next('error')).toMatchObject({ message: expect.stringMatching(/^"SERVICE_TOKEN" of server "plain" has no value kept by the proxy/) });
    expect(client.received.some((e) => e.type === 'opened' || e.type === 'stderr')).toBe(false);

    // The person may then type the value, on the same socket.
    client.send({ type: 'open', transport: { ...transport, env: { SERVICE_TOKEN: 'typed' } }, savedServer: server.id });
    expect((await client.next('stderr')).line).toBe('token=typed port=undefined');
    client.ws.close();
    await client.closed;
  });

  it('opens a server of the --config file by reference too', async () => {
    await proxy.close();
    const entry = {
      name: 'cfg',
      transport: { kind: 'stdio' as const, command: process.execPath, args: [join(dir, 'says-env.mjs')], env: { SERVICE_TOKEN: 'from-config' } },
      secretKeys: [],
    };
    proxy = await startProxy({
      port: 0,
      token: TOKEN,
      serversFile: join(dir, 'config', 'servers.json'),
      warn: () => {},
      graceMs: 500,
      configFile: { path: join(dir, 'mcp.json'), servers: [{ entry, inputs: [], notes: [] }], problems: [] },
    });
    const list = (await api('GET', '/api/servers')) as ServerListView;
    const shown = list.servers[0]!;
    expect(shown).toMatchObject({ id: 'config:cfg', entry: { transport: { env: { SERVICE_TOKEN: KEPT_SECRET } } } });
    const client = await connect(proxy.port, { token: TOKEN });
    client.send({ type: 'open', transport: shown.entry.transport, savedServer: shown.id });
    expect((await client.next('stderr')).line).toBe('token=from-config port=undefined');
    client.ws.close();
    await client.closed;
    expect(((await api('GET', '/api/servers')) as ServerListView).recent).toEqual(['config:cfg']);
  });
});
