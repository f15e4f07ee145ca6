// npm start --config: what is read from the file at start, and what /api/config then says.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { launchWithConfigFile, readConfigLaunch } from './config-launch.js';
import { KEPT_SECRET } from '../src/protocol/wire.js';

function configFile(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mcpscope-launch-')), 'mcp.json');
  writeFileSync(path, JSON.stringify(content));
  return path;
}

const vscode = {
  inputs: [
    { type: 'promptString', id: 'key', description: 'API key', password: true },
    { type: 'promptString', id: 'city' },
  ],
  servers: {
    weather: { type: 'stdio', command: 'node', args: ['w.js', '${input:city}'], env: { WEATHER: '${input:key}' } },
    remote: { type: 'http', url: 'https://example.test/mcp' },
  },
};
const demo = { version: '1.2.3', prefill: { kind: 'stdio' as const, command: 'node', args: ['demo.js'], env: {} }, protocolChoice: 'auto' as const };

describe('readConfigLaunch', () => {
  it('offers every server; --server selects one; --input answers go in and the rest stay listed', () => {
    const file = configFile(vscode);
    const read = readConfigLaunch({ file, server: 'weather', answers: [['key', 'k-1']] }, {});
    if (!read.ok) throw new Error(read.error);
    const { configFile: offered, summary } = read.value;
    expect(offered).toMatchObject({ path: file, selected: 'weather', problems: [] });
    expect(offered.servers.map((s) => s.entry.name)).toEqual(['weather', 'remote']);
    const weather = offered.servers[0]!;
    expect(weather.entry.transport).toMatchObject({ args: ['w.js', '${input:city}'], env: { WEATHER: 'k-1' } });
    // A password input's value is a secret wherever the entry is shown.
    expect(weather.entry.secretKeys).toEqual(['WEATHER']);
    expect(weather.inputs.map((i) => i.id)).toEqual(['city']);
    expect(summary).toEqual([
      `Servers of ${file}: weather, remote; weather is prefilled.`,
      'weather still needs city: pass --input ID=VALUE to give it at start.',
    ]);
  });

  it('selects the only server of a file, and none of several without --server', () => {
    const one = readConfigLaunch({ file: configFile({ mcpServers: { solo: { command: 'node' } } }), answers: [] }, {});
    expect(one).toMatchObject({ ok: true, value: { configFile: { selected: 'solo' } } });
    const several = readConfigLaunch({ file: configFile(vscode), answers: [] }, {});
    if (!several.ok) throw new Error(several.error);
    expect(several.value.configFile.selected).toBeUndefined();
    expect(several.value.summary[0]).toMatch(/: weather, remote \(none is prefilled: start with --server NAME to prefill one\)\.$/);
  });

  it('refuses a wrong NAME with the names there are, and an --input the file does not have', () => {
    const file = configFile(vscode);
    expect(readConfigLaunch({ file, server: 'sun', answers: [] }, {})).toEqual({
      ok: false,
      error: `${file} has no server "sun": the servers there are weather or remote.`,
    });
    expect(readConfigLaunch({ file, answers: [['typo', '1']] }, {})).toEqual({
      ok: false,
      error: `--input typo=… names no input of ${file}: its inputs are key or city.`,
    });
  });

  it('says each problem in one line, and keeps the servers that can be used', () => {
    const file = configFile({ mcpServers: { 'two\nlines': { command: 'x', url: 'http://x/' }, good: { command: 'node', env: { N: 1 } } } });
    const read = readConfigLaunch({ file, answers: [] }, {});
    if (!read.ok) throw new Error(read.error);
    expect(read.value.problems).toEqual([
      'Server "two lines" has both a command and a url: keep the command to start it, or the url to reach it.',
      'env N of server "good" is a number, not a string, so it was left out: write it in quotes (for example "1").',
    ]);
    expect(read.value.configFile.selected).toBe('good');
  });
});

describe('launchWithConfigFile', () => {
  it("prefills the selected server (its protocol version, not the demo's choice) and summarizes the file without entries", () => {
    const read = readConfigLaunch(
      { file: configFile({ mcpServers: { a: { command: 'node', env: { API_KEY: 'sk-1' } }, b: { url: 'https://x.test/mcp' } } }), server: 'b', answers: [] },
      {},
    );
    if (!read.ok) throw new Error(read.error);
    const launch = launchWithConfigFile(demo, read.value.configFile);
    expect(launch).toEqual({
      version: '1.2.3',
      prefill: { kind: 'http', url: 'https://x.test/mcp', headers: {}, mode: 'auto' },
      savedServer: 'config:b',
      configFile: { path: read.value.configFile.path, servers: ['a', 'b'], problems: [], inputs: [], selected: 'b' },
    });
    expect(JSON.stringify(launch)).not.toContain('sk-1');
    const withVersion = {
      ...read.value.configFile,
      servers: read.value.configFile.servers.map((s) => ({ ...s, entry: { ...s.entry, protocolVersion: '2025-06-18' as const } })),
    };
    expect(launchWithConfigFile(demo, withVersion).protocolChoice).toBe('2025-06-18');
  });

  it("prefills a server's secrets as KEPT_SECRET, to be opened by reference: the page never gets them", () => {
    const read = readConfigLaunch({ file: configFile({ mcpServers: { a: { command: 'node', env: { API_KEY: 'sk-1', PORT: '1' } } } }), answers: [] }, {});
    if (!read.ok) throw new Error(read.error);
    const launch = launchWithConfigFile(demo, read.value.configFile);
    expect(launch.prefill).toMatchObject({ kind: 'stdio', command: 'node', env: { API_KEY: KEPT_SECRET, PORT: '1' } });
    expect(launch.savedServer).toBe('config:a');
    expect(JSON.stringify(launch)).not.toContain('sk-1');
  });

  it('keeps the launch prefill when nothing is selected, and lists the inputs still needed once', () => {
    const read = readConfigLaunch({ file: configFile(vscode), answers: [] }, {});
    if (!read.ok) throw new Error(read.error);
    const launch = launchWithConfigFile(demo, read.value.configFile);
    expect(launch.prefill).toEqual(demo.prefill);
    expect(launch.configFile?.inputs.map((i) => i.id)).toEqual(['key', 'city']);
    expect(launchWithConfigFile(demo, undefined)).toBe(demo);
  });
});

describe('what is printed of a file', () => {
  it('shows a control character in a name as an escape, never as itself', () => {
    const file = configFile({ mcpServers: { 'red\u001b[31m': { command: 'x', url: 'http://x/' }, ok: { command: 'node' } } });
    const read = readConfigLaunch({ file, answers: [] }, {});
    if (!read.ok) throw new Error(read.error);
    expect(read.value.problems[0]).toBe('Server "red\\u001b[31m" has both a command and a url: keep the command to start it, or the url to reach it.');
    expect(readConfigLaunch({ file, server: 'bell\u0007', answers: [] }, {})).toEqual({
      ok: false,
      error: `${file} has no server "bell\\u0007": the servers there are ok. (red\\u001b[31m cannot be used: pick it with --server to see why.)`,
    });
  });
});

describe('a registry server.json', () => {
  it('answers --input in the selected package, and lists the input still needed', () => {
    const registry = fileURLToPath(new URL('../test/fixtures/configs/registry/server.json', import.meta.url));
    const read = readConfigLaunch({ file: registry, server: 'weather-npm', answers: [['city', 'Oslo']] }, {});
    if (!read.ok) throw new Error(read.error);
    const weather = read.value.configFile.servers.find((s) => s.entry.name === 'weather-npm')!;
    expect(weather.entry.transport).toMatchObject({ kind: 'stdio', command: 'npx', args: expect.arrayContaining(['Oslo']) });
    expect(weather.inputs.map((i) => i.id)).toEqual(['WEATHER_API_KEY']);
    expect(read.value.summary[1]).toBe('weather-npm still needs WEATHER_API_KEY: pass --input ID=VALUE to give it at start.');
    expect(read.value.problems).toContain(
      'Package weather-cargo comes from the package registry "cargo", which mcpscope cannot run: npm, pypi, oci and nuget can be imported.',
    );
  });
});
