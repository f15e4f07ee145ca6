// The client settings of the page: switches read at each connect, roots
// answered from the list and announced when it changes while connected.
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../connection/test-doubles.js';
import { createTestApp, inView } from '../../test-app.js';
import { createClientSettings, featuresDiffer } from './client-settings.js';

function setup() {
  const { app, sockets } = createTestApp();
  /** Connect and answer initialize; the socket, once the session is ready. */
  const connect = async () => {
    const ready = inView(app).controller.connect({ transport: { kind: 'stdio', command: 'node', args: [], env: {} }, protocolVersion: '2025-11-25' });
    const socket = sockets.at(-1)!;
    socket.acceptHandshake();
    socket.deliver({ type: 'opened', at: 1, transport: 'stdio', pid: 1, command: 'node', args: [] });
    const init = socket.frames().find((f) => f.method === 'initialize')!;
    const result = { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'demo', version: '1' } };
    socket.deliver({ type: 'message', at: 2, text: JSON.stringify({ jsonrpc: '2.0', id: init.id, result }) });
    expect((await ready)?.status).toBe('ready');
    return { socket, capabilities: init.params?.capabilities };
  };
  return { app, connect };
}

/** What the page declares for MCP Apps: it shows HTML apps. */
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

const serverAsks = (socket: FakeSocket, id: string, method: string) =>
  socket.deliver({ type: 'message', at: 3, text: JSON.stringify({ jsonrpc: '2.0', id, method }) });
/** The page's answer to the server's request `id` (the fake socket types frames as requests). */
const answerTo = (socket: FakeSocket, id: string): Record<string, unknown> | undefined => socket.frames().find((f) => f.id === id && f.method === undefined);

describe('roots', () => {
  it('answers roots/list from the list, and announces each change while connected', async () => {
    const { app, connect } = setup();
    expect(app.clientSettings.getState().addRoot('file:///work/a', 'A')).toBeUndefined();
    const { socket, capabilities } = await connect();
    expect(capabilities).toMatchObject({ roots: { listChanged: true } });
    serverAsks(socket, 'r1', 'roots/list');
    expect(answerTo(socket, 'r1')).toEqual({ jsonrpc: '2.0', id: 'r1', result: { roots: [{ uri: 'file:///work/a', name: 'A' }] } });

    expect(app.clientSettings.getState().addRoot('file:///work/b', '')).toBeUndefined();
    expect(socket.frames().filter((f) => f.method === 'notifications/roots/list_changed')).toHaveLength(1);
    serverAsks(socket, 'r2', 'roots/list');
    expect(answerTo(socket, 'r2')?.result).toEqual({ roots: [{ uri: 'file:///work/a', name: 'A' }, { uri: 'file:///work/b' }] });

    app.clientSettings.getState().removeRoot('file:///work/a');
    expect(socket.frames().filter((f) => f.method === 'notifications/roots/list_changed')).toHaveLength(2);
    // A refused root changes nothing, so nothing is announced.
    expect(app.clientSettings.getState().addRoot('https://example.com', '')).toBe('Roots must be file:// URIs; got "https://example.com".');
    expect(socket.frames().filter((f) => f.method === 'notifications/roots/list_changed')).toHaveLength(2);
  });

  it('with roots switched off: not declared, roots/list gets -32601, and changes are not announced', async () => {
    const { app, connect } = setup();
    app.clientSettings.getState().setFeature('roots', false);
    const { socket, capabilities } = await connect();
    expect(capabilities).toEqual({
      sampling: { tools: {} },
      elicitation: { form: {}, url: {} },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
      ...APPS,
    });
    serverAsks(socket, 'r1', 'roots/list');
    expect(answerTo(socket, 'r1')?.error).toMatchObject({ code: -32601 });
    app.clientSettings.getState().addRoot('file:///x', '');
    expect(socket.frames().filter((f) => f.method === 'notifications/roots/list_changed')).toEqual([]);
  });
});

describe('feature switches', () => {
  it('apply to the next connection, not the current one', async () => {
    const { app, connect } = setup();
    const first = await connect();
    expect(first.capabilities).toEqual({
      roots: { listChanged: true },
      sampling: { tools: {} },
      elicitation: { form: {}, url: {} },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
      ...APPS,
    });
    app.clientSettings.getState().setFeature('elicitationForm', false);
    app.clientSettings.getState().setFeature('elicitationUrl', false);
    expect(inView(app).controller.session?.features.elicitationForm).toBe(true);
    expect(featuresDiffer(inView(app).controller.session!.features, app.clientSettings.getState().features)).toBe(true);
    const second = await connect();
    expect(second.capabilities).toEqual({
      roots: { listChanged: true },
      sampling: { tools: {} },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } },
      ...APPS,
    });
    serverAsks(second.socket, 'e1', 'elicitation/create');
    expect(answerTo(second.socket, 'e1')?.error).toMatchObject({ code: -32601 });
  });

  it('declare MCP Apps by default, and not at all with the switch off', async () => {
    const { app, connect } = setup();
    expect((await connect()).capabilities).toMatchObject(APPS);
    app.clientSettings.getState().setFeature('apps', false);
    expect((await connect()).capabilities).not.toHaveProperty('extensions');
  });
});

describe('createClientSettings', () => {
  it('refuses a root twice over, and trims what it keeps', () => {
    const settings = createClientSettings();
    expect(settings.getState().addRoot('  file:///a  ', '  Alpha ')).toBeUndefined();
    expect(settings.getState().addRoot('file:///a', 'again')).toBe('file:///a is already a root.');
    expect(settings.getState().roots).toEqual([{ uri: 'file:///a', name: 'Alpha' }]);
    expect(settings.getState().addRoot('', '')).toBe('Enter a root URI, for example file:///home/me/project.');
  });
});
