import { describe, expect, it } from 'vitest';
import { KEPT_SECRET, type SavedServerView } from '../../../protocol/index.js';
import { EXPORT_SHAPES, exportText } from './export-shapes.js';
import { readConfig } from './import-model.js';

const server = (entry: SavedServerView['entry'], secretValues: string[] = []): SavedServerView => ({
  id: 's-1',
  entry,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  source: 'saved',
  secretValues,
});

const stdio = server(
  {
    name: 'weather',
    transport: {
      kind: 'stdio',
      command: 'npx',
      args: ['-y', '@example/weather@1.2.0', '--units', 'metric'],
      env: { WEATHER_API_KEY: KEPT_SECRET, REGION: 'eu', LOGIN: KEPT_SECRET },
    },
    secretKeys: [],
  },
  ['WEATHER_API_KEY', 'LOGIN'],
);

describe('exporting a saved server', () => {
  it('never writes a kept secret, not even one of a key the name rule does not catch', () => {
    for (const { id } of EXPORT_SHAPES) {
      const out = exportText(stdio, id);
      expect(out.text, id).not.toContain(KEPT_SECRET);
      expect(out.text, id).toContain('WEATHER_API_KEY');
      expect(out.text, id).toMatch(/LOGIN/);
    }
    expect(exportText(stdio, 'claude-code').text).toContain('"LOGIN": "${LOGIN}"');
    expect(exportText(stdio, 'command-line').text).toContain('-e LOGIN="$LOGIN"');
  });

  it('round-trips: each host file imported again gives the same entry', () => {
    const plain = server({ ...stdio.entry, transport: { kind: 'stdio', command: 'npx', args: ['-y', 'pkg', '--a b'], env: { REGION: 'eu' }, cwd: '/srv' } });
    for (const shape of ['claude-desktop', 'claude-code', 'cursor', 'windsurf', 'vscode'] as const) {
      const read = readConfig(exportText(plain, shape).text, undefined, shape);
      expect(read.entries, shape).toEqual([plain.entry]);
    }
  });

  it("round-trips a kept secret as each host's placeholder: asked by VS Code, refused unset by Claude Code, empty and said by the others", () => {
    const vscode = readConfig(exportText(stdio, 'vscode').text, undefined, 'vscode');
    expect(vscode.inputs.map((i) => [i.id, i.password])).toEqual([
      ['weather-WEATHER_API_KEY', true],
      ['weather-LOGIN', true],
    ]);
    const claudeCode = readConfig(exportText(stdio, 'claude-code').text, undefined, 'claude-code');
    expect(claudeCode.entries).toEqual([]);
    expect(claudeCode.problems[0]?.message).toContain('WEATHER_API_KEY, LOGIN, which is not set');
    const cursor = readConfig(exportText(stdio, 'cursor').text, undefined, 'cursor');
    expect(cursor.entries[0]?.transport).toMatchObject({ env: { WEATHER_API_KEY: '', LOGIN: '', REGION: 'eu' } });
  });

  it('says why a shape cannot hold the server instead of an empty text', () => {
    const remote = server({ name: 'r', transport: { kind: 'http', url: 'https://h.example/mcp', headers: {}, mode: 'auto' }, secretKeys: [] });
    expect(exportText(remote, 'claude-desktop')).toEqual({ text: expect.any(String), problems: [expect.stringContaining('Claude Desktop')] });
    expect(exportText(server({ ...stdio.entry, transport: { kind: 'stdio', command: 'node', args: [], env: {} } }), 'registry').problems).toEqual([
      expect.stringContaining('not a package'),
    ]);
  });
});
