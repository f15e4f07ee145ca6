// `npm start -- --demo modern`, after its build: the built proxy prefills the
// built modern demo, and that prefill, opened through the proxy, answers
// server/discover as a 2026-07-28 server (run `npx tsc -p tsconfig.node.json` first).
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransportConfig } from '../src/protocol/wire.js';
import { builtProxyMain, connect, get, requireBuilt, waitFor } from '../test/fixtures/proxy-helpers.js';
import { modernDemoServerPath } from './paths.js';

const TOKEN = 'demo-modern-token-0123456789';
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
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
    const prefill = (JSON.parse(config.body) as { prefill: TransportConfig }).prefill;
    expect(prefill).toEqual({ kind: 'stdio', command: process.execPath, args: [modernDemoServerPath], env: {} });

    const client = await connect(port, { token: TOKEN });
    stops.push(() => client.ws.close());
    client.send({ type: 'open', transport: prefill });
    await client.next('opened');
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'mcpscope-test', version: '0' },
    };
    client.send({ type: 'send', raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } }) });
    const reply = JSON.parse((await client.next('message')).text) as { result: Record<string, unknown> };
    expect(reply.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'mcpscope-modern-demo' } },
    });
  });
});
