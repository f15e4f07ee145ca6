// A server may name a notification, a request, a URI, a tool or a prompt after a
// member of Object.prototype. The page treats those as the plain strings they
// are: nothing throws, and the rest of a batch is still handled.
import { describe, expect, it } from 'vitest';
import { tick } from './connection/test-doubles.js';
import { connectReady, createTestApp, inView } from './test-app.js';

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'] as const;

async function ready() {
  const { app, sockets } = createTestApp();
  const capabilities = { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: {} };
  return { app, socket: await connectReady(app, sockets, capabilities) };
}

describe.each(PROTOTYPE_NAMES)('a server that uses the name %s', (name) => {
  it('sends it as a notification in a batch: the ping answered later in the same batch resolves', async () => {
    const { app, socket } = await ready();
    const ping = inView(app).controller.session!.request('ping');
    const pingId = socket.frames().find((f) => f.method === 'ping')!.id;
    const batch = [
      { jsonrpc: '2.0', method: name },
      { jsonrpc: '2.0', method: `notifications/${name}` },
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: name } },
      { jsonrpc: '2.0', id: pingId, result: {} },
    ];
    socket.deliver({ type: 'message', at: 3, text: JSON.stringify(batch) });
    expect((await ping).status).toBe('result');
  });

  it('names a resource after it: its update is counted once, from nothing', async () => {
    const { app, socket } = await ready();
    socket.deliver({ type: 'message', at: 3, text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: name } }) });
    await tick();
    const updates = inView(app).resourcesStore.getState().updates;
    expect(Object.hasOwn(updates, name)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(updates, name)?.value).toMatchObject({ count: 1, unsolicited: true });
  });
});
