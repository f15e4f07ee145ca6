import { describe, expect, it } from 'vitest';
import { ManualClock } from '../time/clock.js';
import type { RequestOutcome } from '../session/types.js';
import { createdTask, DEFAULT_MAX_TRACK_MS, MAX_POLL_MS, MIN_POLL_MS, TaskTracker, type TaskTrackerOptions } from './task-tracker.js';
import type { Task } from './task.js';

const base: Task = {
  taskId: 't1',
  status: 'working',
  createdAt: '2025-11-25T10:00:00Z',
  lastUpdatedAt: '2025-11-25T10:00:00Z',
  ttl: 60000,
  pollInterval: 1000,
};
const flush = () => new Promise((r) => setTimeout(r, 0));
const request = { id: 1, method: 'x', raw: '{}', sentAt: 0 };
const result = (value: unknown): RequestOutcome =>
  ({
    status: 'result',
    request,
    response: { raw: '{}', frame: { kind: 'invalid', code: 'empty', reason: '' }, receivedAt: 0 },
    result: value,
    rttMs: 1,
  }) as RequestOutcome;
const error = (code: number, message: string): RequestOutcome =>
  ({
    status: 'error',
    request,
    response: { raw: '{}', frame: { kind: 'invalid', code: 'empty', reason: '' }, receivedAt: 0 },
    error: { code, message },
    rttMs: 1,
  }) as RequestOutcome;

/** A receiver whose answers the test scripts: each tasks/get answers with the next status. */
function setup(
  task: Task,
  answers: Partial<Record<string, (params: unknown) => RequestOutcome | Promise<RequestOutcome>>>,
  more: Pick<TaskTrackerOptions, 'generation' | 'answerInput'> = {},
) {
  const clock = new ManualClock();
  const calls: Array<{ method: string; params: unknown; at: number }> = [];
  const tracker = new TaskTracker(task, {
    ...more,
    clock,
    request: async (method, params) => {
      calls.push({ method, params, at: clock.now() });
      const answer = answers[method];
      return answer ? answer(params) : { status: 'closed', message: 'gone' };
    },
  });
  return { clock, calls, tracker };
}

describe('TaskTracker', () => {
  it('polls tasks/get at the pollInterval until a terminal status, then asks tasks/result once', async () => {
    const statuses = ['working', 'working', 'completed'];
    const { clock, calls, tracker } = setup(base, {
      'tasks/get': () => result({ ...base, status: statuses.shift(), statusMessage: `left ${statuses.length}` }),
      'tasks/result': () => result({ content: [{ type: 'text', text: 'done' }] }),
    });
    tracker.start();
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await flush();
    }
    expect(calls.map((c) => `${c.method}@${c.at}`)).toEqual(['tasks/get@1000', 'tasks/get@2000', 'tasks/get@3000', 'tasks/result@3000']);
    const s = tracker.state;
    expect(s.polls).toBe(3);
    expect(s.polling).toBe(false);
    expect(s.history.map((h) => `${h.status}:${h.statusMessage ?? ''}:${h.source}`)).toEqual([
      'working::created',
      'working:left 2:tasks/get',
      'working:left 1:tasks/get',
      'completed:left 0:tasks/get',
    ]);
    expect(s.result).toMatchObject({ status: 'result', result: { content: [{ text: 'done' }] } });
  });

  it('clamps the poll interval to its bounds', async () => {
    const fast = setup({ ...base, pollInterval: 1 }, { 'tasks/get': () => result({ ...base, pollInterval: 1 }) });
    fast.tracker.start();
    fast.clock.advance(MIN_POLL_MS - 1);
    await flush();
    expect(fast.calls).toHaveLength(0);
    fast.clock.advance(1);
    await flush();
    expect(fast.calls).toHaveLength(1);
    const slow = setup({ ...base, pollInterval: 3_600_000 }, { 'tasks/get': () => result(base) });
    slow.tracker.start();
    slow.clock.advance(MAX_POLL_MS);
    await flush();
    expect(slow.calls).toHaveLength(1);
  });

  it('stops polling a task that never ends after the bound, says how long, and resumes on demand', async () => {
    const { clock, calls, tracker } = setup(base, { 'tasks/get': () => result(base) });
    tracker.start();
    for (let t = 0; t <= DEFAULT_MAX_TRACK_MS + 2000; t += 1000) {
      clock.advance(1000);
      await flush();
    }
    const polls = calls.length;
    expect(polls).toBe(DEFAULT_MAX_TRACK_MS / 1000 - 1);
    expect(tracker.state.polling).toBe(false);
    expect(tracker.state.stopped).toBe(
      `Still working after 600.0 s (${polls} polls); polling stopped so a task that never ends does not poll forever. Press Poll again to go on.`,
    );
    tracker.start();
    expect(tracker.state.stopped).toBeUndefined();
    clock.advance(1000);
    await flush();
    expect(calls.length).toBe(polls + 1);
  });

  it('applies status notifications, and reports a status that goes backwards without polling again', async () => {
    const { clock, calls, tracker } = setup(base, { 'tasks/get': () => result(base), 'tasks/result': () => result({ content: [] }) });
    tracker.start();
    tracker.apply({ ...base, status: 'completed' });
    tracker.apply({ ...base, status: 'working', statusMessage: 'again?' });
    clock.advance(5000);
    await flush();
    expect(calls.map((c) => c.method)).toEqual(['tasks/result']);
    expect(tracker.state.task.status).toBe('working');
    expect(tracker.state.backwards).toEqual(['The task went from completed to working, but completed is terminal: a finished task must never change status.']);
    tracker.apply({ ...base, taskId: 'other', status: 'failed' });
    expect(tracker.state.history).toHaveLength(3);
  });

  it('asks tasks/result at once when the task needs input, and not a second time', async () => {
    let finish: (o: RequestOutcome) => void = () => {};
    const { calls, tracker } = setup(base, { 'tasks/result': () => new Promise((r) => (finish = r)) });
    tracker.start();
    tracker.apply({ ...base, status: 'input_required' });
    tracker.apply({ ...base, status: 'completed' });
    expect(calls.filter((c) => c.method === 'tasks/result')).toHaveLength(1);
    expect(tracker.state.resultPending).toBe(true);
    finish(result({ content: [] }));
    await flush();
    expect(tracker.state.resultPending).toBe(false);
    expect(tracker.state.result?.status).toBe('result');
  });

  it('stops when the receiver no longer knows the task', async () => {
    const { clock, tracker } = setup(base, { 'tasks/get': () => error(-32602, 'Task not found') });
    tracker.start();
    clock.advance(1000);
    await flush();
    expect(tracker.state.polling).toBe(false);
    expect(tracker.state.stopped).toBe('The receiver no longer knows this task (tasks/get: Task not found); it may have expired.');
  });

  it('notes a tasks/get answer that is not a Task and keeps polling', async () => {
    const { clock, calls, tracker } = setup(base, { 'tasks/get': () => result({ status: 'busy' }) });
    tracker.start();
    clock.advance(1000);
    await flush();
    expect(tracker.state.pollError).toMatch(/^The tasks\/get result is not a Task: The task is not usable: taskId is not a string/);
    clock.advance(1000);
    await flush();
    expect(calls).toHaveLength(2);
  });

  it('cancels with tasks/cancel and takes the cancelled task it returns; a failed cancel is said', async () => {
    const { tracker } = setup(base, { 'tasks/cancel': () => result({ ...base, status: 'cancelled' }) });
    tracker.start();
    await tracker.cancel();
    expect(tracker.state.task.status).toBe('cancelled');
    expect(tracker.state.polling).toBe(false);
    expect(tracker.state.result).toBeUndefined();
    const refused = setup(base, { 'tasks/cancel': () => error(-32602, 'already done') });
    await refused.tracker.cancel();
    expect(refused.tracker.state.cancelMessage).toBe('tasks/cancel failed: The server answered with error -32602: already done');
  });

  it('reads the task of a CreateTaskResult', () => {
    expect(createdTask({ task: base })).toEqual({ ok: true, value: base });
    expect(createdTask({ content: [] })).toEqual({ ok: false, error: 'The result has no "task" object, so it is not a CreateTaskResult.' });
  });
});

describe('TaskTracker, the 2026-07-28 tasks extension', () => {
  /** The Task fields as the extension names them on the wire. */
  const wire = {
    taskId: 't1',
    status: 'working',
    createdAt: base.createdAt,
    lastUpdatedAt: base.lastUpdatedAt,
    ttlMs: 60000,
    pollIntervalMs: 1000,
    resultType: 'complete',
  };
  const modern = { generation: 'modern' } as const;
  const tick = async (ms = 1000) => {
    clockOf.current?.advance(ms);
    await flush();
  };
  const clockOf: { current?: ManualClock } = {};

  it('polls tasks/get at pollIntervalMs and takes the result inline on completed, never asking tasks/result', async () => {
    const statuses = ['working', 'completed'];
    const { clock, calls, tracker } = setup(
      base,
      {
        'tasks/get': () => {
          const status = statuses.shift();
          return result({ ...wire, status, ...(status === 'completed' ? { result: { content: [{ type: 'text', text: 'done' }] } } : {}) });
        },
      },
      modern,
    );
    clockOf.current = clock;
    tracker.start();
    for (let i = 0; i < 4; i++) await tick();
    expect(calls.map((c) => `${c.method}@${c.at}`)).toEqual(['tasks/get@1000', 'tasks/get@2000']);
    expect(tracker.state.polling).toBe(false);
    expect(tracker.state.task.status).toBe('completed');
    expect(tracker.state.result).toMatchObject({ status: 'result', result: { content: [{ text: 'done' }] } });
  });

  it("takes a failed task's JSON-RPC error as the outcome, and says when a terminal task lacks its payload", async () => {
    const failed = setup(base, { 'tasks/get': () => result({ ...wire, status: 'failed', error: { code: -32603, message: 'boom' } }) }, modern);
    clockOf.current = failed.clock;
    failed.tracker.start();
    await tick();
    expect(failed.tracker.state.result).toMatchObject({ status: 'error', error: { code: -32603, message: 'boom' } });
    const bare = setup(base, { 'tasks/get': () => result({ ...wire, status: 'completed' }) }, modern);
    clockOf.current = bare.clock;
    bare.tracker.start();
    await tick();
    expect(bare.tracker.state.result).toBeUndefined();
    expect(bare.tracker.state.pollError).toBe('The task is completed but its tasks/get answer has no "result" (see the Problems tab).');
  });

  it('asks each input request once, sends its answer with tasks/update, and goes on polling', async () => {
    const ask = { method: 'elicitation/create', params: { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} } } };
    const answers = ['input_required', 'input_required', 'completed'];
    const asked: unknown[] = [];
    const { clock, calls, tracker } = setup(
      base,
      {
        'tasks/get': () => {
          const status = answers.shift();
          return result({ ...wire, status, ...(status === 'input_required' ? { inputRequests: { name: ask } } : { result: { content: [] } }) });
        },
        'tasks/update': () => result({ resultType: 'complete' }),
      },
      {
        ...modern,
        answerInput: async (method, params) => {
          asked.push({ method, params });
          return { result: { action: 'accept', content: { name: 'Luca' } } };
        },
      },
    );
    clockOf.current = clock;
    tracker.start();
    await tick();
    await flush();
    expect(asked).toEqual([ask]);
    expect(calls.filter((c) => c.method === 'tasks/update').map((c) => c.params)).toEqual([
      { taskId: 't1', inputResponses: { name: { action: 'accept', content: { name: 'Luca' } } } },
    ]);
    expect(tracker.state.inputs.name?.phase).toBe('sent');
    // After the update the next poll comes soon (MIN_POLL_MS), then the repeated request is not asked again.
    await tick(MIN_POLL_MS);
    await tick();
    expect(asked).toHaveLength(1);
    expect(tracker.state.task.status).toBe('completed');
    expect(calls.map((c) => c.method)).toEqual(['tasks/get', 'tasks/update', 'tasks/get', 'tasks/get']);
  });

  it('sends no tasks/update for an input request the client refused, and says so', async () => {
    const { clock, calls, tracker } = setup(
      base,
      { 'tasks/get': () => result({ ...wire, status: 'input_required', inputRequests: { s: { method: 'sampling/createMessage', params: {} } } }) },
      { ...modern, answerInput: async () => ({ error: { code: -32601, message: 'sampling is switched off' } }) },
    );
    clockOf.current = clock;
    tracker.start();
    await tick();
    await flush();
    expect(calls.map((c) => c.method)).toEqual(['tasks/get']);
    expect(tracker.state.inputs.s).toMatchObject({ phase: 'failed', message: 'Not answered (sampling is switched off); no response was sent for it.' });
  });

  it('cancels with an ack, then polls at once to see what the server made of it', async () => {
    const statuses = ['working', 'cancelled'];
    const { clock, calls, tracker } = setup(
      base,
      { 'tasks/cancel': () => result({ resultType: 'complete' }), 'tasks/get': () => result({ ...wire, status: statuses.shift() }) },
      modern,
    );
    clockOf.current = clock;
    tracker.start();
    await tracker.cancel();
    expect(tracker.state.cancelAcknowledged).toBe(true);
    expect(tracker.state.task.status).toBe('working');
    await tick(0);
    await tick(1000);
    expect(calls.map((c) => `${c.method}@${c.at}`)).toEqual(['tasks/cancel@0', 'tasks/get@0', 'tasks/get@1000']);
    expect(tracker.state.task.status).toBe('cancelled');
    expect(tracker.state.polling).toBe(false);
  });

  it('a notifications/tasks that says completed stops polling, and one tasks/get reads the result to show', async () => {
    const { clock, calls, tracker } = setup(
      base,
      { 'tasks/get': () => result({ ...wire, status: 'completed', result: { content: [{ type: 'text', text: 'pushed' }] } }) },
      modern,
    );
    clockOf.current = clock;
    tracker.start();
    tracker.apply({ ...wire, status: 'completed', result: { content: [] } });
    await flush();
    expect(tracker.state.polling).toBe(false);
    expect(tracker.state.result).toMatchObject({ status: 'result', result: { content: [{ text: 'pushed' }] } });
    await tick(5000);
    expect(calls.map((c) => `${c.method}@${c.at}`)).toEqual(['tasks/get@0']);
  });

  it('backs off after failed polls and returns to the interval after a good one', async () => {
    let fail = 2;
    const { clock, calls, tracker } = setup(
      base,
      { 'tasks/get': () => (fail-- > 0 ? { status: 'timeout', request, elapsedMs: 1, message: 'slow' } : result(wire)) },
      modern,
    );
    clockOf.current = clock;
    tracker.start();
    for (let i = 0; i < 16; i++) await tick(500);
    // 1000 (fails), +2000 (fails), +4000 (answers), +1000.
    expect(calls.map((c) => c.at)).toEqual([1000, 3000, 7000, 8000]);
    expect(tracker.state.failedPolls).toBe(0);
  });
});
