// HTTP+SSE (2024-11-05) through the HTTP wrapper: the SDK's SSEClientTransport
// reaches server-everything's sse mode (a relative endpoint) and a scripted
// server naming an absolute one, through `wrap --to …/sse`; the host's POSTs go
// through the wrapper and are recorded, and the one rewrite is in the capture.
// An endpoint on another origin reaches the host as it came, said once.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../src/protocol/wire.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { planEndpoint, rewrittenHead, scanHead, type FirstEvent } from './http-endpoint.js';
import { startHttpWrap, type HttpWrap } from './http-proxy.js';
import { Recorder } from './recorder.js';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

let everything: FixtureProcess;
beforeAll(async () => {
  everything = await startFixture(everythingFixture, ['sse']);
}, 60_000);
afterAll(() => everything?.stop());

/** The wrapper in front of `to`, recording into records() and its stderr into said. */
async function wrapOf(to: string) {
  const lines: string[] = [];
  const said: string[] = [];
  const recorder = new Recorder({ sink: { write: (l) => lines.push(l) }, startedAt: 0, now: () => 0 });
  const started = await startHttpWrap({ host: '127.0.0.1', port: 0, to: new URL(to), tap: recorder, say: (l) => said.push(l) });
  if (!started.ok) throw new Error(started.error);
  const wrap: HttpWrap = started.value;
  cleanup.push(() => wrap.close());
  const records = () => {
    recorder.flush();
    return lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogRecord);
  };
  return { wrap, said, records };
}

async function session(url: string) {
  const client = new Client({ name: 'wrap-sse-host', version: '1.0.0' });
  await client.connect(new SSEClientTransport(new URL(url)));
  try {
    return { tools: await client.listTools(), echo: await client.callTool({ name: 'echo', arguments: { message: 'through the wrapper' } }) };
  } finally {
    await client.close();
  }
}

/** An HTTP+SSE server whose endpoint event names `endpoint(origin)`; it answers initialize, tools/list and ping. */
async function legacyServer(endpoint: (origin: string) => string) {
  const streams = new Set<ServerResponse>();
  const posts: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`: hello\r\n\r\nevent: endpoint\r\ndata: ${endpoint(origin)}\r\n\r\n`);
      streams.add(res);
      res.on('close', () => streams.delete(res));
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += String(c)));
    req.on('end', () => {
      posts.push(`${req.method} ${req.url}`);
      const rpc = JSON.parse(body) as { id?: number; method: string };
      res.writeHead(202).end();
      if (rpc.id === undefined) return;
      const result =
        rpc.method === 'initialize'
          ? { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 'legacy', version: '1' } }
          : rpc.method === 'tools/list'
            ? { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }
            : {};
      for (const s of streams) s.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result })}\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { origin, posts };
}

describe('HTTP+SSE through mcpscope wrap --to', () => {
  it("server-everything's relative endpoint: the SDK client gets the same answers as direct, its POSTs recorded", async () => {
    const sseUrl = `${everything.origin}/sse`;
    const { wrap, said, records } = await wrapOf(sseUrl);
    const direct = await session(sseUrl);
    const wrapped = await session(wrap.url);
    expect(wrapped).toEqual(direct);
    expect(direct.tools.tools.length).toBeGreaterThan(5);
    expect(said).toEqual([]);
    const out = records().filter((r) => r.direction === 'out');
    expect(out.map((r) => r.method)).toEqual(expect.arrayContaining(['initialize', 'tools/list', 'tools/call']));
    const exchanges = records().filter((r) => r.kind === 'http');
    expect(exchanges.some((r) => /^POST \/message\?sessionId=[\w-]+ → 202/.test(r.raw))).toBe(true);
    // Nothing was rewritten: the server's bytes reached the host as they were.
    expect(records().some((r) => r.raw.startsWith('endpoint rewritten'))).toBe(false);
  }, 60_000);

  it('an absolute endpoint on the target becomes the same path on the wrapper, the rewrite recorded', async () => {
    const legacy = await legacyServer((origin) => `${origin}/messages?sessionId=7`);
    const { wrap, said, records } = await wrapOf(`${legacy.origin}/sse`);
    const client = new Client({ name: 'wrap-sse-host', version: '1.0.0' });
    await client.connect(new SSEClientTransport(new URL(wrap.url)));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    await client.ping();
    await client.close();
    expect(said).toEqual([]);
    expect(legacy.posts.slice(0, 2)).toEqual(['POST /messages?sessionId=7', 'POST /messages?sessionId=7']);
    const all = records();
    expect(all.filter((r) => r.raw.startsWith('endpoint rewritten')).map((r) => r.raw)).toEqual([
      `endpoint rewritten from ${legacy.origin}/messages?sessionId=7 to ${wrap.url}messages?sessionId=7: the host posts to mcpscope wrap, which forwards to the server.`,
    ]);
    expect(all.filter((r) => r.direction === 'out').map((r) => r.method)).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'ping']);
    expect(all.filter((r) => r.direction === 'in' && r.kind === 'response').map((r) => r.method)).toEqual(['initialize', 'tools/list', 'ping']);
  }, 30_000);

  it('an endpoint on another origin reaches the host as it came, said once on stderr and in the capture', async () => {
    const legacy = await legacyServer(() => 'http://127.0.0.2:9/messages?sessionId=1');
    const { wrap, said, records } = await wrapOf(`${legacy.origin}/sse`);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(wrap.url, { headers: { Accept: 'text/event-stream' } });
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('sessionId=1\r\n\r\n')) text += new TextDecoder().decode((await reader.read()).value);
      expect(text).toBe(': hello\r\n\r\nevent: endpoint\r\ndata: http://127.0.0.2:9/messages?sessionId=1\r\n\r\n');
      await reader.cancel();
    }
    const sentence = `The server's endpoint event names http://127.0.0.2:9/messages?sessionId=1, on another origin than ${legacy.origin}: the host sends its messages there directly, past mcpscope wrap, and they are not recorded.`;
    expect(said).toEqual([sentence]);
    expect(
      records()
        .filter((r) => r.kind === 'system')
        .map((r) => r.raw),
    ).toEqual([sentence, sentence]);
  }, 30_000);
});

describe('firstEvent and planEndpoint', () => {
  it('finds the endpoint event past a BOM and comments, whatever the line ends, once it is whole', () => {
    const head = Buffer.from('\ufeff: c\n\nevent: endpoint\r\ndata: /m?s=1\r\n\r\nevent: message\n');
    const scan = scanHead(head);
    if (scan.kind !== 'endpoint') throw new Error(scan.kind);
    expect(scan.data).toBe('/m?s=1');
    expect(head.subarray(scan.value!.start, scan.value!.end).toString()).toBe('/m?s=1');
    expect(head.subarray(scan.end).toString()).toBe('event: message\n');
    // The comment's block may go to the host while the endpoint event is not whole.
    expect(scanHead(Buffer.from(': c\n\nevent: endpoint\ndata: /m'))).toEqual({ kind: 'wait', safe: 5 });
    expect(scanHead(Buffer.from('event: endpoint\rdata:/x\r'))).toEqual({ kind: 'wait', safe: 0 }); // the CR may be half a CRLF
    expect(scanHead(Buffer.from('event: endpoint\rdata:/x\r\rdata: next'))).toMatchObject({ kind: 'endpoint', data: '/x', end: 25 });
  });

  it('passes a stream whose first event is not endpoint as soon as that shows, before its line is whole', () => {
    expect(scanHead(Buffer.from('id: 1\ndata: {"jsonrpc"'))).toEqual({ kind: 'pass' });
    expect(scanHead(Buffer.from('event: message\n'))).toEqual({ kind: 'pass' });
    expect(scanHead(Buffer.from('id: 1\ndat'))).toEqual({ kind: 'wait', safe: 0 });
  });

  it('plans each kind of endpoint as the host and the server resolve it', () => {
    const stream = new URL('http://s:1/api/sse?k=1');
    expect(planEndpoint('messages?sessionId=2', stream, '/', 'http://w:2')).toEqual({ kind: 'relative', hostPath: '/messages', targetPath: '/api/messages' });
    expect(planEndpoint('/message', stream, '/sse', 'http://w:2')).toEqual({ kind: 'relative', hostPath: '/message', targetPath: '/message' });
    expect(planEndpoint(' http://s:1/api/m?x=1 ', stream, '/', 'http://w:2')).toEqual({
      kind: 'rewritten',
      from: 'http://s:1/api/m?x=1',
      to: 'http://w:2/api/m?x=1',
      hostPath: '/api/m',
      targetPath: '/api/m',
    });
    expect(planEndpoint('//s:1/m', stream, '/', 'http://w:2')).toMatchObject({ kind: 'rewritten', to: 'http://w:2/m' });
    expect(planEndpoint('https://s:1/m', stream, '/', 'http://w:2')).toEqual({ kind: 'elsewhere', endpoint: 'https://s:1/m' });
    expect(planEndpoint('http://[bad', stream, '/', 'http://w:2')).toEqual({ kind: 'not a URL', endpoint: 'http://[bad' });
    const head = Buffer.from('event: endpoint\ndata: http://s:1/m\n\n');
    const plan = planEndpoint('http://s:1/m', stream, '/', 'http://w:2');
    expect(rewrittenHead(head, scanHead(head) as FirstEvent, plan).toString()).toBe('event: endpoint\ndata: http://w:2/m\n\n');
  });
});
