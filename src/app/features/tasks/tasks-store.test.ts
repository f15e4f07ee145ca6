import { describe, expect, it } from 'vitest';
import { ManualClock, type RequestOutcome, type Task } from '../../../protocol/index.js';
import { createTasksStore } from './tasks-store.js';

const task: Task = {
  taskId: 't1',
  status: 'working',
  createdAt: '2025-11-25T10:00:00Z',
  lastUpdatedAt: '2025-11-25T10:00:00Z',
  ttl: 60000,
  pollInterval: 1000,
};
const flush = () => new Promise((r) => setTimeout(r, 0));
const result = (value: unknown) => ({ status: 'result', result: value }) as RequestOutcome;

function session(answers: Record<string, (params: unknown) => RequestOutcome>) {
  const calls: Array<{ method: string; params: unknown }> = [];
  return {
    calls,
    request: async (method: string, params?: unknown) => {
      calls.push({ method, params });
      return answers[method]?.(params) ?? ({ status: 'closed', message: 'gone' } as RequestOutcome);
    },
  };
}

describe('tasks store', () => {
  it('tracks a created task, applies status notifications of its connection only, and shows its result', async () => {
    const clock = new ManualClock();
    const tasks = createTasksStore(clock);
    const s = session({ 'tasks/result': () => result({ content: [{ type: 'text', text: 'ok' }] }) });
    tasks.track(task, s, 1, 'tools/call x', 'x');
    tasks.applyStatus({ ...task, status: 'completed' }, 2);
    expect(tasks.store.getState().tracked[0]?.state.task.status).toBe('working');
    tasks.applyStatus({ ...task, status: 'completed', statusMessage: 'done' }, 1);
    await flush();
    const t = tasks.store.getState().tracked[0]!;
    expect(t.state.task).toMatchObject({ status: 'completed', statusMessage: 'done' });
    expect(t.state.result).toMatchObject({ status: 'result' });
    expect(s.calls.map((c) => c.method)).toEqual(['tasks/result']);
  });

  it('stops polling when its connection ends, saying so', () => {
    const tasks = createTasksStore(new ManualClock());
    tasks.track(task, session({}), 1, 'tools/call x');
    tasks.connectionEnded(1);
    expect(tasks.store.getState().tracked[0]?.state).toMatchObject({ polling: false, stopped: 'The connection ended: this task can no longer be polled.' });
  });

  it('lists tasks page by page, keeps valid ones and says how many were not', async () => {
    const tasks = createTasksStore(new ManualClock());
    const s = session({
      'tasks/list': (params) =>
        (params as { cursor?: string }).cursor === 'p2'
          ? result({ tasks: [{ ...task, taskId: 't3' }] })
          : result({ tasks: [task, { taskId: 't2' }], nextCursor: 'p2' }),
    });
    await tasks.listPage(s, false);
    expect(tasks.store.getState().listing).toMatchObject({
      pages: 1,
      nextCursor: 'p2',
      error: '1 of the listed tasks are not valid Tasks and are not shown (see the Problems tab).',
    });
    await tasks.listPage(s, true);
    expect(tasks.store.getState().listing?.tasks.map((t) => t.taskId)).toEqual(['t1', 't3']);
    expect(tasks.store.getState().listing?.nextCursor).toBeUndefined();
    expect(s.calls.map((c) => c.params)).toEqual([{}, { cursor: 'p2' }]);
  });

  it('notes a question that belongs to a task until it is answered', () => {
    const tasks = createTasksStore(new ManualClock());
    const done = tasks.question('elicitation/create', { message: 'Which?', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } });
    expect(tasks.store.getState().questions).toEqual([{ taskId: 't1', method: 'elicitation/create', message: 'Which?' }]);
    done?.();
    expect(tasks.store.getState().questions).toEqual([]);
    expect(tasks.question('elicitation/create', { message: 'no task' })).toBeUndefined();
  });
});

describe('tasks store, the 2026-07-28 tasks extension', () => {
  const wire = { taskId: 't1', createdAt: task.createdAt, lastUpdatedAt: task.lastUpdatedAt, ttlMs: 60000, pollIntervalMs: 1000 };

  it('polls a modern task with tasks/get, answers its input request through the page, and shows the inline result', async () => {
    const clock = new ManualClock();
    const asked: Array<{ method: string; key: string }> = [];
    const tasks = createTasksStore(clock);
    const answers = [
      { ...wire, status: 'input_required', inputRequests: { go: { method: 'elicitation/create', params: { message: 'Go?' } } } },
      { ...wire, status: 'completed', result: { content: [{ type: 'text', text: 'went' }] } },
    ];
    const s = {
      ...session({ 'tasks/get': () => result(answers.shift()), 'tasks/update': () => result({}) }),
      // The session's own handlers answer (ClientSession.answerInputRequest).
      answerInputRequest: async (method: string, _params: unknown, key = method) => {
        asked.push({ method, key });
        return { result: { action: 'accept', content: { ok: true } } };
      },
    };
    tasks.track(task, s, 1, 'tools/call x', 'x', 'modern');
    clock.advance(1000);
    await flush();
    await flush();
    expect(asked).toEqual([{ method: 'elicitation/create', key: 'task t1 input go' }]);
    clock.advance(1000);
    await flush();
    const t = tasks.store.getState().tracked[0]!;
    expect(t.generation).toBe('modern');
    expect(t.state.task.status).toBe('completed');
    expect(t.state.result).toMatchObject({ status: 'result', result: { content: [{ text: 'went' }] } });
    expect(s.calls.map((c) => c.method)).toEqual(['tasks/get', 'tasks/update', 'tasks/get']);
  });
});
