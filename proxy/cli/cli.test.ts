// The headless CLI end to end: real servers over stdio, in-process.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.js';

const demo = fileURLToPath(new URL('../../dist/node/examples/servers/demo-server.js', import.meta.url));
const bad = fileURLToPath(new URL('../../test/fixtures/bad-server.mjs', import.meta.url));
const node = JSON.stringify(process.execPath);

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const demoTarget = ['--stdio', `${node} ${JSON.stringify(demo)}`];
const badTarget = (mode: string, ...extra: string[]) => ['--stdio', `${node} ${JSON.stringify(bad)} --mode ${mode} ${extra.join(' ')}`];

beforeAll(() => {
  if (!existsSync(demo)) throw new Error('Build first: npm run build (dist/node is missing).');
});

describe('mcpscope CLI commands', () => {
  it('ping prints the round trip and Compliant', async () => {
    const r = await cli(...demoTarget, 'ping', '--count', '2', '--interval', '1');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/ping 1: \d+\.\d+ ms — Compliant/);
    expect(r.out).toMatch(/2 pings, 0 missed: p50/);
  });

  it('tools list follows pages; tools call sends numbers as numbers', async () => {
    const list = await cli(...demoTarget, 'tools', 'list');
    expect(list.out).toContain('fail (Fail)');
    const add = await cli(...demoTarget, 'tools', 'call', 'add', '--arg', 'a=3', '--arg', 'b=5');
    expect(add).toMatchObject({ code: 0, out: '8' });
    const echo = await cli(...demoTarget, 'tools', 'call', 'echo', '--arg', 'message=42');
    expect(echo.out).toBe('42');
    const json = await cli(...demoTarget, '--json', 'tools', 'call', 'create_order', '--args', '{"customer":{"name":"Ann"},"items":[{"sku":"ABC-123","quantity":2}],"priority":"high"}');
    expect(JSON.parse(json.out).structuredContent).toMatchObject({ units: 2, priority: 'high' });
  });

  it('a tool error exits 1 and says so', async () => {
    const r = await cli(...demoTarget, 'tools', 'call', 'fail');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^Tool error/);
  });

  it('resources and prompts', async () => {
    expect((await cli(...demoTarget, 'resources', 'list')).out).toContain('demo://readme');
    expect((await cli(...demoTarget, 'resources', 'read', 'demo://greeting/Ana?lang=pt')).out).toBe('Olá, Ana!');
    const missing = await cli(...demoTarget, 'resources', 'read', 'demo://nope');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/-32002/);
    expect((await cli(...demoTarget, 'prompts', 'list')).out).toContain('code_review (language, focus?)');
    expect((await cli(...demoTarget, 'prompts', 'get', 'code_review', '--arg', 'language=Go')).out).toMatch(/^user: Please review this Go code/);
  });

  it('usage errors exit 2 with a message; a missing command exits 1 with the reason', async () => {
    expect(await cli('ping')).toMatchObject({ code: 2, err: expect.stringMatching(/--stdio/) });
    expect(await cli(...demoTarget, 'dance')).toMatchObject({ code: 2, err: expect.stringMatching(/Unknown command/) });
    expect(await cli('--stdio', 'mcpscope-no-such-program', 'ping')).toMatchObject({ code: 1, err: expect.stringMatching(/Command not found/) });
  });

  it('a server crashing on a tool call: exit 1 with its exit code and stderr', async () => {
    const r = await cli(...badTarget('crash-on-call'), 'tools', 'call', 'explode');
    expect(r.code).toBe(1);
    expect(r.out + r.err).toMatch(/code 70/);
    expect(r.out + r.err).toContain('bad-server: fatal: explode was called');
  });
});

describe('mcpscope check', () => {
  it('passes the demo server with no findings', async () => {
    const r = await cli(...demoTarget, '--json', 'check');
    const report = JSON.parse(r.out);
    expect(r.code).toBe(0);
    expect(report.findings).toEqual([]);
    expect(report.steps.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['initialize', 'ping', 'unknown method', 'ping with params', 'notification gets no answer', 'tools/list', 'tools/call get_weather (outputSchema)']),
    );
  });

  const cases: Array<[string, string]> = [
    ['pong', 'PING-RESULT'],
    ['noise', 'STDIO-NONMSG'],
    ['string-ids', 'JR-RESP-ORPHAN'],
  ];
  for (const [mode, rule] of cases) {
    it(`finds ${rule} in a server that misbehaves (${mode}) and exits 1`, async () => {
      const r = await cli(...badTarget(mode), '--json', 'check');
      expect(r.code).toBe(1);
      const report = JSON.parse(r.out);
      expect(report.findings.map((f: { rule: string }) => f.rule)).toContain(rule);
      expect(report.ok).toBe(false);
    });
  }

  it('a server that never answers ping fails the ping step (and the server saw the cancellation)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-cli-'));
    const record = join(dir, 'received.jsonl');
    const r = await cli(...badTarget('silent-ping', '--record', JSON.stringify(record)), 'check');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/✗\s+ping\s+No response to ping/);
    const received = readFileSync(record, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { method?: string });
    expect(received.some((m) => m.method === 'notifications/cancelled')).toBe(true);
  }, 30_000);

  it('a server that sends its own ping gets {} and the check stays clean', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-cli-'));
    const record = join(dir, 'received.jsonl');
    const r = await cli(...badTarget('server-ping', '--record', JSON.stringify(record)), 'check');
    expect(r.code).toBe(0);
    const received = readFileSync(record, 'utf8');
    expect(received).toContain('{"jsonrpc":"2.0","id":"server-ping-1","result":{}}');
  });

  it('a server whose method and tool names are Object.prototype members (constructor, __proto__, …) is checked to the end', async () => {
    const r = await cli(...badTarget('proto-names'), '--json', 'check');
    const report = JSON.parse(r.out);
    const rules = report.findings.map((f: { rule: string }) => f.rule);
    // Its request "constructor" and notifications are unknown methods; its later bad ping result is still found.
    expect(rules).toEqual(expect.arrayContaining(['METHOD-UNKNOWN', 'PING-RESULT']));
    expect(rules).not.toContain('LINT-INTERNAL');
    expect(report.findings.filter((f: { rule: string }) => f.rule === 'METHOD-UNKNOWN').map((f: { message: string }) => f.message)).toEqual([
      'constructor is not an MCP request a server sends.',
      'constructor is not an MCP notification a server sends.',
      '__proto__ is not an MCP notification a server sends.',
      'toString is not an MCP notification a server sends.',
      'hasOwnProperty is not an MCP notification a server sends.',
    ]);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(report.steps).toContainEqual({ name: `tools/call ${name} (outputSchema)`, status: 'pass', detail: 'structuredContent matches the outputSchema' });
    }
    expect(r.code).toBe(1);
  });

  it('offers only the capabilities of the offered version: no elicitation in 2024-11-05', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-cli-'));
    const capabilitiesFor = async (version: string) => {
      const record = join(dir, `received-${version}.jsonl`);
      await cli(...badTarget('clean', '--record', JSON.stringify(record)), '--protocol-version', version, 'ping', '--count', '1');
      const init = readFileSync(record, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { method?: string; params?: { capabilities?: unknown } })[0]!;
      expect(init.method).toBe('initialize');
      return init.params?.capabilities;
    };
    expect(await capabilitiesFor('2024-11-05')).toEqual({});
    expect(await capabilitiesFor('2025-03-26')).toEqual({});
    expect(await capabilitiesFor('2025-06-18')).toEqual({ elicitation: {} });
  });
});
