// 2026-07-28 over Streamable HTTP: no initialize, so the MCP-Protocol-Version
// header comes from each request's own _meta.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, httpHarness } from '../../../test/fixtures/http-harness.js';

const seen: IncomingHttpHeaders[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push(req.headers);
    const msg = JSON.parse(body) as { id?: number };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { resultType: 'complete', tools: [] } }));
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Streamable HTTP, 2026-07-28', () => {
  it("sends MCP-Protocol-Version from the request's _meta, and no session id", async () => {
    const h = httpHarness(http(url, 'streamable-http'));
    await h.upstream.start();
    h.session.useModern('2026-07-28');
    const list = await h.session.request('tools/list');
    expect(list.status).toBe('result');
    expect(seen.at(-1)!['mcp-protocol-version']).toBe('2026-07-28');
    expect(seen.at(-1)!['mcp-session-id']).toBeUndefined();
    // A frame typed by hand without the modern _meta gets no version header.
    h.session.sendText('{"jsonrpc":"2.0","id":90,"method":"tools/list"}');
    await h.next('message', (e) => e.text.includes('"id":90'));
    expect(seen.at(-1)!['mcp-protocol-version']).toBeUndefined();
    await h.upstream.shutdown();
  });
});
