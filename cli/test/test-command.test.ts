// `mcpscope test` end to end: test files against server-everything over stdio
// and Streamable HTTP, the 2026-07-28 demo with its policies, and a changed
// server whose broken steps — and only those — fail with their reasons.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, everything, requireBuiltDemo } from '../../test/fixtures/cli-helpers.js';
import { everythingFixture, modernHttpFixture, startFixture, type FixtureProcess } from '../../test/fixtures/http-fixture-process.js';
import { checkAgainstXsd } from '../../test/fixtures/xsd-check.js';

const fixtures = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));
const changed = join(fixtures, 'testfiles/changed-everything.mjs');
const modernDemo = fileURLToPath(new URL('../../dist/node/examples/servers/modern-demo-server.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-test-'));

/** The shipped everything test file with the server at its absolute path, or at a URL. */
function everythingFile(name: string, server?: string): string {
  const text = readFileSync(join(fixtures, 'testfiles/everything.test.yaml'), 'utf8').replace(
    /server:\n {2}command: node\n {2}args: \[[^\]]*\]/,
    server ?? `server:\n  command: ${JSON.stringify(process.execPath)}\n  args: [${JSON.stringify(everything)}]`,
  );
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Steps every version of the server should pass; the changed one breaks three of them. */
const BASIC_STEPS = `steps:
  - call: echo
    arguments: { message: hello }
    expect: { isError: false, text: { contains: hello } }
  - name: sum
    call: get-sum
    arguments: { a: 2, b: 3 }
    expect: { text: { contains: '5' } }
  - call: get-structured-content
    arguments: { location: Chicago }
    expect: { structuredContent: { schema: { type: object, required: [temperature, conditions] } } }
  - ping: 3
    interval: 5
    expect: { latency: { p95: 10000 } }
`;
const stdio = (script: string, ...args: string[]) => `server:\n  command: ${JSON.stringify(process.execPath)}\n  args: ${JSON.stringify([script, ...args])}\n`;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

requireBuiltDemo();

let http: FixtureProcess;
let modernHttp: FixtureProcess;
beforeAll(async () => {
  [http, modernHttp] = await Promise.all([startFixture(everythingFixture, ['streamableHttp']), startFixture(modernHttpFixture)]);
}, 30_000);
afterAll(async () => {
  await Promise.all([http?.stop(), modernHttp?.stop()]);
});

describe('mcpscope test', { timeout: 60_000 }, () => {
  it('passes against server-everything over stdio, creating its snapshots once and comparing them after', async () => {
    const path = everythingFile('stdio.test.yaml');
    const first = await cli('test', path);
    expect(first.err).toContain(`wrote the snapshots of ${path} to ${join(dir, 'stdio.test.snap.json')}`);
    expect(first.out).toMatch(/✓ list tools {2}[\d.]+ m?s {2}\(interface created\)/);
    expect(first.out).toMatch(/✓ call echo {2}[\d.]+ m?s {2}\(snapshot created\)/);
    expect(first.out).toContain('10 steps: 10 passed, 0 failed (1 file,');
    expect(first.code).toBe(0);
    const snapshots = JSON.parse(readFileSync(join(dir, 'stdio.test.snap.json'), 'utf8'));
    expect(snapshots.steps['call echo'].snapshot).toEqual({ content: [{ type: 'text', text: 'Echo: hello' }] });
    const second = await cli('test', path);
    expect(second.code).toBe(0);
    expect(second.out).not.toContain('created');
    expect(second.err).not.toContain('wrote the snapshots');
  });

  it('passes against server-everything over Streamable HTTP', async () => {
    const path = everythingFile('http.test.yaml', `server:\n  url: ${http.origin}/mcp`);
    const r = await cli('test', path);
    expect(r.out).toContain(`http.test.yaml — server-everything (mcp-servers/everything`);
    expect(r.out).toContain('10 steps: 10 passed, 0 failed');
    expect(r.code).toBe(0);
  });

  it('speaks 2026-07-28 when the file says so, answering sampling as its policy says', async () => {
    const path = file(
      'modern.test.yaml',
      `${stdio(modernDemo)}protocolVersion: 2026-07-28\npolicies: { sampling: "reply:All good" }\nsteps:\n  - call: summarize\n    arguments: { text: hello }\n    expect: { text: { contains: All good } }\n  - ping: 2\n`,
    );
    const r = await cli('test', path);
    expect(r.out).toContain('protocol 2026-07-28');
    expect(r.err).toMatch(/replied "All good" \(model mcpscope-cli\) to sampling\/createMessage/);
    expect(r.code).toBe(0);
  });

  it('speaks 2026-07-28 over Streamable HTTP, its header-mirrored arguments included', async () => {
    const path = file(
      'modern-http.test.yaml',
      `server: { url: "${modernHttp.origin}/mcp" }\nprotocolVersion: 2026-07-28\nsteps:\n  - call: weather\n    arguments: { region: Zürich }\n    expect: { text: { contains: Sunny in Zürich }, lint: none }\n  - list: tools\n    expect: { match: { tools: [{ name: weather }] } }\n`,
    );
    const r = await cli('test', path);
    expect(r.out).toContain('protocol 2026-07-28');
    expect(r.out).toContain('2 steps: 2 passed, 0 failed');
    expect(r.code).toBe(0);
  });

  it('takes its server from a config file beside it; a notification that never comes fails its wait', async () => {
    writeFileSync(
      join(dir, 'mcp.json'),
      JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everything] }, other: { command: 'x' } } }),
    );
    const path = file('config.test.yaml', 'config: ./mcp.json\nserver: everything\nsteps:\n  - ping: 1\n  - wait: notifications/never\n    timeout: 200\n');
    const r = await cli('test', path);
    expect(r.out).toMatch(/✓ ping/);
    expect(r.out).toContain('No notifications/never notification came within 200 ms.');
    expect(r.code).toBe(1);
    const unnamed = await cli('test', file('unnamed.test.yaml', 'config: ./mcp.json\nsteps: [{ ping: 1 }]\n'));
    expect(unnamed.out).toContain("has 2 servers: say which with 'server: NAME' in the test file (everything or other)");
    expect(unnamed.code).toBe(2);
  });

  it('against a changed server, fails exactly the broken steps, each with its reason', async () => {
    expect((await cli('test', file('before.test.yaml', `${stdio(everything)}${BASIC_STEPS}`))).code).toBe(0);
    const r = await cli('test', file('after.test.yaml', `${stdio(changed)}${BASIC_STEPS}`));
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    const failed = lines.filter((l) => l.startsWith('  ✗')).map((l) => l.replace(/ {2}[\d.]+ m?s$/, ''));
    expect(failed).toEqual(['  ✗ call echo', '  ✗ sum', '  ✗ call get-structured-content']);
    expect(r.out).toContain('isError: expected a result, got a tool error: "echo is out of order"');
    expect(r.out).toContain('The server has no tool named "get-sum". It has: echo, add, get-structured-content, hang.');
    expect(r.out).toMatch(/get-structured-content was not called: the arguments do not match the tool's inputSchema:\n\s+\/location: must be number/);
    expect(r.out).toMatch(/✓ ping ×3/);
    expect(r.out).toContain('4 steps: 1 passed, 3 failed');
  });

  it('a hung server: the step fails at its timeout and the next step runs; --bail stops there', async () => {
    const path = file('hang.test.yaml', `${stdio(changed)}steps:\n  - call: hang\n    timeout: 300\n  - ping: 1\n`);
    const r = await cli('test', path);
    expect(r.out).toContain("No answer within the step's timeout of 300 ms");
    expect(r.out).toMatch(/✓ ping/);
    expect(r.code).toBe(1);
    const bail = await cli('test', '--bail', path, path);
    expect(bail.out).toContain('– ping  (not run: --bail stopped at a failed step)');
    expect(bail.out).toContain(`${path}: not run (--bail)`);
    expect(bail.code).toBe(1);
  });

  it('a server that exits midway: the later steps fail saying so, and its last stderr lines are printed once', async () => {
    const path = file('exits.test.yaml', `${stdio(join(fixtures, 'exit-after-ping.mjs'))}steps:\n  - ping: 1\n  - ping: 1\n  - call: echo\n`);
    const r = await cli('test', path);
    expect(r.out).toMatch(/✓ ping {2}/);
    expect(r.out).toMatch(/✗ ping \(2\) {2}[\d.]+ m?s\n {6}ping 1: .*/);
    expect(r.out).toMatch(/✗ call echo {2}[\d.]+ m?s\n {6}.*closed/);
    expect(r.err.match(/the connection closed during the command/g)).toHaveLength(1);
    expect(r.code).toBe(1);
  });

  it('--filter runs the steps it matches; --update accepts a changed snapshot', async () => {
    const path = file(
      'snap.test.yaml',
      `${stdio(everything)}steps:\n  - call: echo\n    arguments: { message: one }\n    expect: { snapshot: true }\n  - ping: 1\n`,
    );
    expect((await cli('test', path)).code).toBe(0);
    const edited = readFileSync(path, 'utf8').replace('message: one', 'message: two');
    writeFileSync(path, edited);
    const filtered = await cli('test', '--filter', '^call', path);
    expect(filtered.out).toContain('snapshot: content[0].text: was "Echo: one", now "Echo: two" (run with --update to accept the change)');
    expect(filtered.out).toContain('– ping  (not matched by --filter)');
    expect(filtered.code).toBe(1);
    const updated = await cli('test', '--update', path);
    expect(updated.out).toContain('(snapshot updated)');
    expect(updated.code).toBe(0);
    expect((await cli('test', path)).code).toBe(0);
  });

  it('exits 2 when a file cannot run: not the format (line and field), a server that does not start', async () => {
    const bad = file('bad.test.yaml', `${stdio(everything)}steps:\n  - call: echo\n    argz: { message: hi }\n`);
    const gone = file('gone.test.yaml', `server: { command: /nonexistent/server }\nsteps: [{ ping: 1 }]\n`);
    const good = file('good.test.yaml', `${stdio(everything)}steps: [{ ping: 1 }]\n`);
    const r = await cli('test', bad, gone, good);
    expect(r.out).toContain(`✗ could not run: ${bad}: line 6: steps[0].call: unknown key 'argz' — did you mean 'arguments'?`);
    expect(r.out).toMatch(
      /gone\.test\.yaml — gone\.test\n {2}✗ could not run: The server could not be reached: Command not found: "\/nonexistent\/server"\. Check the server's command in the test file/,
    );
    expect(r.out).toContain('1 step: 1 passed, 0 failed; 2 files could not run');
    expect(r.code).toBe(2);
    expect(await cli('test')).toMatchObject({ code: 2, err: expect.stringContaining('test needs at least one test file') });
    expect(await cli('--stdio', 'x', 'test', good)).toMatchObject({ code: 2, err: expect.stringContaining('--stdio does not go with test') });
  });

  it('--reporter junit prints JUnit XML that the JUnit XSD accepts (the steps as text on stderr)', async () => {
    const bad = file('bad2.test.yaml', 'steps: [{ ping: 1 }]\n');
    const r = await cli('test', '--reporter', 'junit', file('after2.test.yaml', `${stdio(changed)}${BASIC_STEPS}`), bad);
    expect(r.code).toBe(2);
    expect(r.err).toContain('✗ sum');
    const xsd = readFileSync(join(fixtures, 'junit.xsd'), 'utf8');
    expect(checkAgainstXsd(xsd, r.out)).toEqual([]);
    expect(r.out).toMatch(/<testsuites name="mcpscope test" tests="5" failures="3" errors="1" skipped="0" time="[\d.]+">/);
    expect(r.out).toContain(
      '<failure message="The server has no tool named &quot;get-sum&quot;. It has: echo, add, get-structured-content, hang." type="expectation">',
    );
    expect(r.out).toMatch(/<error message="[^"]*bad2\.test\.yaml: line 1: has no &apos;server&apos;/);
    const xmllint = ['/usr/bin/xmllint', '/usr/local/bin/xmllint'].find((p) => existsSync(p));
    if (xmllint) {
      const out = join(dir, 'junit.xml');
      writeFileSync(out, r.out);
      copyFileSync(join(fixtures, 'junit.xsd'), join(dir, 'junit.xsd'));
      expect(execFileSync(xmllint, ['--noout', '--schema', join(dir, 'junit.xsd'), out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('');
    }
  });

  it('--reporter json and tap', async () => {
    const path = file(
      'tap.test.yaml',
      `${stdio(changed)}steps:\n  - call: add\n    arguments: { a: 1, b: 1 }\n    expect: { text: { contains: '2' } }\n  - call: echo\n    arguments: { message: x }\n    expect: { isError: false }\n`,
    );
    const json = await cli('test', '--reporter', 'json', path);
    expect(JSON.parse(json.out)).toMatchObject({
      exitCode: 1,
      files: [
        {
          file: path,
          steps: [
            { name: 'call add', status: 'passed' },
            { name: 'call echo', status: 'failed' },
          ],
        },
      ],
    });
    const tap = await cli('test', '--reporter', 'tap', path);
    expect(tap.out.split('\n').slice(0, 5)).toEqual(['TAP version 13', '1..2', `ok 1 - ${path} › call add`, `not ok 2 - ${path} › call echo`, '  ---']);
  });
});
