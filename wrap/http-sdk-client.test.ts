// A real host, not one we wrote: the official SDK's Client over its
// StreamableHTTPClientTransport, once straight to server-everything's
// streamableHttp mode and once through the HTTP wrapper, gets the same
// answers; the capture opens through the page's Import, with the host's
// frames, the server's (JSON and SSE answers) and each exchange, its
// Authorization masked.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../src/app/features/log/log-file.js';
import { scratch } from '../test/fixtures/wrap-helpers.js';
import { startHttpWrap, type HttpWrap } from './http-proxy.js';
import { openRecording } from './recording.js';

const everything = join(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist', 'index.js');
const SECRET = 'Bearer wrap-secret-token-0123456789';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let server: ChildProcess;
let target: URL;

beforeAll(async () => {
  const port = await freePort();
  server = spawn(process.execPath, [everything, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    server.stderr!.on('data', (c: Buffer) => {
      said += String(c);
      if (said.includes('listening on port')) resolve();
    });
    server.once('exit', () => reject(new Error(`server-everything exited: ${said}`)));
  });
  target = new URL(`http://127.0.0.1:${port}/mcp`);
}, 60_000);

afterAll(() => {
  server?.kill();
});

async function session(url: URL) {
  const client = new Client({ name: 'wrap-http-test-host', version: '4.5.6' });
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: SECRET } } });
  await client.connect(transport);
  try {
    return {
      server: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      tools: await client.listTools(),
      echo: await client.callTool({ name: 'echo', arguments: { message: 'héllo, wrapped over HTTP 🌍' } }),
      sum: await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } }),
      missing: await client.callTool({ name: 'no-such-tool', arguments: {} }).catch((e: unknown) => String(e)),
    };
  } finally {
    await transport.terminateSession();
    await client.close();
  }
}

describe('the SDK client through mcpscope wrap --to', () => {
  it('lists and calls server-everything tools with the same results as direct, and the capture opens with Import', async () => {
    const capture = join(scratch(), 'http.jsonl');
    const said: string[] = [];
    const { file, recorder } = openRecording({ name: 'everything', url: target.href }, capture, (l) => said.push(l));
    const started = await startHttpWrap({ host: '127.0.0.1', port: 0, to: target, tap: recorder, say: (l) => said.push(l) });
    if (!started.ok) throw new Error(started.error);
    const wrap: HttpWrap = started.value;
    let wrapped;
    try {
      const direct = await session(target);
      wrapped = await session(new URL(wrap.url));
      expect(direct.tools.tools.length).toBeGreaterThan(5);
      expect(wrapped).toEqual(direct);
    } finally {
      await wrap.close();
    }
    recorder.flush();
    await file.end();
    expect(said).toEqual([]);

    const text = readFileSync(capture, 'utf8');
    expect(text).not.toContain('wrap-secret-token-0123456789');
    const opened = await readLogFile(new File([text], 'http.jsonl'));
    if (!opened.ok) throw new Error(opened.error);
    const { entries } = opened.log;
    expect(opened.log.header.server).toMatchObject({ name: 'everything', url: target.href });
    const initialize = entries.find((e) => e.direction === 'out' && e.method === 'initialize');
    expect(JSON.parse(initialize!.raw)).toMatchObject({ params: { clientInfo: { name: 'wrap-http-test-host', version: '4.5.6' } } });
    expect(entries.filter((e) => e.direction === 'out' && e.method === 'tools/call')).toHaveLength(3);
    // The server's answers (server-everything answers POSTs as SSE), each paired with the host's request.
    const answers = entries.filter((e) => e.direction === 'in' && (e.kind === 'response' || e.kind === 'error'));
    expect(answers.filter((e) => e.method === 'tools/call')).toHaveLength(3);
    expect(answers.filter((e) => e.pairSeq === undefined || e.rtt === undefined)).toEqual([]);
    expect(JSON.parse(answers.find((e) => e.method === 'tools/list')!.raw)).toMatchObject({ result: { tools: wrapped.tools.tools } });
    // Each exchange: method, URL, status, timing, headers with Authorization masked.
    const exchanges = entries.filter((e) => e.kind === 'http');
    expect(exchanges.length).toBeGreaterThanOrEqual(5);
    const post = exchanges.find((e) => /^POST \/mcp → 200/.test(e.raw) && !e.raw.includes('stream open'))!;
    expect(post.raw).toMatch(/ · \d+(\.\d+)? ms$/);
    expect(post.note).toMatch(/^→ Authorization: Bearer •••• \(\d+ characters hidden\)$/m);
    expect(post.note).toMatch(/^← mcp-session-id: /im);
    expect(exchanges.some((e) => /^DELETE \/mcp → 200/.test(e.raw))).toBe(true);
    // The long-lived GET stream: recorded when it opened, and when it ended (the server ends it on DELETE).
    expect(exchanges.filter((e) => e.raw.startsWith('GET /mcp → 200 text/event-stream')).map((e) => e.raw.replace(/ · [^·]+ ms/, ''))).toEqual([
      'GET /mcp → 200 text/event-stream · stream open',
      'GET /mcp → 200 text/event-stream · 0 B',
    ]);
  }, 60_000);
});
