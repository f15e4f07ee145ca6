import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { HttpExchange } from '../protocol/index.js';
import { tick, type FakeSocket } from './connection/test-doubles.js';
import { connectReady, createTestApp, inView } from './test-app.js';
import { httpExchange } from '../../test/fixtures/http-exchange.js';
import { listQueryKey } from './server-data/list-keys.js';
import { RequestFailed } from './server-data/reads.js';

const setup = createTestApp;

/** The requests of `method` the page sent on `socket`. */
const sentOf = (socket: FakeSocket, method: string) => socket.frames().filter((f) => f.method === method);

describe('createApp', () => {
  it('declares its handlers before connecting: the first initialize announces their capabilities', () => {
    const { app, sockets } = setup();
    void inView(app).controller.connect({ transport: { kind: 'stdio', command: 'node', args: [], env: {} }, protocolVersion: '2025-11-25' });
    sockets[0]!.acceptHandshake();
    sockets[0]!.deliver({ type: 'opened', at: 1, transport: 'stdio', pid: 1, command: 'node', args: [] });
    const init = sockets[0]!.frames().find((f) => f.method === 'initialize');
    // 2025-11-25: the sampling dock can answer with tool use, so sampling.tools is declared too.
    // Sampling and elicitation may also be asked as tasks (2025-11-25): features/tasks answers tasks/*.
    expect(init?.params?.capabilities).toEqual({
      roots: { listChanged: true },
      sampling: { tools: {} },
      elicitation: { form: {}, url: {} },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
      // The page shows MCP Apps.
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
  });

  it('runs an elicitation asked as a task as a client-side task: a task at once, the form shown, gone when the server cancels', async () => {
    const { app, sockets } = setup();
    const socket = await connectReady(app, sockets);
    const deliver = (msg: unknown) => socket.deliver({ type: 'message', at: 3, text: JSON.stringify(msg) });
    const sentFrames = () => socket.sent.flatMap((e) => (e.type === 'send' ? [JSON.parse(e.raw) as { id?: unknown; result?: Record<string, unknown> }] : []));
    deliver({
      jsonrpc: '2.0',
      id: 'e1',
      method: 'elicitation/create',
      params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} }, task: { ttl: 60000 } },
    });
    await tick();
    const created = sentFrames().find((f) => f.id === 'e1')?.result?.task as { taskId: string; status: string };
    expect(created.status).toBe('working');
    expect(inView(app).elicitations.store.getState().queue).toHaveLength(1);
    expect(
      inView(app)
        .tasks.store.getState()
        .clientTasks.map((t) => t.task.status),
    ).toEqual(['working']);
    deliver({ jsonrpc: '2.0', id: 'c1', method: 'tasks/cancel', params: { taskId: created.taskId } });
    await tick();
    expect(sentFrames().find((f) => f.id === 'c1')?.result).toMatchObject({ taskId: created.taskId, status: 'cancelled' });
    expect(inView(app).elicitations.store.getState().queue).toHaveLength(0);
    expect(
      inView(app)
        .tasks.store.getState()
        .clientTasks.map((t) => t.task.status),
    ).toEqual(['cancelled']);
  });

  it('answers elicitation/create through the elicitation queue', async () => {
    const { app, sockets } = setup();
    const socket = await connectReady(app, sockets);
    socket.deliver({
      type: 'message',
      at: 3,
      text: JSON.stringify({
        jsonrpc: '2.0',
        id: 'e1',
        method: 'elicitation/create',
        params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
      }),
    });
    await tick();
    const [question] = inView(app).elicitations.store.getState().queue;
    expect(question).toBeDefined();
    question!.answer({ result: { action: 'decline' } });
    await tick();
    const answer = socket.sent.flatMap((e) => (e.type === 'send' ? [JSON.parse(e.raw) as { id?: unknown; result?: unknown }] : [])).find((f) => f.id === 'e1');
    expect(answer?.result).toEqual({ action: 'decline' });
  });

  it('a URL elicitation waits for the person, and notifications/elicitation/complete marks it done', async () => {
    const { app, sockets } = setup();
    const socket = await connectReady(app, sockets);
    const params = { mode: 'url', message: 'Connect', url: 'https://auth.example/c', elicitationId: 'u7' };
    socket.deliver({ type: 'message', at: 3, text: JSON.stringify({ jsonrpc: '2.0', id: 'e2', method: 'elicitation/create', params }) });
    await tick();
    expect(inView(app).elicitations.store.getState().queue[0]).toMatchObject({ mode: 'url', elicitationId: 'u7' });
    socket.deliver({
      type: 'message',
      at: 4,
      text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'u7' } }),
    });
    await tick();
    expect(inView(app).elicitations.store.getState().urls.get('u7')?.completed).toBe(true);
  });

  it('invalidates the tools list query on notifications/tools/list_changed of the current connection', async () => {
    const { app, sockets } = setup();
    const socket = await connectReady(app, sockets, { tools: { listChanged: true } });
    app.queryClient.setQueryData(listQueryKey('tools', 1), { items: [], pages: 1, outcomes: [] });
    app.queryClient.setQueryData(listQueryKey('prompts', 1), { items: [], pages: 1, outcomes: [] });
    socket.deliver({ type: 'message', at: 3, text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }) });
    expect(app.queryClient.getQueryState(listQueryKey('tools', 1))?.isInvalidated).toBe(true);
    expect(app.queryClient.getQueryState(listQueryKey('prompts', 1))?.isInvalidated).toBe(false);
  });

  it('gives query.error for a failing resources/read, carrying the server error', async () => {
    const { app, sockets } = setup();
    const socket = await connectReady(app, sockets, { resources: {} });
    const read = inView(app).resourcesStore.getState().read('demo://missing');
    const request = sentOf(socket, 'resources/read')[0]!;
    expect(request.params).toEqual({ uri: 'demo://missing' });
    socket.deliver({
      type: 'message',
      at: 3,
      text: JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { code: -32002, message: 'Resource not found' } }),
    });
    await read;
    const state = app.queryClient.getQueryState(inView(app).resourceReads.query(1, 'demo://missing').queryKey);
    expect(state?.status).toBe('error');
    expect(state?.error).toBeInstanceOf(RequestFailed);
    expect((state?.error as RequestFailed).read.outcome).toMatchObject({ status: 'error', error: { code: -32002 } });
    expect(inView(app).resourcesStore.getState().shown).toBe('demo://missing');
  });

  it('reads a subscribed resource again when the server sends notifications/resources/updated', async () => {
    const { app, sockets } = setup();
    const socket = await connectReady(app, sockets, { resources: { subscribe: true } });
    const uri = 'demo://counter';
    // The viewer showing the resource.
    const viewer = new QueryObserver(app.queryClient, inView(app).resourceReads.query(1, uri));
    const stop = viewer.subscribe(() => {});
    await tick();
    const answer = (id: unknown, text: string) =>
      socket.deliver({ type: 'message', at: 3, text: JSON.stringify({ jsonrpc: '2.0', id, result: { contents: [{ uri, text }] } }) });
    answer(sentOf(socket, 'resources/read')[0]!.id, 'count: 0');

    const subscribing = inView(app).resourcesStore.getState().setSubscribed(uri, true);
    socket.deliver({ type: 'message', at: 3, text: JSON.stringify({ jsonrpc: '2.0', id: sentOf(socket, 'resources/subscribe')[0]!.id, result: {} }) });
    await subscribing;
    socket.deliver({ type: 'message', at: 4, text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } }) });
    await tick();
    expect(sentOf(socket, 'resources/read')).toHaveLength(2);
    answer(sentOf(socket, 'resources/read')[1]!.id, 'count: 1');
    await tick();
    expect(viewer.getCurrentResult().data?.outcome).toMatchObject({ status: 'result', result: { contents: [{ text: 'count: 1' }] } });
    expect(inView(app).resourcesStore.getState().updates[uri]).toMatchObject({ count: 1, unsolicited: false });
    stop();
  });

  it('starts the tabs afresh on a new connection, and counts the pings the server sends', async () => {
    const { app, sockets } = setup();
    const socket = await connectReady(app, sockets);
    socket.deliver({ type: 'message', at: 3, text: JSON.stringify({ jsonrpc: '2.0', id: 'p1', method: 'ping' }) });
    expect(inView(app).pingStore.getState().serverPings).toBe(1);
    inView(app).toolsStore.setState({ drafts: { echo: { formData: { text: 'hi' } } }, noConfirm: ['rm'] });
    inView(app).promptsStore.getState().setValue('greet', 'name', 'Ada');
    await connectReady(app, sockets);
    expect(inView(app).resourcesStore.getState().connection).toBe(2);
    expect(inView(app).promptsStore.getState().connection).toBe(2);
    expect(inView(app).toolsStore.getState()).toMatchObject({ drafts: {}, noConfirm: [] });
    // What was typed for a prompt is kept; the same server keeps its pings.
    expect(inView(app).promptsStore.getState().values.greet).toEqual({ name: 'Ada' });
    expect(inView(app).pingStore.getState().serverPings).toBe(1);
  });

  it('lints each HTTP exchange once, when the connection core says it has ended', async () => {
    const { app, sockets } = setup();
    const url = 'http://127.0.0.1:1/mcp';
    void inView(app).controller.connect({ transport: { kind: 'http', url, headers: {}, mode: 'streamable-http' }, protocolVersion: '2025-11-25' });
    const socket = sockets[0]!;
    socket.acceptHandshake();
    socket.deliver({ type: 'http-opened', at: 1, url, mode: 'streamable-http' });
    // A POST without the Accept header the transport requires (HTTP-ACCEPT), reported while running and twice when done.
    const exchange = (state: HttpExchange['state']) => httpExchange({ url, state, status: 200, responseHeaders: [['content-type', 'application/json']] });
    socket.deliver({ type: 'http-mode', at: 2, mode: 'streamable-http', reason: 'asked for' });
    for (const state of ['sending', 'done', 'done'] as const) socket.deliver({ type: 'http', at: 3, exchange: exchange(state) });
    const accept = () => app.lint.store.getState().findings.filter((f) => f.rule === 'HTTP-ACCEPT');
    await vi.waitFor(() => expect(accept()).toHaveLength(1));
  });

  it('builds nothing at import time: two apps share no store', () => {
    const a = setup().app;
    const b = setup().app;
    a.navigationStore.getState().selectTab('log');
    expect(b.navigationStore.getState().tab).toBe('ping');
    expect(a.queryClient).not.toBe(b.queryClient);
  });
});
