import { describe, expect, it } from 'vitest';
import { ClientSession, ManualClock, type Tool } from '../../../protocol/index.js';
import { createToolsStore } from '../tools/tools-store.js';
import { createAppHandlers } from './app-handlers.js';
import { createAppsStore } from './apps-store.js';

const echo: Tool = { name: 'echo', inputSchema: { type: 'object' } };

async function setUp() {
  const clock = new ManualClock();
  const sent: Array<Record<string, unknown>> = [];
  const session = new ClientSession({ send: (raw) => sent.push(JSON.parse(raw)), clock });
  const reply = (obj: unknown) => session.receive(JSON.stringify(obj));
  const init = session.initialize('2025-11-25');
  reply({
    jsonrpc: '2.0',
    id: 1,
    result: { protocolVersion: '2025-11-25', capabilities: { tools: {}, resources: {} }, serverInfo: { name: 's', version: '1' } },
  });
  await init;
  sent.length = 0;
  const tools = createToolsStore({ session: () => session });
  const apps = createAppsStore();
  const app = apps.getState().open(echo, 1);
  const handlers = createAppHandlers({ app, apps, tools: () => [echo], callTool: tools.getState().callFromApp, session: () => session, now: () => 5 });
  /** Let the handler's awaits run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { sent, reply, tools, apps, app, handlers, settle };
}

describe('app request handlers', () => {
  it("sends an app's tools/call over the connection, answers with the result and keeps it in the history as the app's", async () => {
    const { sent, reply, tools, app, handlers } = await setUp();
    const answer = handlers.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(sent[0]).toMatchObject({ method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
    reply({ jsonrpc: '2.0', id: sent[0]!.id, result: { content: [{ type: 'text', text: 'hi' }] } });
    await expect(answer).resolves.toEqual({ content: [{ type: 'text', text: 'hi' }] });
    expect(tools.getState().history[0]).toMatchObject({ fromApp: { app } });
  });

  it('refuses, without sending it, the call of a tool whose visibility leaves the app out', async () => {
    const { sent, apps, tools } = await setUp();
    const modelOnly = { name: 'secret', inputSchema: { type: 'object' as const }, _meta: { ui: { resourceUri: 'ui://s', visibility: ['model'] } } } as Tool;
    const app = apps.getState().open(modelOnly, 1);
    const handlers = createAppHandlers({ app, apps, tools: () => [modelOnly], callTool: tools.getState().callFromApp, session: () => undefined });
    await expect(handlers.callTool({ name: 'secret' })).rejects.toThrow('is not for apps');
    expect(sent).toEqual([]);
  });

  it('answers the app with an error sentence when the server answers with one', async () => {
    const { sent, reply, handlers } = await setUp();
    const answer = handlers.readResource({ uri: 'ui://missing' });
    expect(sent[0]).toMatchObject({ method: 'resources/read', params: { uri: 'ui://missing' } });
    reply({ jsonrpc: '2.0', id: sent[0]!.id, error: { code: -32002, message: 'Resource not found' } });
    await expect(answer).rejects.toThrow('The server answered resources/read with error -32002: Resource not found');
  });

  it('asks the person first when the switch is on: Deny answers the app with an error and sends nothing, Allow sends the call', async () => {
    const { sent, reply, apps, app, handlers, settle } = await setUp();
    apps.getState().setAskBeforeToolCall(true);
    const denied = handlers.callTool({ name: 'echo', arguments: { text: 'no' } });
    await settle();
    expect(apps.getState().questions).toMatchObject([{ app, name: 'echo', arguments: { text: 'no' } }]);
    apps.getState().questions[0]!.answer(false);
    await expect(denied).rejects.toThrow(`denied this app's call of the tool "echo"`);
    expect(sent).toEqual([]);

    const allowed = handlers.callTool({ name: 'echo', arguments: { text: 'yes' } });
    await settle();
    apps.getState().questions[0]!.answer(true);
    await settle();
    expect(sent[0]).toMatchObject({ method: 'tools/call', params: { arguments: { text: 'yes' } } });
    reply({ jsonrpc: '2.0', id: sent[0]!.id, result: { content: [] } });
    await expect(allowed).resolves.toEqual({ content: [] });
    expect(apps.getState().questions).toEqual([]);
  });

  it('shows messages, links and model context in the app panel, never opening a link, and grants the display modes it has', async () => {
    const { apps, app, handlers } = await setUp();
    await handlers.message({ role: 'user', content: [{ type: 'text', text: 'Hello host' }] });
    await handlers.openLink({ url: 'https://example.com/docs' });
    await handlers.updateModelContext({ structuredContent: { zoom: 3 } });
    await expect(handlers.requestDisplayMode('fullscreen')).resolves.toBe('fullscreen');
    // A mode this host does not have is not granted: the app keeps the one it has.
    await expect(handlers.requestDisplayMode('theatre' as 'pip')).resolves.toBe('fullscreen');
    const instance = apps.getState().instances.find((i) => i.app === app);
    expect(instance).toMatchObject({
      displayMode: 'fullscreen',
      said: [
        { kind: 'message', text: 'Hello host', at: 5 },
        { kind: 'link', url: 'https://example.com/docs', at: 5 },
      ],
      modelContext: { structuredContent: { zoom: 3 } },
    });
  });

  it('denies a waiting question when its app is closed', async () => {
    const { apps, app, handlers, settle } = await setUp();
    apps.getState().setAskBeforeToolCall(true);
    const call = handlers.callTool({ name: 'echo' });
    await settle();
    apps.getState().close(app);
    await expect(call).rejects.toThrow('denied');
    expect(apps.getState().questions).toEqual([]);
  });
});
