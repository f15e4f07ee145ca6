import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_SECRET, type LaunchConfigFile, type ServerEntry, type ServerListView } from '../src/protocol/wire.js';
import { startProxy, type RunningProxy } from './server.js';

const TOKEN = 'servers-routes-token-0123456789';
let dir: string;
let file: string;
let proxy: RunningProxy;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
  text: string;
}

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }): Promise<Reply> {
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: proxy.port, path, method, headers: { ...headers, ...(text !== undefined ? { 'Content-Type': 'application/json' } : {}) } },
      (res) => {
        let out = '';
        res.on('data', (chunk: Buffer) => (out += String(chunk)));
        res.on('end', () => {
          let json: unknown;
          try {
            json = out === '' ? undefined : JSON.parse(out);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json, text: out });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const entry = (name: string, env: Record<string, string> = {}): ServerEntry => ({
  name,
  transport: { kind: 'stdio', command: 'node', args: ['server.js'], env },
  secretKeys: [],
});
type ServerReply = { server: { id: string; entry: { name: string; transport: { env: Record<string, string> } }; secretValues: string[] } };

async function start(configFile?: LaunchConfigFile): Promise<void> {
  proxy = await startProxy({ port: 0, token: TOKEN, serversFile: file, warn: () => {}, ...(configFile ? { configFile } : {}) });
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-api-servers-'));
  file = join(dir, 'mcpscope', 'servers.json');
});
afterEach(async () => {
  await proxy?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('/api/servers', () => {
  it('adds, lists, edits with kept secrets, duplicates, reveals and deletes, in servers.json', async () => {
    await start();
    expect((await call('GET', '/api/servers')).json).toEqual({ file, servers: [], recent: [] });
    const created = await call('POST', '/api/servers', { entry: entry('github', { GITHUB_TOKEN: 'ghp_real', PORT: '1' }) });
    expect(created.status).toBe(201);
    const { server } = created.json as ServerReply;
    expect(server).toMatchObject({ source: 'saved', secretValues: ['GITHUB_TOKEN'], entry: { transport: { env: { GITHUB_TOKEN: KEPT_SECRET, PORT: '1' } } } });
    expect(created.text).not.toContain('ghp_real');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toContain('ghp_real');

    const renamed = await call('PUT', `/api/servers/${server.id}`, { entry: { ...server.entry, name: 'GitHub' } });
    expect(renamed.status).toBe(200);
    expect((renamed.json as ServerReply).server.entry.name).toBe('GitHub');
    const revealed = await call('POST', `/api/servers/${server.id}/reveal`, { key: 'GITHUB_TOKEN' });
    expect(revealed).toMatchObject({ status: 200, json: { value: 'ghp_real' } });
    expect(await call('POST', `/api/servers/${server.id}/reveal`, { key: 'PORT' })).toMatchObject({
      status: 404,
      json: { error: 'Server "GitHub" keeps no secret under "PORT": its kept secrets are GITHUB_TOKEN.' },
    });

    const copy = await call('POST', `/api/servers/${server.id}/duplicate`);
    expect(copy).toMatchObject({ status: 201, json: { server: { entry: { name: 'GitHub copy' } } } });
    expect(await call('POST', '/api/servers', { entry: entry('github') })).toMatchObject({
      status: 409,
      json: { error: expect.stringContaining('already called') },
    });
    const list = (await call('GET', '/api/servers')).json as ServerListView;
    expect(list.servers.map((s) => s.entry.name)).toEqual(['GitHub', 'GitHub copy']);
    expect(JSON.stringify(list)).not.toContain('ghp_real');

    expect((await call('DELETE', `/api/servers/${server.id}`)).status).toBe(204);
    expect(await call('DELETE', `/api/servers/${server.id}`)).toMatchObject({
      status: 404,
      json: { error: expect.stringContaining('No saved server has the id') },
    });
    expect(await call('PUT', '/api/servers/nope', { entry: entry('x') })).toMatchObject({ status: 404 });
  });

  it('survives a restart of the proxy', async () => {
    await start();
    await call('POST', '/api/servers', { entry: entry('kept') });
    await proxy.close();
    await start();
    expect(((await call('GET', '/api/servers')).json as ServerListView).servers.map((s) => s.entry.name)).toEqual(['kept']);
  });

  it('imports with names made unique', async () => {
    await start();
    await call('POST', '/api/servers', { entry: entry('a') });
    const imported = await call('POST', '/api/servers/import', { entries: [entry('a'), entry('b')] });
    expect(imported).toMatchObject({
      status: 201,
      json: { added: [{ entry: { name: 'a 2' } }, { entry: { name: 'b' } }], renamed: [{ from: 'a', to: 'a 2' }] },
    });
  });

  it('answers bad bodies with a sentence: not JSON, not an object, too big, an invalid entry', async () => {
    await start();
    expect(await call('POST', '/api/servers', '{"entry": ')).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^The request body is not JSON/) },
    });
    expect(await call('POST', '/api/servers', '[]')).toMatchObject({ status: 400, json: { error: 'The request body must be a JSON object.' } });
    const big = JSON.stringify({ entry: entry('x', { BIG: 'x'.repeat(1024 * 1024) }) });
    expect(await call('POST', '/api/servers', big)).toMatchObject({ status: 413, json: { error: expect.stringContaining('larger than 1 MiB') } });
    expect(await call('POST', '/api/servers', { entry: { name: 'x', transport: { kind: 'stdio', command: '' } } })).toMatchObject({
      status: 400,
      json: { error: 'The server could not be saved: transport.command must be a non-empty string.' },
    });
    expect(await call('PATCH', '/api/servers')).toMatchObject({ status: 405, json: { error: expect.stringContaining('use GET or POST') } });
    expect(await call('GET', '/api/servers/a/b/c')).toMatchObject({ status: 404 });
    expect(await readdir(dir)).toEqual([]);
  });

  it('checks the token, the Origin and the Host on a write, as every /api route', async () => {
    await start();
    const own = { Host: `127.0.0.1:${proxy.port}` };
    const noToken = await call('POST', '/api/servers', { entry: entry('x') }, own);
    expect(noToken.status).toBe(401);
    expect(noToken.text).toMatch(/needs the mcpscope token/);
    const foreign = await call('POST', '/api/servers', { entry: entry('x') }, { ...own, Authorization: `Bearer ${TOKEN}`, Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const badHost = await call('DELETE', '/api/servers/s-1', undefined, { Host: 'evil.example', Authorization: `Bearer ${TOKEN}` });
    expect(badHost.status).toBe(403);
    expect(await readdir(dir)).toEqual([]);
    expect((await call('POST', '/api/config')).status).toBe(405);
  });

  it('names a corrupt file, refuses writes with 409 and leaves it, until a reset moves it aside', async () => {
    await mkdir(join(dir, 'mcpscope'), { mode: 0o700 });
    await writeFile(file, 'not json', { mode: 0o600 });
    await chmod(file, 0o600);
    await start();
    const view = (await call('GET', '/api/servers')).json as ServerListView;
    expect(view.problem).toMatch(/is not valid JSON/);
    expect(await call('POST', '/api/servers', { entry: entry('x') })).toMatchObject({
      status: 409,
      json: { error: expect.stringMatching(/^Nothing was changed: The server list/) },
    });
    expect(await readFile(file, 'utf8')).toBe('not json');
    const reset = await call('POST', '/api/servers/reset');
    expect(reset.status).toBe(200);
    const after = reset.json as ServerListView & { movedAside: string };
    expect(after.problem).toBeUndefined();
    expect(await readFile(after.movedAside, 'utf8')).toBe('not json');
    expect((await call('POST', '/api/servers', { entry: entry('x') })).status).toBe(201);
    expect(await call('POST', '/api/servers/reset')).toMatchObject({ status: 409, json: { error: expect.stringContaining('is not broken') } });
  });

  it('lists the --config file read-only, and saves a copy of its server', async () => {
    await start({
      path: '/work/mcp.json',
      servers: [{ entry: entry('everything', { API_KEY: 'from-config' }), inputs: [{ id: 'k', password: true, servers: ['everything'] }], notes: [] }],
      problems: [{ server: 'bad', message: 'Server "bad" has neither a command nor a url.', skipped: true }],
      selected: 'everything',
    });
    const view = (await call('GET', '/api/servers')).json as ServerListView;
    expect(view.servers).toMatchObject([{ id: 'config:everything', source: 'config', entry: { transport: { env: { API_KEY: KEPT_SECRET } } } }]);
    expect(view.configFile).toMatchObject({ path: '/work/mcp.json', selected: 'config:everything', inputs: [{ id: 'k' }], problems: [{ server: 'bad' }] });
    expect(JSON.stringify(view)).not.toContain('from-config');
    expect(await call('PUT', '/api/servers/config:everything', { entry: entry('everything') })).toMatchObject({ status: 409 });
    expect(await call('DELETE', '/api/servers/config%3Aeverything')).toMatchObject({ status: 409, json: { error: expect.stringContaining('save a copy') } });
    const copy = await call('POST', '/api/servers/config:everything/duplicate');
    expect(copy).toMatchObject({ status: 201, json: { server: { source: 'saved', entry: { name: 'everything copy' } } } });
    expect(await call('POST', `/api/servers/config:everything/reveal`, { key: 'API_KEY' })).toMatchObject({ status: 200, json: { value: 'from-config' } });
  });
});
