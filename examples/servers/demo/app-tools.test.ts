// The 2025-era demo's app, through the SDK's client in memory: the tool that
// names its ui:// resource, the tool only the app may call, and the resource.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { SUM_APP_URI } from '../apps/sum-app.js';
import { createDemoServer } from './server.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect() {
  const server = createDemoServer(() => {});
  const client = new Client({ name: 'test', version: '1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  open.push(client, server);
  return client;
}

/** Every item of a paginated list, following nextCursor. */
async function allPages<T>(list: (params: { cursor?: string }) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(cursor ? { cursor } : {});
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
const allTools = (client: Client) =>
  allPages(async (p) => {
    const { tools, nextCursor } = await client.listTools(p);
    return { items: tools, nextCursor };
  });
const allResources = (client: Client) =>
  allPages(async (p) => {
    const { resources, nextCursor } = await client.listResources(p);
    return { items: resources, nextCursor };
  });

describe('demo app', () => {
  it('lists show_sum with its ui:// resource and tally for the app alone', async () => {
    const tools = await allTools(await connect());
    expect(tools).toHaveLength(20);
    expect(tools.find((t) => t.name === 'show_sum')?._meta).toEqual({ ui: { resourceUri: SUM_APP_URI } });
    expect(tools.find((t) => t.name === 'tally')?._meta).toEqual({ ui: { visibility: ['app'] } });
  });

  it('lists and reads the app as HTML of the mcp-app profile, with its csp and border', async () => {
    const client = await connect();
    const listed = await allResources(client);
    expect(listed).toHaveLength(6);
    expect(listed.find((r) => r.uri === SUM_APP_URI)).toMatchObject({ mimeType: 'text/html;profile=mcp-app', _meta: { ui: { prefersBorder: true } } });
    const [content] = (await client.readResource({ uri: SUM_APP_URI })).contents;
    expect(content).toMatchObject({
      uri: SUM_APP_URI,
      mimeType: 'text/html;profile=mcp-app',
      _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } },
    });
    const html = (content as { text: string }).text;
    expect(html).toMatch(/^<!doctype html>/);
    for (const method of ['ui/initialize', 'ui/notifications/initialized', 'ui/message', 'ui/request-display-mode', 'tools/call'])
      expect(html).toContain(`'${method}'`);
  });

  it('answers show_sum with text and structured content, and counts tally calls', async () => {
    const client = await connect();
    expect(await client.callTool({ name: 'show_sum', arguments: { a: 2, b: 5 } })).toMatchObject({
      content: [{ type: 'text', text: '2 + 5 = 7' }],
      structuredContent: { a: 2, b: 5, sum: 7 },
    });
    const first = (await client.callTool({ name: 'tally', arguments: {} })).structuredContent as { count: number };
    const second = (await client.callTool({ name: 'tally', arguments: {} })).structuredContent as { count: number };
    expect(second.count).toBe(first.count + 1);
  });
});
