// `npm start -- --server NAME` without --config, after its build: the built proxy reads the saved list
// (servers.json) once, prefills that server with its secrets kept, and stops before serving on a wrong
// NAME (run `npx tsc -p tsconfig.node.json` first).
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_SECRET, type SavedServer, type TransportConfig } from '../src/protocol/wire.js';
import { ServersFile } from '../node/servers/servers-file.js';
import { builtProxyMain, connect, get, requireBuilt, startBuiltProxy, waitFor } from '../test/fixtures/proxy-helpers.js';

const TOKEN = 'start-saved-token-0123456789';
const SECRET = 'sk-saved-5b3e91';
const stops: Array<() => unknown> = [];
beforeAll(() => requireBuilt(builtProxyMain));
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

// The server says, in its first line, the secret it was started with.
const SAYS = 'process.stdout.write(JSON.stringify({jsonrpc:"2.0",method:"said",params:{key:process.env.API_KEY}})+"\\n");setInterval(()=>{},1e3)';
const saved = (id: string, name: string, transport: TransportConfig, protocolVersion?: '2025-06-18'): SavedServer => ({
  id,
  entry: { name, transport, secretKeys: [], ...(protocolVersion !== undefined ? { protocolVersion } : {}) },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  source: 'saved',
});

/** A config directory whose servers.json holds these servers; the directory. */
async function configHome(servers: SavedServer[]): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'mcpscope-start-saved-'));
  const file = new ServersFile(join(home, 'mcpscope', 'servers.json'));
  const written = await file.update((list) => {
    list.servers.push(...servers);
    return { ok: true, value: undefined };
  });
  expect(written.ok).toBe(true);
  return home;
}

/** The built proxy with these arguments and that config directory: its output so far, and its exit code once it has one. */
const start = (home: string, ...argv: string[]) =>
  startBuiltProxy(['--port', '0', '--no-open', ...argv], { ...process.env, MCPSCOPE_TOKEN: TOKEN, CI: '1', XDG_CONFIG_HOME: home }, stops);

describe('npm start -- --server NAME (the saved list)', () => {
  it('prefills that saved server with its secret kept, names it, and opened by reference it starts with the real value', async () => {
    const local = saved('s-local', 'Local', { kind: 'stdio', command: process.execPath, args: ['-e', SAYS], env: { API_KEY: SECRET } }, '2025-06-18');
    const home = await configHome([local, saved('s-other', 'other', { kind: 'http', url: 'http://127.0.0.1:9/mcp', headers: {}, mode: 'auto' })]);
    const { run } = start(home, '--server', 'local');
    await waitFor(() => /ready: http:\/\/127\.0\.0\.1:\d+\/.*\n.*\n/.test(run.out), 15_000, 'the ready line and the prefilled line');
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(run.out)![1]);
    expect(run.out.split('\n')[1]).toBe('Local (saved) is prefilled.');

    const config = JSON.parse((await get(port, '/api/config', { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${TOKEN}` })).body) as {
      prefill: TransportConfig;
      savedServer?: string;
      protocolChoice?: string;
    };
    expect(config).toMatchObject({
      prefill: { kind: 'stdio', command: process.execPath, args: ['-e', SAYS], env: { API_KEY: KEPT_SECRET } },
      savedServer: 's-local',
      protocolChoice: '2025-06-18',
    });
    expect(JSON.stringify(config)).not.toContain(SECRET);

    const client = await connect(port, { token: TOKEN });
    stops.push(() => client.ws.close());
    client.send({ type: 'open', transport: config.prefill, savedServer: config.savedServer });
    await client.next('opened');
    const said = JSON.parse((await client.next('message')).text) as { params: Record<string, string> };
    expect(said.params).toEqual({ key: SECRET });
    expect(run.out + run.err).not.toContain(SECRET);
  });

  it('stops with exit code 2 before serving: a wrong NAME lists the saved names; none saved, or a list it cannot read, is one sentence', async () => {
    const home = await configHome([
      saved('s-b', 'b', { kind: 'stdio', command: 'node', args: [], env: { API_KEY: SECRET } }),
      saved('s-a', 'a', { kind: 'stdio', command: 'node', args: [], env: {} }),
    ]);
    const file = join(home, 'mcpscope', 'servers.json');
    const wrong = start(home, '--server', 'nope');
    expect(await wrong.exited).toBe(2);
    expect(wrong.run.out).toBe('');
    expect(wrong.run.err).toBe(`mcpscope: No saved server is called "nope": the saved servers (${file}) are "a" or "b".\n`);
    expect(wrong.run.err).not.toContain(SECRET);

    const empty = mkdtempSync(join(tmpdir(), 'mcpscope-start-saved-'));
    const none = start(empty, '--server', 'nope');
    expect(await none.exited).toBe(2);
    expect(none.run.err).toBe(
      `mcpscope: There are no saved servers in ${join(empty, 'mcpscope', 'servers.json')} yet, so there is none called "nope": save one in the inspector's page, or give --config FILE, a server command or --url.\n`,
    );

    const unreadable = mkdtempSync(join(tmpdir(), 'mcpscope-start-saved-'));
    const broken = new ServersFile(join(unreadable, 'mcpscope', 'servers.json'));
    await broken.update(() => ({ ok: true, value: undefined }));
    chmodSync(broken.path, 0o644);
    const bad = start(unreadable, '--server', 'a');
    expect(await bad.exited).toBe(2);
    expect(bad.run.out).toBe('');
    expect(bad.run.err).toMatch(/^mcpscope: --server a picks from the saved servers, which cannot be read: The server list .* can be read by other users/);
  });
});
