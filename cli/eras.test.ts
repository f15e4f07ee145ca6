// The CLI in both protocol generations, against the hand-written 2026-07-28
// server (test/fixtures/modern-server.mjs) and a legacy one.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import { cli, demoTarget, node, requireBuiltDemo } from '../test/fixtures/cli-helpers.js';

const modernServer = fileURLToPath(new URL('../test/fixtures/modern-server.mjs', import.meta.url));
const modern = (mode: string) => ['--stdio', `${node} ${JSON.stringify(modernServer)} ${mode}`];

describe('--protocol-version and --protocol-era', () => {
  it('take auto and 2026-07-28; an era stands for a version', () => {
    expect(parseCliArgs(['--stdio', 'x', '--protocol-version', 'auto', 'ping'])).toMatchObject({ ok: true, value: { protocolVersion: 'auto' } });
    expect(parseCliArgs(['--stdio', 'x', '--protocol-version', '2026-07-28', 'ping'])).toMatchObject({ ok: true, value: { protocolVersion: '2026-07-28' } });
    expect(parseCliArgs(['--stdio', 'x', '--protocol-era', 'modern', 'ping'])).toMatchObject({ ok: true, value: { protocolVersion: '2026-07-28' } });
    expect(parseCliArgs(['--stdio', 'x', '--protocol-era', 'legacy', 'ping'])).toMatchObject({ ok: true, value: { protocolVersion: '2025-11-25' } });
    expect(parseCliArgs(['--stdio', 'x', '--protocol-era', 'auto', 'ping'])).toMatchObject({ ok: true, value: { protocolVersion: 'auto' } });
    expect(parseCliArgs(['--stdio', 'x', 'ping'])).toMatchObject({ ok: true, value: { protocolVersion: '2025-11-25' } });
  });

  it('refuse a bad era, a bad version, and both at once', () => {
    expect(parseCliArgs(['--stdio', 'x', '--protocol-era', 'new', 'ping'])).toEqual({
      ok: false,
      error: '--protocol-era needs auto, legacy or modern, not "new".',
    });
    expect(parseCliArgs(['--stdio', 'x', '--protocol-version', '2027-01-01', 'ping'])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/2026-07-28 or auto\.$/),
    });
    expect(parseCliArgs(['--stdio', 'x', '--protocol-version', 'auto', '--protocol-era', 'modern', 'ping'])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not both/),
    });
  });
});

describe('the CLI on a 2026-07-28 server', () => {
  it('Auto finds it modern: no initialize, the modern _meta on every request, --log-level in it', async () => {
    const r = await cli(...modern('modern'), '--protocol-era', 'auto', '--log-level', 'debug', 'tools', 'call', 'whoami');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {
        elicitation: { form: {}, url: {} },
        extensions: { 'io.modelcontextprotocol/tasks': {}, 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      },
      'io.modelcontextprotocol/clientInfo': { name: 'mcpscope-cli', version: '0.1.0' },
      'io.modelcontextprotocol/logLevel': 'debug',
    });
    expect(r.err).toMatch(/--log-level debug goes in every request's _meta \(2026-07-28 has no logging\/setLevel\)/);
  });

  it('tools call works as on a legacy server', async () => {
    const r = await cli(...modern('modern'), '--protocol-version', '2026-07-28', 'tools', 'call', 'add', '--arg', 'a=2', '--arg', 'b=3');
    expect(r).toMatchObject({ code: 0, out: '5' });
  });

  it('ping: says ping is not part of 2026-07-28 and times server/discover', async () => {
    const r = await cli(...modern('modern'), '--protocol-era', 'modern', 'ping', '--count', '2', '--interval', '10');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/ping is not part of 2026-07-28; timing server\/discover instead/);
    expect(r.out).toMatch(/^server\/discover 1: .* — Compliant\nserver\/discover 2: .* — Compliant\n2 server\/discover round trips, 0 missed/);
  });

  it('a garbage server/discover result: exit 1, saying what was wrong', async () => {
    const r = await cli(...modern('garbage'), '--protocol-era', 'auto', 'tools', 'list');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /server\/discover failed: Auto: the server answered server\/discover as a modern server, but: The server\/discover result is a string, not an object/,
    );
  });

  it('a server that claims 2026-07-28 but answers "not initialized": named', async () => {
    const r = await cli(...modern('liar'), '--protocol-era', 'auto', 'tools', 'list');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/Server not initialized\. This request declared protocol 2026-07-28 .* answers as a legacy server does before initialize/);
  });

  it('-32022 with nothing in common: the versions it supports', async () => {
    const r = await cli(...modern('future'), '--protocol-version', '2026-07-28', 'tools', 'list');
    expect(r.code).toBe(1);
    expect(r.err).toBe('mcpscope: The server does not support 2026-07-28; it supports: 2027-01-01 (none of them is a version mcpscope speaks).');
  });

  it('a dual-era server speaks legacy when asked to', async () => {
    const r = await cli(...modern('dual'), '--protocol-era', 'legacy', '--verbose', 'tools', 'call', 'add', '--arg', 'a=1', '--arg', 'b=1');
    expect(r.code).toBe(0);
    expect(r.out).toBe('2');
    expect(r.err).toMatch(/"method":"initialize"/);
    // No 2026-07-28 _meta keys (the MCP Apps extension's id, in initialize's capabilities, is no such key).
    expect(r.err).not.toMatch(/server\/discover|io\.modelcontextprotocol\/(protocolVersion|clientCapabilities|clientInfo)/);
  });
});

describe('Auto on a legacy server', () => {
  requireBuiltDemo();
  it('the probe gets an error, and Auto falls back to initialize', async () => {
    const r = await cli(...demoTarget, '--protocol-version', 'auto', '--verbose', 'ping');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ping 1: .* — Compliant$/);
    expect(r.err).toMatch(/→ \{"jsonrpc":"2.0","id":1,"method":"server\/discover"[\s\S]*→ \{"jsonrpc":"2.0","id":2,"method":"initialize"/);
  });
});

describe('mcpscope check: the generations a server speaks', () => {
  it('a dual-era server: both, each checked; the legacy report first, the modern one in also', async () => {
    const r = await cli(...modern('dual'), '--json', 'check');
    const report = JSON.parse(r.out);
    expect(report.generations).toEqual({
      legacy: { speaks: true, detail: 'initialize: 2025-11-25' },
      modern: { speaks: true, detail: 'server/discover: 2026-07-28' },
      speaks: 'both',
    });
    expect(report.era).toBe('legacy');
    expect(report.steps[0]).toMatchObject({ name: 'initialize', status: 'pass' });
    expect(report.also.era).toBe('modern');
    expect(report.also.steps.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['server/discover', 'server/discover round trip', 'unknown method', 'tools/list']),
    );
    expect(report.also.steps.map((s: { name: string }) => s.name)).not.toContain('ping with params');
  });

  it('a modern-only server: modern, with why legacy failed', async () => {
    const r = await cli(...modern('modern'), 'check');
    expect(r.out).toMatch(
      /^Protocol generations: modern only \(2026-07-28\)\n–\s+legacy\s+The server answered initialize with -32601 .*\n✓\s+modern\s+server\/discover: 2026-07-28/,
    );
    expect(r.out).toMatch(/✓\s+server\/discover round trip\s+Compliant/);
  });

  it("a server that is neither: the initialize failure, as before, and the probe's", async () => {
    const r = await cli(...modern('future'), 'check');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^mcpscope: The server answered initialize with -32601 [\s\S]*\nPass --no-initialize to use it anyway\.\nNor does it speak 2026-07-28: The server does not support 2026-07-28; it supports: 2027-01-01/,
    );
  });
});

describe('mcpscope check on a legacy server', () => {
  requireBuiltDemo();
  it('legacy only, as text: – for modern, no ✗ and no advice', async () => {
    const r = await cli(...demoTarget, 'check');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^–\s+modern\s+server\/discover got error -32601 \(Method not found\): this server does not seem to speak 2026-07-28\.$/m);
    expect(r.out).not.toMatch(/✗|Choose Auto|--protocol-version/);
  });

  it('legacy only: the report keeps its shape, with the generations', async () => {
    const r = await cli(...demoTarget, '--json', 'check');
    const report = JSON.parse(r.out);
    expect(r.code).toBe(0);
    expect(report.generations.speaks).toBe('legacy');
    // A generation it does not speak is information: the sentence once, no advice, not a failure.
    expect(report.generations.modern).toEqual({
      speaks: false,
      detail: 'server/discover got error -32601 (Method not found): this server does not seem to speak 2026-07-28.',
    });
    expect(report.also).toBeUndefined();
    expect(report.steps[0]).toMatchObject({ name: 'initialize', status: 'pass' });
  });
});
