// Reading a --config file in Node: paths against the file's folder, envFile, and picking a server by name.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickConfigServer, readConfigFile, severalServers } from './config-file.js';

/** A config file in a fresh folder; its path. */
function configFile(name: string, content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mcpscope-config-')), name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('readConfigFile', () => {
  it("resolves a relative cwd and envFile against the file's folder (envFile first, env wins)", () => {
    const file = configFile('proj/.vscode/mcp.json', {
      servers: { s: { type: 'stdio', command: 'node', cwd: 'sub', envFile: '${workspaceFolder}/.env', env: { B: 'env' } } },
    });
    writeFileSync(join(file, '../../.env'), 'A=file\nB=file\n');
    const read = readConfigFile(file, {});
    expect(read).toMatchObject({
      ok: true,
      value: { path: file, servers: [{ entry: { transport: { cwd: join(file, '../sub'), env: { A: 'file', B: 'env' } } } }] },
    });
  });

  it('keeps the other servers when one names an envFile that cannot be read, and says why that one cannot be used', () => {
    const file = configFile('mcp.json', { servers: { s: { type: 'stdio', command: 'node', envFile: 'nope.env' }, t: { type: 'stdio', command: 'node' } } });
    const read = readConfigFile(file, {});
    if (!read.ok) throw new Error(read.error);
    expect(read.value.servers.map((s) => s.entry.name)).toEqual(['t']);
    const why = `Server "s" names the envFile ${join(file, '../nope.env')}, which could not be read: there is no such file.`;
    expect(read.value.problems).toEqual([{ server: 's', message: why, skipped: true }]);
    expect(pickConfigServer(read.value, 's')).toEqual({ ok: false, error: `Server "s" of ${file} cannot be used: ${why}` });
    const only = configFile('mcp.json', { servers: { s: { type: 'stdio', command: 'node', envFile: 'nope.env' } } });
    expect(readConfigFile(only, {})).toEqual({ ok: false, error: expect.stringContaining('which could not be read: there is no such file.') });
  });

  it('reads a path from the home folder and one relative to the working directory, naming it as given', () => {
    const file = configFile('mcp.json', { mcpServers: { a: { command: 'node' } } });
    const fromHome = `~/${relative(homedir(), file)}`;
    expect(readConfigFile(fromHome, {})).toMatchObject({ ok: true, value: { file: fromHome, path: file } });
    const fromCwd = relative(process.cwd(), file);
    expect(readConfigFile(fromCwd, {})).toMatchObject({ ok: true, value: { file: fromCwd, path: file } });
    expect(readConfigFile('~/nowhere-mcpscope/mcp.json', {})).toEqual({ ok: false, error: '--config ~/nowhere-mcpscope/mcp.json: there is no such file.' });
  });
});

describe('pickConfigServer', () => {
  const two = () => {
    const read = readConfigFile(
      configFile('mcp.json', { mcpServers: { alpha: { command: 'a' }, beta: { command: 'b' }, both: { command: 'c', url: 'http://x/' } } }),
      {},
    );
    if (!read.ok) throw new Error(read.error);
    return read.value;
  };

  it('picks by name; with no name, the only server, or none of several', () => {
    const config = two();
    expect(pickConfigServer(config, 'beta')).toMatchObject({ ok: true, value: { entry: { name: 'beta' } } });
    expect(pickConfigServer(config, undefined)).toEqual({ ok: true, value: undefined });
    expect(severalServers(config)).toBe(
      `${config.file} has 2 servers: say which with --server NAME (alpha or beta). (both cannot be used: pick it with --server to see why.)`,
    );
    const one = readConfigFile(configFile('mcp.json', { mcpServers: { solo: { command: 'a' } } }), {});
    if (!one.ok) throw new Error(one.error);
    expect(pickConfigServer(one.value, undefined)).toMatchObject({ ok: true, value: { entry: { name: 'solo' } } });
  });

  it('names the servers there are for a wrong name, and says why a skipped one cannot be used', () => {
    const config = two();
    expect(pickConfigServer(config, 'gamma')).toEqual({
      ok: false,
      error: `${config.file} has no server "gamma": the servers there are alpha or beta. (both cannot be used: pick it with --server to see why.)`,
    });
    expect(pickConfigServer(config, 'both')).toEqual({
      ok: false,
      error: expect.stringContaining(`Server "both" of ${config.file} cannot be used: Server "both" has both`),
    });
  });
});
