import { describe, expect, it } from 'vitest';
import { ClientSession } from '../../../protocol/index.js';
import { createListenStore, listenFilter } from './listen-store.js';

function setup() {
  const sent: string[] = [];
  const session = new ClientSession({ send: (raw) => sent.push(raw) });
  session.markReadyWithoutInitialize();
  const listened: string[][] = [];
  const store = createListenStore({ session: () => session, listened: (uris) => listened.push([...uris]), now: () => 1000 });
  const tagged = (method: string, id: unknown, params: Record<string, unknown> = {}) =>
    session.receive(JSON.stringify({ jsonrpc: '2.0', method, params: { ...params, _meta: { 'io.modelcontextprotocol/subscriptionId': id } } }));
  return { sent, session, store, listened, tagged };
}

describe('listenFilter', () => {
  it('sends only the opt-ins chosen, URIs one per line', () => {
    expect(listenFilter({ toolsListChanged: true, promptsListChanged: false, resourcesListChanged: false, uris: ' file:///a \n\nfile:///b' })).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ['file:///a', 'file:///b'],
    });
  });
});

describe('listen store', () => {
  it('opens one stream, shows what arrives with its subscription id, and stops it', async () => {
    const { sent, store, listened, tagged } = setup();
    store.getState().setChoice({ promptsListChanged: false, uris: 'file:///a' });
    store.getState().start();
    store.getState().start(); // a second press opens nothing more
    expect(sent).toHaveLength(1);
    const id = (JSON.parse(sent[0]!) as { id: number }).id;
    expect(store.getState()).toMatchObject({ status: 'open', subscriptionId: id, acknowledged: false });
    tagged('notifications/subscriptions/acknowledged', id, { notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///a'] } });
    expect(store.getState()).toMatchObject({ acknowledged: true, declined: ['resourcesListChanged'] });
    expect(listened).toEqual([['file:///a']]);
    tagged('notifications/resources/updated', id, { uri: 'file:///a' });
    expect(store.getState().entries).toEqual([{ at: 1000, method: 'notifications/resources/updated', subscriptionId: id, detail: '{"uri":"file:///a"}' }]);
    await store.getState().stop();
    expect(JSON.parse(sent[1]!)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: id } });
    expect(store.getState()).toMatchObject({ status: 'idle', ended: 'Stopped listening.' });
    expect(listened.at(-1)).toEqual([]);
  });

  it('says why the stream ended when the server refuses it', async () => {
    const { sent, session, store } = setup();
    store.getState().start();
    const id = (JSON.parse(sent[0]!) as { id: number }).id;
    session.receive(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }));
    await expect.poll(() => store.getState().status).toBe('idle');
    expect(store.getState().ended).toMatch(/^The subscription ended: .*Method not found/);
  });

  it('a new connection cancels the old stream and starts afresh', () => {
    const { sent, store } = setup();
    store.getState().forConnection(1);
    store.getState().start();
    store.getState().forConnection(2);
    expect(JSON.parse(sent.at(-1)!)).toMatchObject({ method: 'notifications/cancelled' });
    expect(store.getState()).toMatchObject({ connection: 2, status: 'idle', entries: [] });
  });
});
