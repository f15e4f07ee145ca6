// --server NAME alone: a server of the saved list, the same servers.json the proxy keeps.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli, everything } from '../test/fixtures/cli-helpers.js';

let dir: string;
let file: string;
const saved = (id: string, name: string, args: string[]) => ({
  id,
  entry: { name, transport: { kind: 'stdio', command: process.execPath, args, env: {} }, secretKeys: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

async function writeList(content: string): Promise<void> {
  await mkdir(join(dir, 'mcpscope'), { recursive: true, mode: 0o700 });
  await writeFile(file, content, { mode: 0o600 });
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-cli-saved-'));
  file = join(dir, 'mcpscope', 'servers.json');
  vi.stubEnv('XDG_CONFIG_HOME', dir);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

describe('mcpscope --server NAME without --config', () => {
  it('runs against the saved server of that name, whatever its case', async () => {
    await writeList(JSON.stringify({ version: 1, servers: [saved('s-1', 'Everything', [everything]), saved('s-2', 'other', ['x.js'])], recent: [] }));
    const r = await cli('--server', 'everything', 'tools', 'list');
    expect(r.err).toBe('');
    expect(r).toMatchObject({ code: 0, out: expect.stringContaining('echo') });
  });

  it('lists the saved names when there is no such server, and says when there are none', async () => {
    await writeList(JSON.stringify({ version: 1, servers: [saved('s-1', 'b', ['x.js']), saved('s-2', 'a', ['y.js'])], recent: [] }));
    expect(await cli('--server', 'nope', 'ping')).toMatchObject({
      code: 2,
      err: expect.stringContaining(`mcpscope: No saved server is called "nope": the saved servers (${file}) are "a" or "b".`),
    });
    await rm(file);
    expect((await cli('--server', 'nope', 'ping')).err).toContain(`There are no saved servers in ${file} yet, so there is none called "nope"`);
  });

  it('says so when the saved list is broken, and leaves it as it is', async () => {
    await writeList('{ "version": 1, "servers": [');
    expect(await cli('--server', 'a', 'ping')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^mcpscope: --server a picks from the saved servers, which cannot be read: The server list .* is not valid JSON/),
    });
  });

  it('refuses what does not go with a saved server', async () => {
    expect((await cli('--server', 'a', '--url', 'http://127.0.0.1:1/mcp', 'ping')).err).toContain('Give --server or --url, not both');
    expect((await cli('--server', 'a', '--input', 'k=v', 'ping')).err).toContain('--input goes with --config: a saved server keeps its values.');
  });

  it("reads the saved server's envFile and honours its roots and client features, the options given winning", async () => {
    await writeFile(join(dir, 'server.env'), 'MCPSCOPE_SAVED_ENV=from-the-env-file\n');
    const entry = {
      ...saved('s-1', 'everything', [everything]).entry,
      envFile: join(dir, 'server.env'),
      roots: [{ uri: 'file:///saved/root' }],
      clientFeatures: { sampling: true, samplingTools: true, roots: true, elicitationForm: false, elicitationUrl: false, tasks: false, apps: false },
    };
    await writeList(JSON.stringify({ version: 1, servers: [{ ...saved('s-1', 'everything', []), entry }], recent: [] }));
    const r = await cli('--server', 'everything', '--verbose', 'tools', 'call', 'get-env');
    expect(r.code).toBe(0);
    expect(r.out).toContain('from-the-env-file');
    const initialize = r.err.split('\n').find((l) => l.startsWith('→ ') && l.includes('"initialize"'))!;
    const capabilities = (JSON.parse(initialize.slice(2)) as { params: { capabilities: Record<string, unknown> } }).params.capabilities;
    expect(Object.keys(capabilities).sort()).toEqual(['roots']);
    expect(r.err).toContain('file:///saved/root');

    const given = await cli('--server', 'everything', '--verbose', '--root', 'file:///given', 'ping');
    expect(given.code).toBe(0);
    expect(given.err).not.toContain('file:///saved/root');
  });

  it('says which envFile of the saved server could not be read', async () => {
    const entry = { ...saved('s-1', 'everything', [everything]).entry, envFile: join(dir, 'missing.env') };
    await writeList(JSON.stringify({ version: 1, servers: [{ ...saved('s-1', 'everything', []), entry }], recent: [] }));
    expect(await cli('--server', 'everything', 'ping')).toMatchObject({
      code: 2,
      err: expect.stringContaining(`mcpscope: Server "everything" names the envFile ${join(dir, 'missing.env')}, which could not be read`),
    });
  });
});
