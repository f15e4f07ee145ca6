// `npm start -- --demo modern`, after its build: the built proxy prefills the
// built modern demo, and that prefill, opened through the proxy, answers
// server/discover as a 2026-07-28 server; with --http it serves Streamable HTTP
// (run `npx tsc -p tsconfig.node.json` first).
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransportConfig } from '../src/protocol/wire.js';
import { startFixture } from '../test/fixtures/http-fixture-process.js';
import { builtProxyMain, connect, get, requireBuilt, waitFor } from '../test/fixtures/proxy-helpers.js';
import { modernDemoServerPath } from './paths.js';

const TOKEN = 'demo-modern-token-0123456789';
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'mcpscope-test', version: '0' },
};
const stops: Array<() => unknown> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe('--demo modern', () => {
  it('prefills the modern demo, which answers server/discover through the proxy', async () => {
    requireBuilt(builtProxyMain);
    requireBuilt(modernDemoServerPath);
    const child = spawn(process.execPath, [builtProxyMain, '--port', '0', '--no-open', '--demo', 'modern'], {
      env: { ...process.env, MCPSCOPE_TOKEN: TOKEN, CI: '1' },
    });
    stops.push(() => child.kill('SIGTERM'));
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += String(c)));
    await waitFor(() => /ready: http:\/\/127\.0\.0\.1:\d+/.test(out), 10_000, 'the ready line');
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(out)![1]);

    const config = await get(port, '/api/config', { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${TOKEN}` });
    const { prefill, protocolChoice } = JSON.parse(config.body) as { prefill: TransportConfig; protocolChoice?: string };
    expect(prefill).toEqual({ kind: 'stdio', command: process.execPath, args: [modernDemoServerPath], env: {} });
    // The page opens it with Auto, so Connect speaks 2026-07-28 to it.
    expect(protocolChoice).toBe('auto');

    const client = await connect(port, { token: TOKEN });
    stops.push(() => client.ws.close());
    client.send({ type: 'open', transport: prefill });
    await client.next('opened');
    client.send({ type: 'send', raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta } }) });
    const reply = JSON.parse((await client.next('message')).text) as { result: Record<string, unknown> };
    expect(reply.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'mcpscope-modern-demo' } },
    });
  });
});

describe('the built modern demo over HTTP', () => {
  it('serves Streamable HTTP at /mcp with --http, and explains a bad port', async () => {
    requireBuilt(modernDemoServerPath);
    const demo = await startFixture(modernDemoServerPath, ['--http', '0']);
    stops.push(() => demo.stop());
    const reply = await fetch(`${demo.origin}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'server/discover',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta } }),
    });
    expect(((await reply.json()) as { result: Record<string, unknown> }).result).toMatchObject({ supportedVersions: ['2026-07-28'] });

    const bad = spawnSync(process.execPath, [modernDemoServerPath, '--http', 'eighty'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('modern demo: --http takes a port from 0 to 65535, not "eighty".');
  });
});
