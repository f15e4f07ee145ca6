import { describe, expect, it } from 'vitest';
import claudeCode from '../../../test/fixtures/configs/claude-code/.mcp.json?raw';
import claudeDesktop from '../../../test/fixtures/configs/claude_desktop_config.json?raw';
import cursor from '../../../test/fixtures/configs/cursor/.cursor/mcp.json?raw';
import notJson from '../../../test/fixtures/configs/not-json.json?raw';
import registry from '../../../test/fixtures/configs/registry/server.json?raw';
import vscode from '../../../test/fixtures/configs/vscode/.vscode/mcp.json?raw';
import windsurf from '../../../test/fixtures/configs/windsurf/mcp_config.json?raw';
import { importConfig, MAX_CONFIG_CHARS, resolveInputs } from './import.js';
import type { ConfigImport } from './problems.js';

const byName = (r: ConfigImport, name: string) => r.entries.find((e) => e.name === name);
const problemsOf = (r: ConfigImport, server: string) => r.problems.filter((p) => p.server === server);

describe('importConfig: Claude Desktop', () => {
  const r = importConfig(claudeDesktop, {
    env: { GITHUB_TOKEN: 'x' },
    fileName: 'claude_desktop_config.json',
    resolveCwd: (cwd) => `/home/me/cfg/${cwd}`,
  });

  it('reads stdio servers, replacing no variables', () => {
    expect(r.host).toBe('claude-desktop');
    expect(byName(r, 'everything')).toEqual({
      name: 'everything',
      transport: { kind: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { GITHUB_TOKEN: 'ghp_fixture', LOG: 'debug' } },
      secretKeys: [],
    });
  });

  it('leaves out an env value that is not a string, with a sentence, and keeps the server', () => {
    expect(problemsOf(r, 'everything')).toEqual([
      {
        server: 'everything',
        skipped: false,
        message: 'env PORT of server "everything" is a number, not a string, so it was left out: write it in quotes (for example "3000").',
      },
    ]);
  });

  it("resolves a relative cwd against the config file's folder", () => {
    expect(byName(r, 'local')?.transport).toMatchObject({ kind: 'stdio', cwd: '/home/me/cfg/servers/local' });
  });

  it('lists a server without a command, and one with both a command and a url, and imports the rest', () => {
    expect(r.entries.map((e) => e.name)).toEqual(['everything', 'local']);
    expect(problemsOf(r, 'broken')).toEqual([{ server: 'broken', skipped: true, message: expect.stringContaining('neither a command nor a url') }]);
    expect(problemsOf(r, 'both')[0]?.message).toBe('Server "both" has both a command and a url: keep the command to start it, or the url to reach it.');
  });

  it('keeps a relative cwd as it is, with a sentence, when there is no folder (pasted text)', () => {
    const pasted = importConfig(claudeDesktop, { env: {} });
    expect(byName(pasted, 'local')?.transport).toMatchObject({ cwd: 'servers/local' });
    expect(problemsOf(pasted, 'local')[0]?.message).toContain('relative to the config file');
  });
});

describe('importConfig: Claude Code .mcp.json', () => {
  const env = { HOME: '/home/me', API_KEY: 'k1', API_TOKEN: 't1' };
  const r = importConfig(claudeCode, { env, fileName: '/p/.mcp.json' });

  it('replaces ${VAR} and ${VAR:-default} in command, args, env, url and headers', () => {
    expect(r.host).toBe('claude-code');
    expect(byName(r, 'files')?.transport).toEqual({ kind: 'stdio', command: '/opt/tools/files-server', args: ['--root', '/home/me'], env: { API_KEY: 'k1' } });
    expect(byName(r, 'api')?.transport).toEqual({
      kind: 'http',
      url: 'https://api.example.com/mcp',
      headers: { Authorization: 'Bearer t1' },
      mode: 'streamable-http',
    });
    expect(byName(r, 'events')?.transport).toMatchObject({ kind: 'http', mode: 'sse' });
  });

  it('lists an unknown type and an unset variable without a default, and imports the rest', () => {
    expect(r.entries.map((e) => e.name)).toEqual(['files', 'api', 'events']);
    expect(problemsOf(r, 'socket')[0]?.message).toBe('Server "socket" has type "websocket", which Claude Code does not know: use stdio, http or sse.');
    expect(problemsOf(r, 'unset')[0]?.message).toContain('uses NOT_SET_ANYWHERE, which is not set and has no default');
  });
});

describe('importConfig: Cursor (JSONC)', () => {
  const r = importConfig(cursor, { env: { SEARCH_KEY: 's' }, fileName: '/w/.cursor/mcp.json', workspaceFolder: '/w' });

  it('accepts comments and trailing commas, and replaces ${env:…} and ${workspaceFolder}', () => {
    expect(r.host).toBe('cursor');
    expect(byName(r, 'search')?.transport).toEqual({ kind: 'stdio', command: 'uvx', args: ['search-server', '--data', '/w/data'], env: { SEARCH_KEY: 's' } });
  });

  it('uses an empty value for an unset ${env:…}, as Cursor does, and says so', () => {
    expect(byName(r, 'remote')?.transport).toEqual({ kind: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Team': '' }, mode: 'auto' });
    expect(problemsOf(r, 'remote')).toEqual([{ server: 'remote', skipped: false, message: expect.stringContaining('uses TEAM, which is not set here') }]);
  });
});

describe('importConfig: Windsurf', () => {
  it('reads serverUrl and replaces ${env:…}', () => {
    const r = importConfig(windsurf, { env: { DOCS_TOKEN: 'd' } });
    expect(r.host).toBe('windsurf');
    expect(byName(r, 'docs')?.transport).toEqual({ kind: 'http', url: 'https://docs.example.com/mcp', headers: { Authorization: 'Bearer d' }, mode: 'auto' });
    expect(r.problems).toEqual([]);
  });
});

describe('importConfig: VS Code .vscode/mcp.json', () => {
  const r = importConfig(vscode, { env: {}, workspaceFolder: '/w', userHome: '/home/me' });

  it('reads servers with their type and envFile, and reports the inputs to ask for', () => {
    expect(r.host).toBe('vscode');
    expect(byName(r, 'db')).toEqual({
      name: 'db',
      transport: {
        kind: 'stdio',
        command: 'npx',
        args: ['-y', 'db-server', '--region', '${input:region}'],
        env: { DB_PASS: '${input:db-password}', HOME_DIR: '/home/me' },
      },
      secretKeys: [],
      envFile: '/w/.env',
    });
    expect(r.inputs).toEqual([
      { id: 'db-password', description: 'Database password', password: true, servers: ['db'] },
      { id: 'region', description: 'Region', password: false, servers: ['db'] },
    ]);
  });

  it('resolves inputs from answers, marking password answers secret', () => {
    const db = byName(r, 'db')!;
    if (db.transport.kind !== 'stdio') throw new Error('db is a stdio server');
    const resolved = resolveInputs({ ...db, transport: { ...db.transport, env: { ...db.transport.env, PLAIN: '${input:db-password}' } } }, r.inputs, {
      'db-password': 'pw',
      region: 'eu',
    });
    expect(resolved).toMatchObject({
      ok: true,
      entry: { transport: { args: ['-y', 'db-server', '--region', 'eu'], env: { DB_PASS: 'pw', PLAIN: 'pw' } }, secretKeys: ['DB_PASS', 'PLAIN'] },
    });
    expect(resolveInputs(db, r.inputs, { region: 'eu' })).toEqual({ ok: false, error: 'Server "db" needs db-password (Database password).' });
  });

  it('keeps the last of a name given twice and says so', () => {
    expect(byName(r, 'web')?.transport).toMatchObject({ mode: 'sse' });
    expect(problemsOf(r, 'web')[0]?.message).toBe('Server "web" is defined 2 times; the last one is used, as VS Code does. Rename the others to keep them.');
  });

  it('lists an ${input:…} with no definition and an unknown type, and imports the rest', () => {
    expect(r.entries.map((e) => e.name)).toEqual(['db', 'web']);
    expect(problemsOf(r, 'orphan')[0]?.message).toBe('Server "orphan" uses ${input:nowhere}, but "inputs" defines no such input: add one with that id.');
    expect(problemsOf(r, 'odd')[0]?.message).toContain('type "pipe", which VS Code does not know');
  });
});

describe('importConfig: registry server.json', () => {
  const r = importConfig(registry, { env: {} });

  it('turns an npm package into npx, with its arguments, variables and inputs', () => {
    expect(r.host).toBe('registry');
    expect(byName(r, 'weather-npm')).toEqual({
      name: 'weather-npm',
      transport: {
        kind: 'stdio',
        command: 'npx',
        args: ['-y', '@example/weather-mcp@1.2.0', '--units', 'metric', '${input:city}'],
        env: { WEATHER_API_KEY: '${input:WEATHER_API_KEY}', CACHE_DIR: '/tmp/weather' },
      },
      secretKeys: [],
    });
    expect(r.inputs.find((i) => i.id === 'WEATHER_API_KEY')).toEqual({
      id: 'WEATHER_API_KEY',
      description: 'API key',
      password: true,
      servers: ['weather-npm', 'weather-oci'],
    });
    expect(r.inputs.find((i) => i.id === 'city')).toMatchObject({ password: false, servers: ['weather-npm'] });
  });

  it('turns pypi into uvx, oci into docker run with its runtime arguments and -e, and a remote into a URL', () => {
    expect(byName(r, 'weather-pypi')?.transport).toEqual({ kind: 'stdio', command: 'uvx', args: ['weather-mcp==1.2.0'], env: {} });
    expect(byName(r, 'weather-oci')?.transport).toMatchObject({
      command: 'docker',
      args: ['run', '-i', '--rm', '--network', 'host', '-e', 'WEATHER_API_KEY', 'ghcr.io/example/weather:1.2.0'],
    });
    expect(byName(r, 'weather-remote')).toEqual({
      name: 'weather-remote',
      transport: { kind: 'http', url: 'https://weather.example.com/mcp', headers: { 'X-Session': '${input:X-Session}' }, mode: 'streamable-http' },
      secretKeys: ['X-Session'],
    });
  });

  it('lists packages from registries it cannot run, and imports the rest', () => {
    expect(r.entries).toHaveLength(4);
    expect(problemsOf(r, 'weather-cargo')[0]?.message).toBe(
      'Package weather-cargo comes from the package registry "cargo", which mcpscope cannot run: npm, pypi, oci and nuget can be imported.',
    );
    expect(problemsOf(r, 'weather-mcpb')[0]?.skipped).toBe(true);
  });
});

describe('importConfig: bad input', () => {
  it('says where a text is not JSON', () => {
    expect(importConfig(notJson).problems).toEqual([{ skipped: true, message: expect.stringMatching(/^The config is not JSON \(.+ at line 1, column \d+\)/) }]);
  });

  it('reads a file that starts with a byte-order mark, and counts columns after it', () => {
    expect(importConfig('\uFEFF{"mcpServers": {"a": {"command": "node"}}}').entries).toHaveLength(1);
    expect(importConfig('\uFEFF{\n  ]').problems[0]?.message).toContain('at line 2, column 3)');
  });

  it('refuses a huge text before parsing it', () => {
    const r = importConfig(' '.repeat(MAX_CONFIG_CHARS + 1));
    expect(r.entries).toEqual([]);
    expect(r.problems[0]?.message).toBe('The config is 1,000,001 characters long, more than the 1,000,000 a config file may have: is it the right file?');
  });

  it('says when there is no server object', () => {
    expect(importConfig('{"other": 1}').problems[0]?.message).toContain('there is no server in it');
    expect(importConfig('[1]').problems[0]?.message).toContain('not an object');
  });

  it('never repeats a secret in the sentence about a value that is not a string', () => {
    const r = importConfig('{"mcpServers": {"s": {"command": "node", "env": {"API_KEY": 123456}}}}');
    expect(r.problems[0]?.message).toBe('env API_KEY of server "s" is a number, not a string, so it was left out: write it in quotes.');
  });

  it('keeps "__proto__" and "constructor" as ordinary names of servers, env keys and variables', () => {
    const text = '{"mcpServers": {"__proto__": {"type": "stdio", "command": "${constructor:-node}", "env": {"__proto__": "x", "toString": "y"}}}}';
    const r = importConfig(text, { env: {}, host: 'claude-code' });
    expect(r.entries.map((e) => e.name)).toEqual(['__proto__']);
    const env = r.entries[0]!.transport.kind === 'stdio' ? r.entries[0]!.transport.env : {};
    expect(Object.entries(env)).toEqual([
      ['__proto__', 'x'],
      ['toString', 'y'],
    ]);
    expect(r.entries[0]!.transport).toMatchObject({ command: 'node' });
  });
});
