// `mcpscope lint CAPTURE`: a real capture, made by `mcpscope wrap` between the
// official SDK's client and the demo server, linted headless; and files that
// cannot be read.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, demo, requireBuiltDemo } from '../test/fixtures/cli-helpers.js';
import { requireBuilt } from '../test/fixtures/proxy-helpers.js';
import { bin, builtWrap, scratch } from '../test/fixtures/wrap-helpers.js';

requireBuiltDemo();
beforeAll(() => requireBuilt(builtWrap));

const HEADER = '{"mcpscope":"log","version":1,"exportedAt":"2026-01-01T00:00:00.000Z","server":{"name":"hand-made"}}';
const line = (r: object) => JSON.stringify({ time: '2026-01-01T00:00:00.000Z', t: 0, connection: 1, ...r });

function file(dir: string, name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('mcpscope lint', () => {
  it('lints a capture mcpscope wrap made of a real host and prints the latency by method', async () => {
    const dir = scratch();
    const capture = join(dir, 'session.jsonl');
    const client = new Client({ name: 'lint-test-host', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'wrap', '--capture', capture, '--', process.execPath, demo],
        env: { XDG_CONFIG_HOME: dir },
        stderr: 'pipe',
      }),
    );
    for (let i = 0; i < 3; i++) await client.ping();
    await client.callTool({ name: 'echo', arguments: { message: 'hi' } });
    await client.close();
    expect(readdirSync(dir)).toContain('session.jsonl');

    const text = await cli('lint', capture);
    expect(text.err).toBe('');
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^mcpscope lint: .*session\.jsonl \(.+\), \d+ records/);
    expect(text.out).toMatch(/^client\s+ping\s+3\s+0\s+0\s+\d/m);
    expect(text.out).toMatch(/^client\s+tools\/call\s+1\s+0\s+0\s+\d/m);
    expect(text.out).toMatch(/^OK: no errors, \d+ warnings?\.$/m);

    const json = await cli('--json', 'lint', capture);
    const report = JSON.parse(json.out) as { ok: boolean; latency: Array<{ method: string; side: string; count: number; p50?: number }>; findings: unknown[] };
    expect(report.ok).toBe(true);
    const ping = report.latency.find((r) => r.method === 'ping' && r.side === 'client');
    expect(ping).toMatchObject({ count: 3, errors: 0, unanswered: 0 });
    expect(ping!.p50).toBeGreaterThan(0);
  });

  it("names each side's findings with their frames, and exits 1 on an error", async () => {
    const dir = scratch();
    const path = file(dir, 'bad.jsonl', [
      HEADER,
      line({ seq: 1, direction: 'out', kind: 'invalid', raw: '{"jsonrpc":"2.0","id":null,"method":"ping"}' }),
      line({ seq: 2, direction: 'out', kind: 'request', method: 'ping', id: 7, raw: '{"jsonrpc":"2.0","id":7,"method":"ping"}' }),
      line({ seq: 5, direction: 'out', kind: 'request', method: 'ping', id: 8, raw: '{"jsonrpc":"2.0","id":8,"method":"ping"}' }),
      line({ seq: 3, direction: 'in', kind: 'response', raw: '{"jsonrpc":"2.0","id":7,"result":{"pong":1}}', pair: 2, rtt: 4 }),
      line({ seq: 4, direction: 'noise', kind: 'noise', raw: 'listening' }),
    ]);
    const r = await cli('lint', path);
    expect(r.code).toBe(1);
    expect(r.out).toContain('(hand-made), 5 records');
    expect(r.out).toMatch(/Lint findings about the client[^\n]*\n\s*error\s+JR-ID-TYPE\s+#1\s/);
    expect(r.out).toMatch(/Lint findings about the server:\n(?:.*\n)*\s*error\s+PING-RESULT\s+#3\s/);
    expect(r.out).toMatch(/STDIO-NONMSG\s+#4/);
    expect(r.out).toMatch(/^client\s+ping\s+2\s+0\s+1\s+4\.00 ms\s+4\.00 ms\s+4\.00 ms$/m);
    expect(r.out).toMatch(/^FAILED: 3 errors, 0 warnings\.$/m);
  });

  it("lints the MCP Apps metadata of the server's tools, as the page does", async () => {
    const dir = scratch();
    const tools = [{ name: 'show', inputSchema: { type: 'object' }, _meta: { 'ui/resourceUri': 'ui://demo/app' } }];
    const path = file(dir, 'apps.jsonl', [
      HEADER,
      line({ seq: 1, direction: 'out', kind: 'request', method: 'tools/list', id: 1, raw: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' }),
      line({ seq: 2, direction: 'in', kind: 'response', raw: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools } }), pair: 1, rtt: 2 }),
    ]);
    const r = await cli('lint', path);
    expect(r.out).toMatch(/warning\s+APP-TOOL-UI-DEPRECATED\s+#2\s+Tool show: _meta\["ui\/resourceUri"\] is deprecated/);
  });

  it('lints the app channel with a bridge linter per app, never as MCP frames', async () => {
    const dir = scratch();
    const tools = [{ name: 'secret', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } }];
    const app = (seq: number, direction: 'in' | 'out', message: object) =>
      line({ seq, direction, kind: 'request', channel: { app: 1, tool: 'show' }, raw: JSON.stringify({ jsonrpc: '2.0', ...message }) });
    const path = file(dir, 'bridge.jsonl', [
      HEADER,
      line({ seq: 1, direction: 'out', kind: 'request', method: 'tools/list', id: 1, raw: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' }),
      line({ seq: 2, direction: 'in', kind: 'response', raw: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools } }), pair: 1, rtt: 2 }),
      app(3, 'in', { id: 1, method: 'tools/call', params: { name: 'secret', arguments: {} } }),
    ]);
    const r = await cli('lint', path);
    expect(r.out).toMatch(/APP-\S+\s+#3\s+.*before ui\/initialize/);
    expect(r.out).toMatch(/APP-\S+\s+#3\s+.*secret/);
    expect(r.out).not.toMatch(/#3\s+.*(?:unknown method|not a method)/i);
  });

  it('exits 2 when the file cannot be read, with the line and the reason as Import says them', async () => {
    const dir = scratch();
    const missing = await cli('lint', join(dir, 'nope.jsonl'));
    expect(missing).toMatchObject({ code: 2, out: '' });
    expect(missing.err).toMatch(/nope\.jsonl: there is no such file\./);

    const notALog = await cli('lint', file(dir, 'other.jsonl', ['{"hello":1}']));
    expect(notALog.code).toBe(2);
    expect(notALog.err).toContain('This is not an mcpscope log: its first line should be {"mcpscope":"log","version":1,…}.');

    const folder = await cli('lint', dir);
    expect(folder.code).toBe(2);
    expect(folder.err).toContain('is not a file');

    const broken = await cli(
      'lint',
      file(dir, 'broken.jsonl', [
        HEADER,
        line({ seq: 1, direction: 'out', kind: 'request', method: 'ping', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }),
        '{not json',
        line({ seq: 1, direction: 'in', kind: 'noise', raw: 'x' }),
      ]),
    );
    expect(broken.code).toBe(2);
    expect(broken.err).toContain('2 lines could not be read and were skipped; the other records were linted:');
    expect(broken.err).toContain('line 3: not JSON');
    expect(broken.err).toContain('line 4: seq 1 was already used on line 2; this line was skipped');
    expect(broken.out).toMatch(/^client\s+ping\s+1\s+0\s+1\s/m);
  });

  it('takes one capture and no server', async () => {
    expect((await cli('lint')).err).toContain('lint needs the capture to read');
    const withServer = await cli('--stdio', 'node x.js', 'lint', 'a.jsonl');
    expect(withServer.code).toBe(2);
    expect(withServer.err).toContain('it takes --json only, not --stdio');
    expect((await cli('lint', 'a.jsonl', 'b.jsonl')).err).toContain('lint reads one capture');
    expect((await cli('--help')).out).toMatch(/^\s*lint CAPTURE\s+lint a capture/m);
  });
});
