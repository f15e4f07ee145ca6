// The page's sampling wiring: a server's request reaches the dock's queue with
// its connection, version and tool call; the answer goes back on the wire; a
// cancel from the server or a closed connection takes it off the queue.
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../protocol/index.js';
import { tick } from '../../connection/test-doubles.js';
import { createTestApp, inView } from '../../test-app.js';

async function connected() {
  const { app, sockets } = createTestApp();
  const ready = inView(app).controller.connect({ transport: { kind: 'stdio', command: 'node', args: [], env: {} }, protocolVersion: '2025-11-25' });
  const socket = sockets[0]!;
  socket.acceptHandshake();
  socket.deliver({ type: 'opened', at: 1, transport: 'stdio', pid: 1, command: 'node', args: [] });
  const init = socket.frames().find((f) => f.method === 'initialize')!;
  const result = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } };
  socket.deliver({ type: 'message', at: 2, text: JSON.stringify({ jsonrpc: '2.0', id: init.id, result }) });
  expect((await ready)?.status).toBe('ready');
  const serverSends = (message: unknown) => socket.deliver({ type: 'message', at: 3, text: JSON.stringify({ jsonrpc: '2.0', ...(message as object) }) });
  const answerTo = (id: string) => socket.frames().find((f) => f.id === id && f.method === undefined) as Record<string, unknown> | undefined;
  return { app, serverSends, answerTo };
}

const params = { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 5 };

describe('sampling in the page', () => {
  it('queues the request with the tool call in flight, and sends the answer the person gives', async () => {
    const { app, serverSends, answerTo } = await connected();
    const tool: Tool = { name: 'trigger', inputSchema: { type: 'object' } };
    inView(app).toolsStore.setState({
      inFlight: { seq: 1, tool, arguments: {}, startedAt: 0, requestId: 9, cancelRequested: false, session: inView(app).controller.session! },
    });
    serverSends({ id: 's1', method: 'sampling/createMessage', params });
    const [item] = inView(app).sampling.store.getState().queue;
    expect(item).toMatchObject({
      id: 's1',
      connection: 1,
      version: '2025-11-25',
      toolsDeclared: true,
      toolCall: { name: 'trigger', requestId: 9 },
      problems: [],
    });
    expect(answerTo('s1')).toBeUndefined();
    inView(app).sampling.answer(item!.n, { result: { role: 'assistant', content: { type: 'text', text: 'Hello' }, model: 'm' } }, 'replied', 'Replied.');
    await tick();
    expect(answerTo('s1')).toMatchObject({ result: { content: { text: 'Hello' }, model: 'm' } });
  });

  it('a request the server cancels leaves the queue unanswered; a closed connection empties it', async () => {
    const { app, serverSends, answerTo } = await connected();
    serverSends({ id: 's2', method: 'sampling/createMessage', params });
    serverSends({ id: 's3', method: 'sampling/createMessage', params });
    serverSends({ method: 'notifications/cancelled', params: { requestId: 's2', reason: 'timeout' } });
    expect(
      inView(app)
        .sampling.store.getState()
        .queue.map((q) => q.id),
    ).toEqual(['s3']);
    inView(app).controller.disconnect();
    await tick();
    expect(inView(app).sampling.store.getState().queue).toEqual([]);
    expect(
      inView(app)
        .sampling.store.getState()
        .answered.map((a) => [a.id, a.outcome]),
    ).toEqual([
      ['s3', 'connection-closed'],
      ['s2', 'cancelled-by-server'],
    ]);
    expect(answerTo('s2')).toBeUndefined();
  });
});
