import { describe, expect, it } from 'vitest';
import { ClientSession } from '../session/client-session.js';
import type { ServerRequestAnswer, ServerRequestInfo } from '../session/types.js';
import { ManualClock } from '../time/clock.js';
import { ClientTaskReceiver, CLIENT_TASK_DEFAULT_TTL_MS } from './client-tasks.js';

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const clock = new ManualClock();
  const notes: Array<{ method: string; params: unknown }> = [];
  let n = 0;
  const receiver = new ClientTaskReceiver({
    clock,
    notify: (method, params) => notes.push({ method, params }),
    now: () => Date.UTC(2025, 10, 25, 10),
    newTaskId: () => `t${++n}`,
  });
  let answer: (a: ServerRequestAnswer) => void = () => {};
  const contexts: Array<ServerRequestInfo | undefined> = [];
  const handlers = receiver.wrap({
    'elicitation/create': (_params, context) => {
      contexts.push(context);
      return new Promise<ServerRequestAnswer>((r) => (answer = r));
    },
  });
  let requests = 0;
  const call = (method: string, params: unknown) => Promise.resolve(handlers[method]!(params, { id: `s${++requests}`, signal: new AbortController().signal }));
  return { clock, notes, receiver, handlers, call, contexts, answer: (a: ServerRequestAnswer) => answer(a) };
}

const elicit = { message: 'Name?', requestedSchema: { type: 'object', properties: {} }, task: { ttl: 60000 } };

describe('ClientTaskReceiver', () => {
  it('answers a task-augmented request at once with a working task, and runs the handler in the background', async () => {
    const t = setup();
    const created = await t.call('elicitation/create', elicit);
    expect(created).toEqual({
      result: {
        task: {
          taskId: 't1',
          status: 'working',
          statusMessage: 'Waiting for mcpscope to answer elicitation/create.',
          createdAt: '2025-11-25T10:00:00.000Z',
          lastUpdatedAt: '2025-11-25T10:00:00.000Z',
          ttl: 60000,
          pollInterval: 1000,
        },
      },
    });
    expect(t.contexts[0]?.taskId).toBe('t1');
    expect(await t.call('tasks/get', { taskId: 't1' })).toMatchObject({ result: { taskId: 't1', status: 'working' } });
    // tasks/result blocks until the handler has answered.
    let result: ServerRequestAnswer | undefined;
    void t.call('tasks/result', { taskId: 't1' }).then((r) => (result = r));
    await flush();
    expect(result).toBeUndefined();
    t.answer({ result: { action: 'accept', content: { name: 'Ada' } } });
    await flush();
    expect(result).toEqual({ result: { action: 'accept', content: { name: 'Ada' }, _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } } });
    expect(t.notes).toEqual([{ method: 'notifications/tasks/status', params: expect.objectContaining({ taskId: 't1', status: 'completed' }) }]);
    expect(await t.call('tasks/result', { taskId: 't1' })).toEqual(result);
  });

  it('answers a request without params.task the usual way', async () => {
    const t = setup();
    const p = t.call('elicitation/create', { ...elicit, task: undefined });
    t.answer({ result: { action: 'decline' } });
    expect(await p).toEqual({ result: { action: 'decline' } });
    expect(t.receiver.tasks).toEqual([]);
  });

  it('a handler error fails the task, and tasks/result returns that error', async () => {
    const t = setup();
    await t.call('elicitation/create', elicit);
    t.answer({ error: { code: -32603, message: 'no form' } });
    await flush();
    expect(t.receiver.tasks[0]?.task).toMatchObject({ status: 'failed', statusMessage: 'elicitation/create failed: no form' });
    expect(await t.call('tasks/result', { taskId: 't1' })).toEqual({ error: { code: -32603, message: 'no form' } });
  });

  it('cancels: aborts the handler, says cancelled, refuses a second cancel and unknown ids with -32602', async () => {
    const t = setup();
    await t.call('elicitation/create', elicit);
    const waiting = t.call('tasks/result', { taskId: 't1' });
    expect(await t.call('tasks/cancel', { taskId: 't1' })).toMatchObject({ result: { taskId: 't1', status: 'cancelled' } });
    expect(t.contexts[0]?.signal?.aborted).toBe(true);
    expect(await waiting).toMatchObject({
      error: { code: -32603, message: 'Task t1 was cancelled before elicitation/create was answered; it has no result.' },
    });
    // The handler answering late changes nothing: cancelled stays cancelled.
    t.answer({ result: { action: 'accept' } });
    await flush();
    expect(t.receiver.tasks[0]?.task.status).toBe('cancelled');
    expect(await t.call('tasks/cancel', { taskId: 't1' })).toEqual({
      error: { code: -32602, message: 'Task t1 is already cancelled; a finished task cannot be cancelled.' },
    });
    expect(await t.call('tasks/get', { taskId: 'nope' })).toEqual({
      error: { code: -32602, message: 'No task "nope": this client never created it, or it expired.' },
    });
    expect(await t.call('tasks/get', {})).toEqual({ error: { code: -32602, message: 'tasks/get needs a taskId string.' } });
  });

  it('lists tasks a page at a time and refuses a cursor it never gave', async () => {
    const t = setup();
    for (let i = 0; i < 25; i++) await t.call('elicitation/create', elicit);
    const first = (await t.call('tasks/list', {})) as { result: { tasks: unknown[]; nextCursor: string } };
    expect(first.result.tasks).toHaveLength(20);
    const second = (await t.call('tasks/list', { cursor: first.result.nextCursor })) as { result: { tasks: Array<{ taskId: string }>; nextCursor?: string } };
    expect(second.result.tasks.map((x) => x.taskId)).toEqual(['t21', 't22', 't23', 't24', 't25']);
    expect(second.result.nextCursor).toBeUndefined();
    expect(await t.call('tasks/list', { cursor: 'abc' })).toMatchObject({ error: { code: -32602 } });
  });

  it('forgets a finished task after its ttl (the default when none was asked), and forgets all on reset', async () => {
    const t = setup();
    await t.call('elicitation/create', { ...elicit, task: {} });
    expect(t.receiver.tasks[0]?.task.ttl).toBe(CLIENT_TASK_DEFAULT_TTL_MS);
    t.answer({ result: { action: 'decline' } });
    await flush();
    t.clock.advance(CLIENT_TASK_DEFAULT_TTL_MS);
    expect(t.receiver.tasks).toEqual([]);
    await t.call('elicitation/create', elicit);
    t.receiver.reset();
    expect(t.receiver.tasks).toEqual([]);
    expect(t.contexts[1]?.signal?.aborted).toBe(true);
  });

  it('makes the session declare tasks for the augmentable requests it answers (2025-11-25 only)', async () => {
    // Besides what the handlers answer, every session declares MCP Apps by default.
    const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
    for (const [version, expected] of [
      ['2025-11-25', { elicitation: { form: {}, url: {} }, tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } }, ...APPS }],
      ['2025-06-18', { elicitation: {}, ...APPS }],
    ] as const) {
      const sent: Array<{ params: { capabilities: unknown } }> = [];
      const session = new ClientSession({ send: (raw) => sent.push(JSON.parse(raw)), handlers: setup().handlers });
      void session.initialize(version);
      expect(sent[0]?.params.capabilities).toEqual(expected);
    }
  });

  it('answers the server through a session: CreateTaskResult at once, then tasks/get', async () => {
    const t = setup();
    const sent: Array<Record<string, unknown>> = [];
    const session = new ClientSession({ send: (raw) => sent.push(JSON.parse(raw)), handlers: t.handlers });
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: elicit }));
    await flush();
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 'g1', method: 'tasks/get', params: { taskId: 't1' } }));
    await flush();
    expect(
      sent.map((m) => [m.id, (m.result as { task?: { status: string }; status?: string }).task?.status ?? (m.result as { status: string }).status]),
    ).toEqual([
      ['e1', 'working'],
      ['g1', 'working'],
    ]);
  });
});
