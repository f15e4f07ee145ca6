// --config FILE [--server NAME]: each shape run against a real server, and each bad input's sentence.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpscopeCommandLine, type ServerEntry } from '../src/protocol/index.js';
import { cli, everything } from '../test/fixtures/cli-helpers.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { main } from './main.js';

const registry = fileURLToPath(new URL('../test/fixtures/configs/registry/server.json', import.meta.url));
const runs = { command: process.execPath, args: [everything] };

/** A config file in a fresh folder; its path. */
function configFile(name: string, content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-config-'));
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('mcpscope --config: each shape', () => {
  it('Claude Desktop: --server picks one of several, and the CLI runs against it', async () => {
    const file = configFile('claude_desktop_config.json', { mcpServers: { everything: runs, other: { command: 'nowhere' } } });
    const r = await cli('--config', file, '--server', 'everything', 'tools', 'list');
    expect(r.err).toBe('');
    expect(r).toMatchObject({ code: 0, out: expect.stringContaining('echo') });
  });

  it('VS Code: a file with one server needs no --server; an ${input:…} is asked for, a password without echo', async () => {
    const file = configFile('.vscode/mcp.json', {
      inputs: [{ type: 'promptString', id: 'server-js', description: 'Path of the server', password: true }],
      servers: { only: { type: 'stdio', command: process.execPath, args: ['${input:server-js}'] } },
    });
    const asked: Array<[string, boolean]> = [];
    const out: string[] = [];
    const err: string[] = [];
    const ask = async (question: string, password: boolean) => (asked.push([question, password]), everything);
    const code = await main(['--config', file, 'tools', 'list'], { out: (l) => out.push(l), err: (l) => err.push(l), ask });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(asked).toEqual([['server-js (Path of the server): ', true]]);
    expect(out.join('\n')).toContain('echo');
  });

  it('VS Code: --input answers instead, and without a terminal a missing one is named with how to pass it', async () => {
    const file = configFile('.vscode/mcp.json', {
      inputs: [{ type: 'promptString', id: 'server-js' }],
      servers: { only: { type: 'stdio', command: process.execPath, args: ['${input:server-js}'] } },
    });
    expect(await cli('--config', file, '--input', `server-js=${everything}`, 'tools', 'list')).toMatchObject({ code: 0 });
    expect(await cli('--config', file, 'tools', 'list')).toMatchObject({
      code: 2,
      err: 'mcpscope: Server "only" needs server-js: pass it with --input ID=VALUE, e.g. --input server-js=VALUE.',
    });
    expect((await cli('--config', file, '--input', 'typo=1', 'tools', 'list')).err).toBe(
      'mcpscope: --input typo=… names no input of server "only": its inputs are server-js.',
    );
  });

  it("Claude Code: ${VAR} from the CLI's environment", async () => {
    process.env.MCPSCOPE_TEST_EVERYTHING = everything;
    try {
      const file = configFile('.mcp.json', { mcpServers: { e: { type: 'stdio', command: process.execPath, args: ['${MCPSCOPE_TEST_EVERYTHING}'] } } });
      expect(await cli('--config', file, 'tools', 'list')).toMatchObject({ code: 0, out: expect.stringContaining('echo') });
    } finally {
      delete process.env.MCPSCOPE_TEST_EVERYTHING;
    }
  });

  it('Cursor (JSONC): an unset ${env:…} is said on stderr before the URL server is tried', async () => {
    const file = configFile(
      '.cursor/mcp.json',
      '{\n  // a comment\n  "mcpServers": { "remote": { "url": "http://127.0.0.1:1/mcp", "headers": { "X-Team": "${env:MCPSCOPE_UNSET}" }, }, },\n}',
    );
    const r = await cli('--config', file, '--timeout', '500', 'ping');
    expect(r.code).toBe(1);
    expect(r.err.split('\n')[0]).toBe(
      'mcpscope: Server "remote" uses MCPSCOPE_UNSET, which is not set here: Cursor would use an empty value, and so does this import.',
    );
  });

  it('registry server.json: a package needing inputs names them; one from an unknown registry says why', async () => {
    const r = await cli('--config', registry, '--server', 'weather-npm', 'tools', 'list');
    expect(r).toMatchObject({ code: 2, err: expect.stringContaining('needs WEATHER_API_KEY (API key), city (Home city): pass each with --input ID=VALUE') });
    expect((await cli('--config', registry, '--server', 'weather-cargo', 'ping')).err).toContain(
      'mcpscope: Server "weather-cargo" of ' +
        registry +
        ' cannot be used: Package weather-cargo comes from the package registry "cargo", which mcpscope cannot run: npm, pypi, oci and nuget can be imported.',
    );
  });
});

describe('mcpscope --config: each shape, over its own transport', () => {
  let http: FixtureProcess;
  beforeAll(async () => {
    http = await startFixture(everythingFixture, ['streamableHttp']);
  });
  afterAll(() => http.stop());

  it("Windsurf: serverUrl, with a header from Windsurf's ${env:…}", async () => {
    process.env.MCPSCOPE_TEST_TEAM = 'team-a';
    try {
      const file = configFile('.codeium/windsurf/mcp_config.json', {
        mcpServers: {
          remote: { serverUrl: `${http.origin}/mcp`, headers: { 'X-Team': '${env:MCPSCOPE_TEST_TEAM}' } },
          git: { command: 'uvx', args: ['mcp-server-git'] },
        },
      });
      const r = await cli('--config', file, '--server', 'remote', 'tools', 'list');
      expect(r.err).toBe('');
      expect(r).toMatchObject({ code: 0, out: expect.stringContaining('echo') });
    } finally {
      delete process.env.MCPSCOPE_TEST_TEAM;
    }
  });

  it('Claude Code: type http reaches the URL with its headers', async () => {
    const file = configFile('.mcp.json', { mcpServers: { remote: { type: 'http', url: `${http.origin}/mcp`, headers: { 'X-Api-Key': 'k' } } } });
    expect(await cli('--config', file, 'tools', 'list')).toMatchObject({ code: 0, err: '', out: expect.stringContaining('echo') });
  });

  it('VS Code: a relative cwd and the envFile reach the server (it starts only when both are right)', async () => {
    const file = configFile('proj/.vscode/mcp.json', {
      servers: { s: { type: 'stdio', command: process.execPath, args: ['server.mjs'], cwd: 'sub', envFile: '${workspaceFolder}/.env' } },
    });
    mkdirSync(join(file, '../sub'));
    writeFileSync(join(file, '../../.env'), 'FROM_FILE=yes\n');
    writeFileSync(
      join(file, '../sub/server.mjs'),
      `if (process.env.FROM_FILE !== 'yes') process.exit(3);\nawait import(${JSON.stringify(pathToFileURL(everything).href)});\n`,
    );
    expect(await cli('--config', file, 'tools', 'list')).toMatchObject({ code: 0, err: '', out: expect.stringContaining('echo') });
  });
});

describe('mcpscope --config: bad input', () => {
  const two = () => configFile('mcp.json', { mcpServers: { alpha: runs, beta: runs } });

  it('several servers and no --server: the names are listed', async () => {
    const file = two();
    expect(await cli('--config', file, 'ping')).toMatchObject({
      code: 2,
      err: expect.stringContaining(`${file} has 2 servers: say which with --server NAME (alpha or beta).`),
    });
  });

  it('a wrong NAME: the names there are', async () => {
    const file = two();
    expect((await cli('--config', file, '--server', 'gamma', 'ping')).err).toContain(`${file} has no server "gamma": the servers there are alpha or beta.`);
  });

  it('a file that is not JSON, a missing one, a huge one', async () => {
    expect((await cli('--config', configFile('mcp.json', '{"mcpServers": {'), 'ping')).err).toMatch(/The config is not JSON \(.+ at line 1, column \d+\)/);
    expect((await cli('--config', '/nonexistent/mcp.json', 'ping')).err).toContain('--config /nonexistent/mcp.json: there is no such file.');
    const huge = configFile('mcp.json', ' '.repeat(1_000_001));
    expect((await cli('--config', huge, 'ping')).err).toContain(`--config ${huge} is 1,000,001 bytes, more than the 1,000,000 a config file may have`);
  });

  it('a folder or a FIFO given as the file is refused at once, never waited on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-config-'));
    expect((await cli('--config', dir, 'ping')).err).toContain(`--config ${dir} is not a file: give the path of a JSON config file.`);
    const fifo = join(dir, 'mcp.json');
    execFileSync('mkfifo', [fifo]);
    expect((await cli('--config', fifo, 'ping')).err).toContain(`--config ${fifo} is not a file`);
  });

  it('a server with both command and url cannot be picked, and says why; the others still can', async () => {
    const file = configFile('mcp.json', { mcpServers: { both: { command: 'node', url: 'http://127.0.0.1:1/mcp' }, good: runs } });
    expect((await cli('--config', file, '--server', 'typo', 'ping')).err).toContain(
      `${file} has no server "typo": the servers there are good. (both cannot be used: pick it with --server to see why.)`,
    );
    expect((await cli('--config', file, '--server', 'both', 'ping')).err).toContain('cannot be used: Server "both" has both a command and a url');
    expect(await cli('--config', file, 'tools', 'list')).toMatchObject({ code: 0 });
  });

  it('duplicate names and an env value that is not a string are said on stderr, and the server runs', async () => {
    const text = `{"mcpServers": {"e": {"command": "x"}, "e": ${JSON.stringify({ ...runs, env: { PORT: 3000 } })}}}`;
    const r = await cli('--config', configFile('claude_desktop_config.json', text), 'tools', 'list');
    expect(r.code).toBe(0);
    expect(r.err.split('\n')).toEqual([
      'mcpscope: Server "e" is defined 2 times; the last one is used, as Claude Desktop does. Rename the others to keep them.',
      'mcpscope: env PORT of server "e" is a number, not a string, so it was left out: write it in quotes (for example "3000").',
    ]);
  });

  it('a secret of the file, or given with --input, is never printed, even when the server cannot start', async () => {
    const file = configFile('.vscode/mcp.json', {
      inputs: [{ type: 'promptString', id: 'pw', password: true }],
      servers: { s: { type: 'stdio', command: 'mcpscope-no-such-command', args: ['${input:pw}'], env: { API_TOKEN: 'sk-env-31f9', PASSWORD: 271828 } } },
    });
    const r = await cli('--config', file, '--input', 'pw=sk-input-77aa', '--verbose', 'ping');
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('mcpscope-no-such-command');
    expect(r.err).toContain('env PASSWORD of server "s" is a number, not a string, so it was left out: write it in quotes.');
    for (const secret of ['sk-env-31f9', '271828', 'sk-input-77aa']) expect(r.out + r.err).not.toContain(secret);
  });

  it('options that do not go with --config are refused with a sentence', async () => {
    const file = two();
    expect((await cli('--server', 'a', '--stdio', 'node x', 'ping')).err).toContain(
      'Give --server or --stdio, not both: the saved server list says how to reach the server.',
    );
    expect((await cli('--config', file, '--stdio', 'node x', 'ping')).err).toContain('Give --config or --stdio, not both');
    expect((await cli('--config', file, '-e', 'A=1', 'ping')).err).toContain("--env goes with --stdio or --url, not --config: set it in the server's entry");
  });
});

describe('mcpscopeCommandLine in a real POSIX shell', () => {
  it('gives mcpscope exactly the words of the entry, secrets from the environment', () => {
    const entry: ServerEntry = {
      name: 'q',
      transport: { kind: 'stdio', command: 'node', args: ["it's", '$HOME', 'a b', '`x`', '*'], env: { API_TOKEN: 'secret', MODE: "o'k" } },
      secretKeys: [],
    };
    const line = mcpscopeCommandLine(entry);
    const words = execFileSync('sh', ['-c', `printf '%s\\n' ${line.slice('mcpscope '.length)}`], { env: { API_TOKEN: 'from env' }, encoding: 'utf8' })
      .split('\n')
      .slice(0, -1);
    expect(words).toEqual(['--stdio', `node 'it'\\''s' '$HOME' 'a b' '\`x\`' '*'`, '-e', 'API_TOKEN=from env', '-e', "MODE=o'k", 'tools', 'list']);
  });
});
