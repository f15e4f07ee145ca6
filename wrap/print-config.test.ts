// `mcpscope wrap --print-config` as a person runs it (the built bin/mcpscope.js): the entry to paste on
// stdout, in the file's shape, importing back into an entry that starts the wrapper.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { importConfig } from '../src/protocol/wire.js';
import { requireBuilt } from '../test/fixtures/proxy-helpers.js';
import { builtWrap, runWrap, scratch } from '../test/fixtures/wrap-helpers.js';
import { parseWrapArgs } from './args.js';

beforeAll(() => requireBuilt(builtWrap));

const configs = (path: string) => fileURLToPath(new URL(`../test/fixtures/configs/${path}`, import.meta.url));

async function printConfig(args: string[]) {
  const run = runWrap(['--print-config', ...args], scratch());
  run.child.stdin.end();
  const { code } = await run.exited;
  return { code, stdout: run.stdout().toString(), stderr: run.stderr() };
}

describe('mcpscope wrap --print-config', () => {
  it.each([
    ['Claude Desktop', 'claude_desktop_config.json', 'everything', 'npx', ['-y', '@modelcontextprotocol/server-everything']],
    ['Claude Code', 'claude-code/.mcp.json', 'files', '/opt/tools/files-server', ['--root', '/home/me']],
    ['Cursor', 'cursor/.cursor/mcp.json', 'search', 'uvx', ['search-server', '--data', '/p/data']],
    ['Windsurf', 'windsurf/mcp_config.json', 'git', 'uvx', ['mcp-server-git']],
    ['VS Code', 'vscode/.vscode/mcp.json', 'db', 'npx', ['-y', 'db-server', '--region', '${input:region}']],
  ])('%s: prints the entry, which imports back as the wrapper starting the original command', async (_, file, server, command, args) => {
    const path = configs(file);
    const out = await printConfig(['--config', path, '--server', server]);
    expect(out.code).toBe(0);
    expect(out.stderr).toContain(`Paste this in place of "${server}" in ${path}`);
    // Only JSON on stdout, so it can be piped.
    expect(() => JSON.parse(out.stdout)).not.toThrow();
    const back = importConfig(out.stdout, { env: { HOME: '/home/me', API_KEY: 'k' }, fileName: path, workspaceFolder: '/p' });
    expect(back.entries.map((e) => e.name)).toEqual([server]);
    const t = back.entries[0]!.transport;
    expect(t.kind === 'stdio' && [t.command, ...t.args]).toEqual(['npx', 'mcpscope', 'wrap', '--name', server, '--', command, ...args]);
  });

  it('takes the only server of a file without --server, and --name for the capture, leaving the file as it was', async () => {
    const dir = scratch();
    mkdirSync(join(dir, '.cursor'));
    const path = join(dir, '.cursor', 'mcp.json');
    const one = `{ "mcpServers": { "solo": { "command": "node", "args": ["s.js"], "cwd": "sub" } } }`;
    writeFileSync(path, one);
    const out = await printConfig(['--config', path, '--name', 'mine']);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({
      mcpServers: { solo: { command: 'npx', args: ['mcpscope', 'wrap', '--name', 'mine', '--', 'node', 's.js'], cwd: 'sub' } },
    });
    expect(readFileSync(path, 'utf8')).toBe(one);
  });

  it('names the servers there for a NAME the file does not have, and prints nothing', async () => {
    const path = configs('windsurf/mcp_config.json');
    const out = await printConfig(['--config', path, '--server', 'nope']);
    expect(out).toEqual({ code: 1, stdout: '', stderr: `mcpscope wrap: ${path} has no server "nope": the servers there are docs or git.\n` });
  });

  it('asks which server when the file has several', async () => {
    const path = configs('windsurf/mcp_config.json');
    const out = await printConfig(['--config', path]);
    expect(out).toEqual({ code: 1, stdout: '', stderr: `mcpscope wrap: ${path} has 2 servers: say which with --server NAME (docs or git).\n` });
  });

  it('says in one sentence that an HTTP entry is not wrapped over stdio, naming the --listen form', async () => {
    const out = await printConfig(['--config', configs('windsurf/mcp_config.json'), '--server', 'docs']);
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(
      'mcpscope wrap: Server "docs" is reached over HTTP, and "mcpscope wrap -- COMMAND" wraps only a server the host starts: for this one, point the host at "mcpscope wrap --listen 127.0.0.1:PORT --to URL" instead.\n',
    );
  });

  it('refuses a registry server.json and a file that is not there', async () => {
    expect((await printConfig(['--config', configs('registry/server.json')])).stderr).toContain('A registry server.json describes a package');
    expect(await printConfig(['--config', '/no/such/mcp.json'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'mcpscope wrap: --config /no/such/mcp.json: there is no such file.\n',
    });
  });
});

describe('parseWrapArgs: --print-config', () => {
  it('reads --config, --server and --name', () => {
    expect(parseWrapArgs(['--print-config', '--config', 'a.json', '--server', 's', '--name', 'n'])).toEqual({
      ok: true,
      value: { printConfig: true, config: 'a.json', server: 's', name: 'n' },
    });
  });

  it('refuses --print-config without --config, or with a command to run', () => {
    expect(parseWrapArgs(['--print-config'])).toEqual({ ok: false, error: "--print-config needs --config FILE: the host's config file that has the server." });
    expect(parseWrapArgs(['--print-config', '--config', 'a.json', '--', 'node', 's.js'])).toEqual({
      ok: false,
      error: '--print-config prints an entry and starts no server: leave out --capture and the command after --.',
    });
  });

  it('refuses --config without --print-config', () => {
    expect(parseWrapArgs(['--config', 'a.json', '--', 'node', 's.js'])).toEqual({
      ok: false,
      error: '--config and --server go with --print-config, which prints an entry to paste.',
    });
  });
});
