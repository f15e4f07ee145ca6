import { describe, expect, it } from 'vitest';
import { splitArgs } from '../text/split-args.js';
import { mcpscopeCommandLine, shellQuote } from './command-line.js';
import type { ServerEntry } from './entry.js';
import { exportConfig } from './export.js';
import { exportRegistryServer } from './export-registry.js';
import { importConfig, resolveInputs } from './import.js';
import { CONFIG_HOSTS } from './substitute.js';

const FILES_ARGS = ['-y', '@scope/files@1.0.0', '--root', "/data/it's here"];
const stdio: ServerEntry = {
  name: 'files',
  transport: { kind: 'stdio', command: 'npx', args: FILES_ARGS, env: { LOG: 'debug' }, cwd: '/srv/files' },
  secretKeys: [],
};
const remote: ServerEntry = {
  name: 'api',
  transport: { kind: 'http', url: 'https://api.example.com/mcp', headers: { 'X-Team': 'blue' }, mode: 'streamable-http' },
  secretKeys: [],
};
const withSecrets: ServerEntry = {
  name: 'db',
  transport: { kind: 'stdio', command: 'uvx', args: ['db-mcp==2.0'], env: { DB_TOKEN: 'tok', DSN: 'pg://u:p@h/db', MODE: 'ro' } },
  secretKeys: ['DSN'],
};
const HOSTS = ['claude-code', 'cursor', 'windsurf', 'vscode'] as const;

describe('exportConfig round-trips: importConfig(exportConfig(x)) equals x', () => {
  // Cursor's and Windsurf's files name no transport for a URL: they find it, as mode auto does.
  it.each(
    [...HOSTS.map((h) => [h, 'streamable-http'] as const), ['cursor', 'auto'] as const, ['windsurf', 'auto'] as const].filter(
      ([h, m]) => m === 'auto' || h === 'claude-code' || h === 'vscode',
    ),
  )('%s, a stdio server and a remote one (mode %s)', (host, mode) => {
    const http = { ...remote, transport: { ...remote.transport, mode } };
    const out = exportConfig([stdio, http], host);
    expect(out.problems).toEqual([]);
    const back = importConfig(out.text, { env: {}, host });
    expect(back.problems).toEqual([]);
    expect(back.entries).toEqual([stdio, http]);
  });

  it('Claude Desktop keeps stdio servers and says a remote one belongs in its Connectors', () => {
    const out = exportConfig([stdio, remote], 'claude-desktop');
    expect(importConfig(out.text, { env: {}, host: 'claude-desktop' }).entries).toEqual([stdio]);
    expect(out.problems).toEqual([
      'Server "api" is remote (https://api.example.com/mcp): Claude Desktop\'s config file only starts servers; add it under Settings → Connectors.',
    ]);
  });

  it.each(['claude-code', 'cursor', 'windsurf'] as const)('%s writes secrets as variables, which the environment fills back in', (host) => {
    const out = exportConfig([withSecrets], host);
    expect(out.text).not.toContain('tok');
    expect(out.text).not.toContain('pg://');
    const back = importConfig(out.text, { env: { DB_TOKEN: 'tok', DSN: 'pg://u:p@h/db' }, host });
    expect(back.entries).toEqual([{ ...withSecrets, secretKeys: [] }]);
  });

  it('VS Code writes secrets as password inputs, which the answers fill back in', () => {
    const out = exportConfig([withSecrets], 'vscode');
    expect(out.text).not.toContain('tok');
    const back = importConfig(out.text, { env: {} });
    expect(back.inputs.map((i) => [i.id, i.password])).toEqual([
      ['db-DB_TOKEN', true],
      ['db-DSN', true],
    ]);
    expect(resolveInputs(back.entries[0]!, back.inputs, { 'db-DB_TOKEN': 'tok', 'db-DSN': 'pg://u:p@h/db' })).toEqual({ ok: true, entry: withSecrets });
  });

  it('keeps a server named "__proto__"', () => {
    const odd = { ...stdio, name: '__proto__' };
    expect(importConfig(exportConfig([odd], 'cursor').text, { env: {}, host: 'cursor' }).entries).toEqual([odd]);
  });

  it('Claude Desktop writes a secret as a placeholder to fill in', () => {
    expect(exportConfig([withSecrets], 'claude-desktop').text).toContain('"DSN": "<DSN>"');
  });
});

describe('exportRegistryServer', () => {
  it('round-trips an npx package, a uvx package with secrets (as inputs) and a remote', () => {
    const npx = { ...stdio, transport: { ...stdio.transport, cwd: undefined } };
    delete npx.transport.cwd;
    for (const [entry, answers] of [
      [npx, {}],
      [withSecrets, { DB_TOKEN: 'tok', DSN: 'pg://u:p@h/db' }],
      [remote, {}],
    ] as const) {
      const out = exportRegistryServer(entry);
      if (!out.ok) throw new Error(out.error);
      expect(out.text).not.toContain('tok');
      const back = importConfig(out.text, { env: {} });
      expect(back.host).toBe('registry');
      expect(resolveInputs(back.entries[0]!, back.inputs, answers)).toEqual({ ok: true, entry });
    }
  });

  it('says why a command that is not a package cannot be a server.json', () => {
    const node: ServerEntry = { name: 'n', transport: { kind: 'stdio', command: 'node', args: ['s.js'], env: {} }, secretKeys: [] };
    expect(exportRegistryServer(node)).toEqual({
      ok: false,
      error: 'Server "n" runs "node", not a package: a server.json can describe npx (npm) and uvx (pypi) packages and remote servers.',
    });
  });
});

describe('mcpscopeCommandLine', () => {
  /** The words a POSIX shell makes of the line, before expansion (splitArgs follows the shell's quoting); the CLI tests run a real sh. */
  const shellWords = (line: string) => {
    const split = splitArgs(line);
    if (!split.ok) throw new Error(split.error);
    return split.args.slice(1);
  };

  it('quotes a stdio server for the shell, and the --stdio word again for mcpscope', () => {
    const line = mcpscopeCommandLine(stdio);
    expect(line).toBe(`mcpscope --stdio 'npx -y @scope/files@1.0.0 --root '\\''/data/it'\\''\\'\\'''\\''s here'\\''' -e LOG=debug --cwd /srv/files tools list`);
    const words = shellWords(line);
    expect(words.slice(2)).toEqual(['-e', 'LOG=debug', '--cwd', '/srv/files', 'tools', 'list']);
    expect(splitArgs(words[1]!)).toEqual({ ok: true, args: ['npx', ...FILES_ARGS] });
  });

  it('leaves secrets as "$NAME" for the shell to fill in', () => {
    const line = mcpscopeCommandLine(withSecrets, 'ping');
    expect(line).not.toContain('tok');
    expect(line).toContain(`-e DB_TOKEN="$DB_TOKEN" -e DSN="$DSN"`);
    expect(shellWords(line)).toEqual(['--stdio', 'uvx db-mcp==2.0', '-e', 'DB_TOKEN=$DB_TOKEN', '-e', 'DSN=$DSN', '-e', 'MODE=ro', 'ping']);
  });

  it('writes a remote server with its headers, mode, auth and protocol version', () => {
    const entry: ServerEntry = {
      name: 'a',
      transport: {
        kind: 'http',
        url: 'https://a.example/mcp?x=1&y=2',
        headers: { Authorization: 'Bearer t', 'X-Team': 'blue' },
        mode: 'sse',
        auth: { mode: 'quick', clientId: 'cid', clientSecret: 's3' },
      },
      protocolVersion: '2025-06-18',
      secretKeys: [],
    };
    const line = mcpscopeCommandLine(entry);
    expect(line).toBe(
      `mcpscope --url 'https://a.example/mcp?x=1&y=2' --header 'Authorization: '"$AUTHORIZATION" --header 'X-Team: blue' --mode sse --auth --client-id cid --client-secret "$CLIENT_SECRET" --protocol-version 2025-06-18 tools list`,
    );
    expect(shellWords(line).slice(0, 4)).toEqual(['--url', 'https://a.example/mcp?x=1&y=2', '--header', 'Authorization: $AUTHORIZATION']);
  });

  it('shellQuote leaves plain words alone and quotes the rest', () => {
    expect(shellQuote('a-b_c/1.2')).toBe('a-b_c/1.2');
    expect(shellQuote('')).toBe("''");
    expect(shellQuote('$HOME `x` ~')).toBe("'$HOME `x` ~'");
  });

  it('knows every host', () => {
    expect(CONFIG_HOSTS).toHaveLength(6);
  });
});
