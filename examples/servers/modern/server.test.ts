// The modern demo on the wire, in memory through the SDK's own stdio entry
// (serveStdio with an in-memory transport): a 2026-07-28 client's discover,
// lists with cache fields, both multi-round tools, an altered requestState,
// and a 2025-era client on the same handlers. Plus its HTTP face.
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CLOCK_CACHE,
  DISCOVER_CACHE,
  FORECAST_HEADER,
  LIST_CACHE,
  MODERN_DEMO_NAME,
  MODERN_DEMO_PROMPTS,
  MODERN_DEMO_RESOURCES,
  MODERN_DEMO_TOOLS,
  README_CACHE,
} from './catalog.js';
import { SUM_APP_URI } from '../apps/sum-app.js';
import { serveModernHttp } from './http.js';
import { createModernDemoServer, demoStateCodec } from './server.js';

const MODERN = '2026-07-28';
const meta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, sampling: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'demo-test', version: '1' },
};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads of wire JSON

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A raw JSON-RPC peer of the demo: `request` resolves with the response to its id; server requests go to `onRequest`. */
async function peer(onRequest?: (msg: Json) => unknown) {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(() => createModernDemoServer(demoStateCodec()), { transport: server });
  closers.push(() => handle.close());
  const waiting = new Map<unknown, (msg: Json) => void>();
  client.onmessage = (msg: JSONRPCMessage) => {
    const m = msg as Json;
    if ('method' in m && 'id' in m) {
      void client.send({ jsonrpc: '2.0', id: m.id, result: onRequest?.(m) ?? {} } as JSONRPCMessage);
      return;
    }
    waiting.get(m.id)?.(m);
  };
  await client.start();
  let next = 1;
  return (method: string, params: Json = {}, withMeta = true): Promise<Json> => {
    const id = next++;
    const answered = new Promise<Json>((resolve) => waiting.set(id, resolve));
    void client.send({ jsonrpc: '2.0', id, method, params: withMeta ? { ...params, _meta: meta } : params } as JSONRPCMessage);
    return answered;
  };
}

const serverInfoMeta = { 'io.modelcontextprotocol/serverInfo': expect.objectContaining({ name: MODERN_DEMO_NAME }) };

describe('modern demo, 2026-07-28', () => {
  it('answers server/discover with its version, instructions, cache fields and serverInfo in _meta', async () => {
    const request = await peer();
    const { result } = await request('server/discover');
    expect(result).toMatchObject({ supportedVersions: [MODERN], resultType: 'complete', ...DISCOVER_CACHE, _meta: serverInfoMeta });
    expect(result.instructions).toMatch(/multi-round/);
    expect(Object.keys(result.capabilities)).toEqual(expect.arrayContaining(['tools', 'resources', 'prompts']));
  });

  it('lists the catalog with the list cache hint; forecast mirrors region into a header', async () => {
    const request = await peer();
    const tools = (await request('tools/list')).result;
    expect(tools).toMatchObject({ resultType: 'complete', ...LIST_CACHE, _meta: serverInfoMeta });
    expect(tools.tools.map((t: Json) => t.name)).toEqual([...MODERN_DEMO_TOOLS]);
    const forecast = tools.tools.find((t: Json) => t.name === 'forecast');
    expect(forecast.inputSchema.properties.region['x-mcp-header']).toBe(FORECAST_HEADER);
    const resources = (await request('resources/list')).result;
    expect(resources).toMatchObject(LIST_CACHE);
    expect(resources.resources.map((r: Json) => r.uri)).toEqual([...MODERN_DEMO_RESOURCES]);
    const prompts = (await request('prompts/list')).result;
    expect(prompts.prompts.map((p: Json) => p.name)).toEqual([...MODERN_DEMO_PROMPTS]);
  });

  it('reads each resource with its own cache hint', async () => {
    const request = await peer();
    const [readme, clock] = MODERN_DEMO_RESOURCES;
    expect((await request('resources/read', { uri: readme })).result).toMatchObject(README_CACHE);
    const read = (await request('resources/read', { uri: clock })).result;
    expect(read).toMatchObject(CLOCK_CACHE);
    expect(Date.parse(read.contents[0].text)).not.toBeNaN();
  });

  it('confirm_deploy asks an elicitation form with a sealed requestState, then completes with the answer', async () => {
    const request = await peer();
    const call = { name: 'confirm_deploy', arguments: { service: 'api' } };
    const first = (await request('tools/call', call)).result;
    expect(first.resultType).toBe('input_required');
    expect(first.inputRequests.confirm).toMatchObject({ method: 'elicitation/create', params: { mode: 'form', message: 'Deploy api to production?' } });
    expect(typeof first.requestState).toBe('string');
    const inputResponses = { confirm: { action: 'accept', content: { confirm: true, note: 'friday' } } };
    const done = (await request('tools/call', { ...call, inputResponses, requestState: first.requestState })).result;
    expect(done).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'Deployed api — note: friday.' }] });
    const declined = (await request('tools/call', { ...call, inputResponses: { confirm: { action: 'decline' } }, requestState: first.requestState })).result;
    expect(declined.content[0].text).toBe('Deploy of api cancelled (decline).');
  });

  it('refuses an altered requestState with -32602', async () => {
    const request = await peer();
    const call = { name: 'confirm_deploy', arguments: { service: 'api' } };
    const { requestState } = (await request('tools/call', call)).result;
    const altered = `${requestState.slice(0, -2)}${requestState.endsWith('AA') ? 'BB' : 'AA'}`;
    const reply = await request('tools/call', {
      ...call,
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      requestState: altered,
    });
    expect(reply.error).toMatchObject({ code: -32602 });
  });

  it('summarize asks for sampling, then returns the sampled text', async () => {
    const request = await peer();
    const call = { name: 'summarize', arguments: { text: 'A long story.' } };
    const first = (await request('tools/call', call)).result;
    expect(first.inputRequests.summary).toMatchObject({ method: 'sampling/createMessage', params: { maxTokens: 200 } });
    const sampled = { role: 'assistant', content: { type: 'text', text: 'It is short now.' }, model: 'test-model' };
    const done = (await request('tools/call', { ...call, inputResponses: { summary: sampled } })).result;
    expect(done.content[0].text).toBe('Summary (test-model): It is short now.');
  });
});

describe('modern demo app, built with the ext-apps server helpers', () => {
  it('lists show_sum with its ui:// resource, tally for the app alone, and reads the app', async () => {
    const request = await peer();
    const tools = (await request('tools/list')).result.tools as Json[];
    expect(tools.find((t) => t.name === 'show_sum')?._meta.ui).toEqual({ resourceUri: SUM_APP_URI });
    expect(tools.find((t) => t.name === 'tally')?._meta.ui).toEqual({ visibility: ['app'] });
    const read = (await request('resources/read', { uri: SUM_APP_URI })).result;
    expect(read.contents).toEqual([
      expect.objectContaining({ uri: SUM_APP_URI, mimeType: 'text/html;profile=mcp-app', _meta: { ui: expect.objectContaining({ prefersBorder: true }) } }),
    ]);
    expect(read.contents[0].text).toContain("'ui/initialize'");
    const sum = (await request('tools/call', { name: 'show_sum', arguments: { a: 1, b: 2 } })).result;
    expect(sum).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: '1 + 2 = 3' }], structuredContent: { sum: 3 } });
  });
});

describe('modern demo, 2025-era client', () => {
  it('answers initialize, and runs confirm_deploy through a real elicitation/create request', async () => {
    const asked: Json[] = [];
    const request = await peer((msg) => {
      asked.push(msg);
      return { action: 'accept', content: { confirm: true } };
    });
    const init = (
      await request(
        'initialize',
        { protocolVersion: '2025-11-25', capabilities: { elicitation: { form: {} } }, clientInfo: { name: 't', version: '1' } },
        false,
      )
    ).result;
    expect(init).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: MODERN_DEMO_NAME } });
    const done = (await request('tools/call', { name: 'confirm_deploy', arguments: { service: 'web' } }, false)).result;
    expect(asked.map((m) => m.method)).toEqual(['elicitation/create']);
    expect(done.content[0].text).toBe('Deployed web.');
  });
});

describe('modern demo over HTTP', () => {
  it('serves discover and checks the Mcp-Param-Region header of forecast', async () => {
    const { url, server } = await serveModernHttp(() => createModernDemoServer(demoStateCodec()), 0);
    closers.push(() => new Promise((done) => server.close(() => done())));
    const post = (method: string, params: Json, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': MODERN,
          'mcp-method': method,
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
      });
    const discover = await post('server/discover', {});
    expect(discover.status).toBe(200);
    expect(((await discover.json()) as Json).result.supportedVersions).toEqual([MODERN]);
    const call = { name: 'forecast', arguments: { region: 'Oslo', days: 1 } };
    const mirrored = await post('tools/call', call, { 'mcp-name': 'forecast', 'mcp-param-region': 'Oslo' });
    expect(((await mirrored.json()) as Json).result.content[0].text).toBe('Forecast for Oslo:\nday 1: sunny');
    const missing = await post('tools/call', call, { 'mcp-name': 'forecast' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Json).error.code).toBe(-32020);
    expect((await fetch(new URL('/elsewhere', url))).status).toBe(404);
  });
});
