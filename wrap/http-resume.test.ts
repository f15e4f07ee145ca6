// Streamable HTTP resumption through the HTTP wrapper, against the scripted
// server (test/fixtures/http-mcp-server.ts) whose answer stream drops mid-event
// and is replayed on GET + Last-Event-ID: the host's Last-Event-ID and the
// server's event ids reach the other side unchanged, by hand and by the SDK's
// client, which resumes on its own.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../test/fixtures/http-mcp-server.js';
import { startHttpWrap, type HttpTap, type HttpWrap } from './http-proxy.js';

const quiet: HttpTap = { body: () => {}, exchange: () => {}, system: () => {} };
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function behindWrap(options: Parameters<typeof startScriptedServer>[0]): Promise<{ server: ScriptedServer; wrap: HttpWrap }> {
  const server = await startScriptedServer(options);
  cleanup.push(() => server.close());
  const started = await startHttpWrap({ host: '127.0.0.1', port: 0, to: new URL(server.url), tap: quiet, say: () => {} });
  if (!started.ok) throw new Error(started.error);
  cleanup.push(() => started.value.close());
  return { server, wrap: started.value };
}

/** Everything the body gives until it ends or is cut. */
async function bytesOf(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  let text = '';
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
  } catch {
    // cut by the server: what came is what we keep
  }
  return text;
}

describe('resumption through mcpscope wrap --to', () => {
  it("passes the server's event ids to the host and the host's Last-Event-ID to the server, unchanged", async () => {
    const { server, wrap } = await behindWrap({ sessionId: null, dropStreamFor: 'tools/call', retryMs: 50 });
    const call = '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}';
    const cut = await bytesOf(
      await fetch(wrap.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: call }),
    );
    const note = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"working…"}}';
    const reply = '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"5"}]}}';
    expect(cut).toBe(`retry: 50\nid: e1\ndata: \n\nid: e2\ndata: ${note}\n\nid: e3\ndata: ${reply.slice(0, 10)}`);

    const resumed = await fetch(wrap.url, { headers: { accept: 'text/event-stream', 'Last-Event-ID': 'e2' } });
    expect(await bytesOf(resumed)).toBe(`id: e3\ndata: ${reply}\n\n`);
    expect(server.requests.filter((r) => r.method === 'GET').map((r) => r.headers['last-event-id'])).toEqual(['e2']);
  });

  it("lets the SDK's client resume a dropped answer stream and get its result", async () => {
    const { server, wrap } = await behindWrap({ dropStreamFor: 'tools/call', retryMs: 10 });
    const client = new Client({ name: 'wrap-resume-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(wrap.url)));
    try {
      expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toEqual({ content: [{ type: 'text', text: '5' }] });
    } finally {
      await client.close();
    }
    expect(server.requests.filter((r) => r.headers['last-event-id'] !== undefined).map((r) => [r.method, r.headers['last-event-id']])).toEqual([['GET', 'e2']]);
  });
});
