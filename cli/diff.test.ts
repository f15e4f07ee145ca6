// mcpscope diff: server-everything (stdio) against a fixture that changes it, snapshots, a URL side, and
// every side that cannot be read.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli, everything } from '../test/fixtures/cli-helpers.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';

const fixture = (name: string) => fileURLToPath(new URL(`../test/fixtures/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-diff-'));
const config = join(dir, 'mcp.json');
const stdio = (script: string, ...args: string[]) => ({ command: process.execPath, args: [script, ...args] });
writeFileSync(
  config,
  JSON.stringify({
    mcpServers: {
      everything: stdio(everything, 'stdio'),
      changed: stdio(fixture('everything-changed.mjs')),
      failing: stdio(fixture('failing-pages.mjs')),
    },
  }),
);

let http: FixtureProcess;
beforeAll(async () => {
  http = await startFixture(everythingFixture, ['streamableHttp']);
}, 30_000);
afterAll(async () => {
  await http?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What server-everything's next version (the fixture) changed, breaking first. */
const EXPECTED = [
  { item: 'echo', change: 'removed', class: 'breaking', paths: [''] },
  { item: 'get-sum', change: 'changed', class: 'breaking', paths: ['/inputSchema/properties/a/type'] },
  { item: 'trigger-long-running-operation', change: 'changed', class: 'breaking', paths: ['/inputSchema/properties/label'] },
  { item: 'get-env', change: 'changed', class: 'compatible', paths: ['/inputSchema/properties/prefix'] },
  { item: 'say', change: 'added', class: 'compatible', paths: [''] },
];

interface JsonChange {
  kind: string;
  item: string;
  change: string;
  class: string;
  details: Array<{ path: string }>;
}
const summary = (changes: JsonChange[]) => changes.map((c) => ({ item: c.item, change: c.change, class: c.class, paths: c.details.map((d) => d.path) }));

describe('mcpscope diff', () => {
  it('server-everything against a version that renamed a tool, changed a type, added a required and an optional argument', async () => {
    const r = await cli('diff', '--config', config, '--json', 'everything', 'changed');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ a: { label: 'A (old)', server: { name: 'mcp-servers/everything' } }, b: { label: 'B (new)' }, breaking: 3, compatible: 2 });
    expect(summary(report.changes)).toEqual(EXPECTED);
    expect(report.changes.every((c: JsonChange) => c.kind === 'tool')).toBe(true);
  }, 60_000);

  it('prints the changes grouped, breaking first, with paths, values and reasons', async () => {
    const r = await cli('diff', '--config', config, 'everything', 'changed');
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(lines.indexOf('Breaking changes:')).toBeLessThan(lines.indexOf('Compatible changes:'));
    expect(r.out).toContain('  ✗ tool "echo" removed\n      The tool was removed: a host that uses it fails.');
    expect(r.out).toContain('      ✗ /inputSchema/properties/a/type  "number" → "string"\n          The type changed from "number" to "string"');
    expect(r.out).toContain('Required argument "label" added: a host that does not send it is refused.');
    expect(lines.at(-1)).toBe('BREAKING: 3 breaking changes, 2 compatible.');
  }, 60_000);

  it('saves a snapshot; a snapshot is a side like a server, and the same interface exits 0', async () => {
    const file = join(dir, 'everything.json');
    const saved = await cli('diff', '--config', config, '--save', file, 'everything');
    expect(saved).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Saved the interface of "everything" of .* \(\d+ tools, \d+ resources, \d+ resource templates, \d+ prompts\) to /),
    });
    const snapshot = JSON.parse(readFileSync(file, 'utf8'));
    expect(snapshot).toMatchObject({ mcpscopeInterface: 1, server: { name: 'mcp-servers/everything' }, protocolVersion: '2025-11-25' });
    expect(snapshot.tools.map((t: { name: string }) => t.name)).toContain('echo');

    const same = await cli('diff', '--config', config, file, 'everything');
    expect(same).toMatchObject({ code: 0, err: '' });
    expect(same.out.split('\n').at(-1)).toBe('OK: No change: the two interfaces are the same.');

    const changed = await cli('diff', '--config', config, '--json', file, 'changed');
    expect(changed.code).toBe(1);
    expect(summary(JSON.parse(changed.out).changes)).toEqual(EXPECTED);
  }, 60_000);

  it('a side can be a URL: server-everything over Streamable HTTP against its snapshot over stdio', async () => {
    const file = join(dir, 'everything-stdio.json');
    expect((await cli('diff', '--config', config, '--save', file, 'everything')).code).toBe(0);
    const r = await cli('diff', '--json', file, `${http.origin}/mcp`);
    expect(r.err).toBe('');
    const report = JSON.parse(r.out);
    expect(report.b).toMatchObject({ source: `${http.origin}/mcp`, server: { name: 'mcp-servers/everything' } });
    expect(report.breaking).toBe(0);
    expect(r.code).toBe(0);
  }, 60_000);

  it('both sides whose lists fail: each side and the list that failed, exit 2', async () => {
    const r = await cli('diff', '--config', config, 'failing', 'failing');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^mcpscope: A \(old\): 3 pages of tools\/list read, page 4 failed: .*$/m);
    expect(r.err).toMatch(/^mcpscope: B \(new\): 3 pages of tools\/list read, page 4 failed: .*$/m);
  }, 60_000);

  it('a side that cannot be connected to names the side', async () => {
    const r = await cli('diff', '--config', config, 'everything', 'http://127.0.0.1:9/mcp');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^mcpscope: B \(new\): /);
  }, 60_000);

  it('without --config, a name is a saved server; one not saved is said with the saved names', async () => {
    const home = join(dir, 'config-home');
    mkdirSync(join(home, 'mcpscope'), { recursive: true, mode: 0o700 });
    const saved = (id: string, name: string, script: string) => ({
      id,
      entry: {
        name,
        transport: { kind: 'stdio', command: process.execPath, args: [script, ...(script === everything ? ['stdio'] : [])], env: {} },
        secretKeys: [],
      },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const list = { version: 1, servers: [saved('s-1', 'everything', everything), saved('s-2', 'changed', fixture('everything-changed.mjs'))], recent: [] };
    writeFileSync(join(home, 'mcpscope', 'servers.json'), JSON.stringify(list), { mode: 0o600 });
    vi.stubEnv('XDG_CONFIG_HOME', home);
    try {
      const r = await cli('diff', '--json', 'everything', 'changed');
      expect(r.code).toBe(1);
      expect(JSON.parse(r.out).a.source).toBe('saved server "everything"');
      expect(summary(JSON.parse(r.out).changes)).toEqual(EXPECTED);
      const missing = await cli('diff', 'everything', 'nope');
      expect(missing.code).toBe(2);
      expect(missing.err).toMatch(/^mcpscope: B \(new\): No saved server is called "nope": the saved servers \(.*\) are "changed" or "everything"\.$/);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 60_000);

  it('a name not in the config: the names it has', async () => {
    const r = await cli('diff', '--config', config, 'everything', 'nope');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `mcpscope: B (new): ${config} has no server "nope": the servers there are everything, changed or failing. Nor is there a snapshot file called nope.`,
    );
  });

  it('a snapshot file that is not one: the field named', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ mcpscopeInterface: 1, tools: [{ name: 'x', inputSchema: {} }, { title: 'no name' }] }));
    const r = await cli('diff', bad, bad);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`mcpscope: A (old): ${bad} is not an interface snapshot: "tools[1]" has no string "name".`);
    const other = await cli('diff', config, bad);
    expect(other.err).toMatch(/A \(old\): .*mcp\.json is not an interface snapshot: it has no "mcpscopeInterface" field/);
    const missing = await cli('diff', join(dir, 'gone.json'), bad);
    expect(missing.err).toBe(`mcpscope: A (old): ${join(dir, 'gone.json')}: there is no such snapshot file.`);
  });

  it('refuses a command line that does not name two servers', async () => {
    expect(await cli('diff', 'a')).toMatchObject({ code: 2, err: expect.stringMatching(/diff compares two servers, A \(old\) and B \(new\) \(got 1\)/) });
    expect(await cli('diff', '--save', 'x.json', 'a', 'b')).toMatchObject({ code: 2, err: expect.stringMatching(/--save takes one server/) });
    expect(await cli('diff', '--stdio', 'node x', 'a', 'b')).toMatchObject({ code: 2, err: expect.stringMatching(/--stdio does not go with diff/) });
    expect(await cli('diff', '--server', 'x', 'a', 'b')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--server does not go with diff: name the server as A or B itself/),
    });
  });
});
