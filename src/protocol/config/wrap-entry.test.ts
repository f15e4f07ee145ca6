import { describe, expect, it } from 'vitest';
import claudeCode from '../../../test/fixtures/configs/claude-code/.mcp.json?raw';
import claudeDesktop from '../../../test/fixtures/configs/claude_desktop_config.json?raw';
import cursor from '../../../test/fixtures/configs/cursor/.cursor/mcp.json?raw';
import registry from '../../../test/fixtures/configs/registry/server.json?raw';
import vscode from '../../../test/fixtures/configs/vscode/.vscode/mcp.json?raw';
import windsurf from '../../../test/fixtures/configs/windsurf/mcp_config.json?raw';
import { importConfig } from './import.js';
import type { ConfigHost } from './substitute.js';
import { wrapConfigEntry } from './wrap-entry.js';

function printed(text: string, host: ConfigHost, server: string, name = server): unknown {
  const out = wrapConfigEntry(text, host, server, name);
  if (!out.ok) throw new Error(out.error);
  return JSON.parse(out.text);
}

const HTTP_SENTENCE =
  'is reached over HTTP, and "mcpscope wrap -- COMMAND" wraps only a server the host starts: for this one, point the host at "mcpscope wrap --listen 127.0.0.1:PORT --to URL" instead.';

describe('wrapConfigEntry', () => {
  it('Claude Desktop: mcpServers, env kept as the file has it (a literal token and a number included)', () => {
    expect(printed(claudeDesktop, 'claude-desktop', 'everything')).toEqual({
      mcpServers: {
        everything: {
          command: 'npx',
          args: ['mcpscope', 'wrap', '--name', 'everything', '--', 'npx', '-y', '@modelcontextprotocol/server-everything'],
          env: { GITHUB_TOKEN: 'ghp_fixture', PORT: 3000, LOG: 'debug' },
        },
      },
    });
  });

  it('keeps a relative cwd as written and takes --name for the capture', () => {
    expect(printed(claudeDesktop, 'claude-desktop', 'local', 'mine')).toEqual({
      mcpServers: { local: { command: 'npx', args: ['mcpscope', 'wrap', '--name', 'mine', '--', 'node', 'server.js'], cwd: 'servers/local' } },
    });
  });

  it('Claude Code: type and ${VAR} references stay unexpanded', () => {
    expect(printed(claudeCode, 'claude-code', 'files')).toEqual({
      mcpServers: {
        files: {
          type: 'stdio',
          command: 'npx',
          args: ['mcpscope', 'wrap', '--name', 'files', '--', '${TOOLS_DIR:-/opt/tools}/files-server', '--root', '${HOME}'],
          env: { API_KEY: '${API_KEY}' },
        },
      },
    });
  });

  it('Cursor: read through comments and trailing commas, ${env:…} and ${workspaceFolder} kept', () => {
    expect(printed(cursor, 'cursor', 'search')).toEqual({
      mcpServers: {
        search: {
          command: 'npx',
          args: ['mcpscope', 'wrap', '--name', 'search', '--', 'uvx', 'search-server', '--data', '${workspaceFolder}/data'],
          env: { SEARCH_KEY: '${env:SEARCH_KEY}' },
        },
      },
    });
  });

  it('Windsurf: an entry without env', () => {
    expect(printed(windsurf, 'windsurf', 'git')).toEqual({
      mcpServers: { git: { command: 'npx', args: ['mcpscope', 'wrap', '--name', 'git', '--', 'uvx', 'mcp-server-git'] } },
    });
  });

  it('VS Code: servers, with the inputs the entry uses as the file defines them, and envFile kept', () => {
    expect(printed(vscode, 'vscode', 'db')).toEqual({
      inputs: [
        { type: 'promptString', id: 'db-password', description: 'Database password', password: true },
        { type: 'promptString', id: 'region', description: 'Region' },
      ],
      servers: {
        db: {
          type: 'stdio',
          command: 'npx',
          args: ['mcpscope', 'wrap', '--name', 'db', '--', 'npx', '-y', 'db-server', '--region', '${input:region}'],
          env: { DB_PASS: '${input:db-password}', HOME_DIR: '${userHome}' },
          envFile: '${workspaceFolder}/.env',
        },
      },
    });
  });

  it('adds args after the command when the entry has none', () => {
    const text = '{ "mcpServers": { "bare": { "command": "my-server", "env": { "A": "1" } } } }';
    const out = printed(text, 'claude-desktop', 'bare') as { mcpServers: { bare: Record<string, unknown> } };
    expect(Object.keys(out.mcpServers.bare)).toEqual(['command', 'args', 'env']);
    expect(out.mcpServers.bare.args).toEqual(['mcpscope', 'wrap', '--name', 'bare', '--', 'my-server']);
  });

  it('keeps a server named __proto__ an ordinary server', () => {
    const text = '{ "mcpServers": { "__proto__": { "command": "node", "args": ["s.js"] } } }';
    const out = wrapConfigEntry(text, 'claude-desktop', '__proto__', 'p');
    expect(out.ok && out.text).toContain('"__proto__": {');
  });

  it('says an HTTP entry cannot be wrapped over stdio, naming the --listen form', () => {
    expect(wrapConfigEntry(claudeCode, 'claude-code', 'api', 'api')).toEqual({ ok: false, error: `Server "api" ${HTTP_SENTENCE}` });
    expect(wrapConfigEntry(windsurf, 'windsurf', 'docs', 'docs')).toEqual({ ok: false, error: `Server "docs" ${HTTP_SENTENCE}` });
    expect(wrapConfigEntry(vscode, 'vscode', 'web', 'web')).toEqual({ ok: false, error: `Server "web" ${HTTP_SENTENCE}` });
  });

  it('refuses a registry server.json with a sentence', () => {
    const out = wrapConfigEntry(registry, 'registry', 'x', 'x');
    expect(out).toEqual({ ok: false, error: expect.stringContaining("add the server to your host's config") });
  });
});

describe('wrapConfigEntry: the printed entry imports back', () => {
  const cases: Array<[string, string, ConfigHost, string, string, string[]]> = [
    ['Claude Desktop', claudeDesktop, 'claude-desktop', 'claude_desktop_config.json', 'npx', ['-y', '@modelcontextprotocol/server-everything']],
    ['Claude Code', claudeCode, 'claude-code', '.mcp.json', '/opt/tools/files-server', ['--root', '/home/me']],
    ['Cursor', cursor, 'cursor', '/p/.cursor/mcp.json', 'uvx', ['search-server', '--data', '/p/data']],
    ['Windsurf', windsurf, 'windsurf', 'windsurf/mcp_config.json', 'uvx', ['mcp-server-git']],
    ['VS Code', vscode, 'vscode', '/p/.vscode/mcp.json', 'npx', ['-y', 'db-server', '--region', '${input:region}']],
  ];
  const servers: Record<string, string> = { 'claude-desktop': 'everything', 'claude-code': 'files', cursor: 'search', windsurf: 'git', vscode: 'db' };
  it.each(cases)('%s', (_, text, host, fileName, command, args) => {
    const server = servers[host]!;
    const out = wrapConfigEntry(text, host, server, server);
    if (!out.ok) throw new Error(out.error);
    const back = importConfig(out.text, { env: { HOME: '/home/me', API_KEY: 'k', SEARCH_KEY: 's' }, fileName, workspaceFolder: '/p' });
    expect(back.host).toBe(host);
    expect(back.entries.map((e) => e.name)).toEqual([server]);
    const t = back.entries[0]!.transport;
    expect(t.kind === 'stdio' && [t.command, ...t.args]).toEqual(['npx', 'mcpscope', 'wrap', '--name', server, '--', command, ...args]);
  });
});
