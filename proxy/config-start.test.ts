// `npm start -- --config FILE [--server NAME]`, after its build: the built proxy reads the file once, says
// each problem on stderr, prefills the selected server, and stops before serving on a wrong NAME. No
// secret of the file is ever printed (run `npx tsc -p tsconfig.node.json` first).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_SECRET, type TransportConfig } from '../src/protocol/wire.js';
import { builtProxyMain, connect, get, requireBuilt, startBuiltProxy, waitFor } from '../test/fixtures/proxy-helpers.js';

const TOKEN = 'config-start-token-0123456789';
const SECRETS = ['sk-from-env-4f1a', 'sk-from-envfile-9c2e', 'Bearer tok-header-77d0', '90817263'];
const stops: Array<() => unknown> = [];
beforeAll(() => requireBuilt(builtProxyMain));
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** A folder with a VS Code config (and the envFile and cwd it names); the config's path. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-start-'));
  mkdirSync(join(dir, '.vscode'));
  mkdirSync(join(dir, '.vscode', 'srv'));
  writeFileSync(join(dir, '.env'), `FILE_TOKEN=${SECRETS[1]}\n`);
  // The server says, in its first line, what it was started with.
  const says =
    'process.stdout.write(JSON.stringify({jsonrpc:"2.0",method:"said",params:{cwd:process.cwd(),key:process.env.API_KEY,file:process.env.FILE_TOKEN}})+"\\n");setInterval(()=>{},1e3)';
  const config = {
    servers: {
      local: { type: 'stdio', command: process.execPath, args: ['-e', says], cwd: 'srv', envFile: '${workspaceFolder}/.env', env: { API_KEY: SECRETS[0] } },
      remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: SECRETS[2] } },
      broken: { command: 'node', url: 'http://127.0.0.1:9/mcp' },
      odd: { type: 'stdio', command: 'node', env: { SECRET_NUMBER: Number(SECRETS[3]), PORT: 3000 } },
    },
  };
  writeFileSync(join(dir, '.vscode', 'mcp.json'), JSON.stringify(config));
  return join(dir, '.vscode', 'mcp.json');
}

/** The built proxy with these arguments: its output so far, and its exit code once it has one. */
const start = (...argv: string[]) => startBuiltProxy(['--port', '0', '--no-open', ...argv], { ...process.env, MCPSCOPE_TOKEN: TOKEN, CI: '1' }, stops);

async function ready(run: { out: string }): Promise<number> {
  await waitFor(() => /ready: http:\/\/127\.0\.0\.1:\d+\/.*\n.*\n/.test(run.out), 15_000, 'the ready line and the servers line');
  return Number(/127\.0\.0\.1:(\d+)/.exec(run.out)![1]);
}

const apiConfig = async (port: number) =>
  JSON.parse((await get(port, '/api/config', { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${TOKEN}` })).body) as {
    prefill: TransportConfig;
    savedServer?: string;
    configFile: { path: string; servers: string[]; selected?: string; problems: Array<{ server?: string; message: string }> };
  };

describe('npm start -- --config FILE', () => {
  it('--server NAME prefills that server (cwd and envFile against the file), says each problem on stderr, and prints no secret', async () => {
    const file = project();
    const { run } = start('--config', file, '--server', 'local');
    const port = await ready(run);
    const config = await apiConfig(port);
    expect(config.prefill).toMatchObject({ kind: 'stdio', command: process.execPath, cwd: join(file, '../srv') });
    expect(config.configFile).toMatchObject({ path: file, servers: ['local', 'remote', 'odd'], selected: 'local' });
    expect(run.out.split('\n')[1]).toBe(`Servers of ${file}: local, remote, odd; local is prefilled.`);
    expect(run.err.trim().split('\n')).toEqual([
      'mcpscope: Server "broken" has both a command and a url: keep the command to start it, or the url to reach it.',
      'mcpscope: env SECRET_NUMBER of server "odd" is a number, not a string, so it was left out: write it in quotes.',
      'mcpscope: env PORT of server "odd" is a number, not a string, so it was left out: write it in quotes (for example "3000").',
    ]);

    // The prefill holds no secret; opened as the page does (by reference), it starts the server as the file says.
    for (const secret of SECRETS) expect(JSON.stringify(config)).not.toContain(secret);
    expect(config.savedServer).toBe('config:local');
    const client = await connect(port, { token: TOKEN });
    stops.push(() => client.ws.close());
    client.send({ type: 'open', transport: config.prefill, savedServer: config.savedServer });
    await client.next('opened');
    const said = JSON.parse((await client.next('message')).text) as { params: Record<string, string> };
    expect(said.params).toEqual({ cwd: join(file, '../srv'), key: SECRETS[0], file: SECRETS[1] });
    for (const secret of SECRETS) expect(run.out + run.err).not.toContain(secret);
  });

  it('offers every server and prefills none of several without --server; a file with one server selects it', async () => {
    const file = project();
    const several = start('--config', file);
    const config = await apiConfig(await ready(several.run));
    expect(config.configFile.selected).toBeUndefined();
    expect(config.prefill).toMatchObject({ kind: 'stdio', args: [expect.stringMatching(/demo-server\.js$/)] });
    expect(several.run.out).toContain(`Servers of ${file}: local, remote, odd (none is prefilled: start with --server NAME to prefill one).`);

    const one = join(mkdtempSync(join(tmpdir(), 'mcpscope-start-')), 'claude_desktop_config.json');
    writeFileSync(one, '{ "mcpServers": { "remote": { "url": "http://127.0.0.1:9/mcp", "headers": { "X-Api-Key": "sk-one-8e1f" } }, }, }');
    const single = start('--config', one);
    const port = await ready(single.run);
    const oneConfig = await apiConfig(port);
    expect(oneConfig).toMatchObject({
      prefill: { kind: 'http', url: 'http://127.0.0.1:9/mcp', headers: { 'X-Api-Key': KEPT_SECRET } },
      savedServer: 'config:remote',
      configFile: { selected: 'remote' },
    });
    expect(single.run.out + single.run.err + JSON.stringify(oneConfig)).not.toContain('sk-one-8e1f');
  });

  it('stops with exit code 2 before serving: a wrong NAME lists the names there are; a file it cannot read, or --config with a command, is one sentence', async () => {
    const file = project();
    const wrong = start('--config', file, '--server', 'nope');
    expect(await wrong.exited).toBe(2);
    expect(wrong.run.out).toBe('');
    expect(wrong.run.err).toBe(
      `mcpscope: ${file} has no server "nope": the servers there are local, remote or odd. (broken cannot be used: pick it with --server to see why.)\n`,
    );

    const notJson = join(mkdtempSync(join(tmpdir(), 'mcpscope-start-')), 'mcp.json');
    writeFileSync(notJson, '{"mcpServers": {');
    const bad = start('--config', notJson);
    expect(await bad.exited).toBe(2);
    expect(bad.run.err).toMatch(/^mcpscope: .*mcp\.json: The config is not JSON \(.+ at line 1, column \d+\)/);

    const both = start('--config', file, 'node', 'server.js');
    expect(await both.exited).toBe(2);
    expect(both.run.err.split('\n')[0]).toBe(
      `mcpscope: Give --config or a server command, not both: the file says how to reach the server (got --config ${file} and the command "node").`,
    );
    for (const run of [wrong.run, bad.run, both.run]) for (const secret of SECRETS) expect(run.out + run.err).not.toContain(secret);
  });
});
