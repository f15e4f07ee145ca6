// The demo's list_roots tool against the SDK's client, in memory: with roots,
// without the capability, and with a client whose answer breaks the rules.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createDemoServer } from './server.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(roots: Array<{ uri: string; name?: string }> | undefined, log: string[] = []) {
  const server = createDemoServer((line) => log.push(line));
  const client = new Client({ name: 'test', version: '1' }, { capabilities: roots ? { roots: { listChanged: true } } : {} });
  if (roots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  open.push(client, server);
  return client;
}

const listRoots = (client: Client) => client.callTool({ name: 'list_roots', arguments: {} });
const textOf = (result: Awaited<ReturnType<typeof listRoots>>) => (result.content as Array<{ text: string }>)[0]!.text;

describe('demo list_roots', () => {
  it("returns the client's roots", async () => {
    const client = await connect([{ uri: 'file:///work/a', name: 'A' }, { uri: 'file:///work/b' }]);
    const result = await listRoots(client);
    expect(result.isError).toBeUndefined();
    expect(textOf(result)).toBe('The client has 2 roots:\n1. file:///work/a (A)\n2. file:///work/b');
  });

  it('says so when the client has none', async () => {
    const client = await connect([]);
    expect(textOf(await listRoots(client))).toBe('The client has no roots.');
  });

  it('tells a client without the roots capability what is missing, without asking it', async () => {
    const client = await connect(undefined);
    const result = await listRoots(client);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^This client did not declare the roots capability in initialize/);
  });

  it('reports a roots/list answer that breaks the schema (a root that is not file://)', async () => {
    const client = await connect([{ uri: 'https://example.com' }]);
    const result = await listRoots(client);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^The client declared roots, but roots\/list failed: /);
  });

  it('notes notifications/roots/list_changed', async () => {
    const log: string[] = [];
    const client = await connect([], log);
    await client.sendRootsListChanged();
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toContain('demo: the client says its roots changed (notifications/roots/list_changed)');
  });
});
