import { describe, expect, it } from 'vitest';
import { declaresTasksExtension, detailProblems, extTaskProblems, isTaskHandle, parseExtTask, taskOfHandle } from './ext-task.js';

const handle = {
  resultType: 'task',
  taskId: 'abc',
  status: 'working',
  statusMessage: 'on it',
  createdAt: '2026-07-28T10:00:00Z',
  lastUpdatedAt: '2026-07-28T10:00:01Z',
  ttlMs: 60000,
  pollIntervalMs: 500,
};

describe('the tasks extension (2026-07-28)', () => {
  it('recognises a task handle by resultType "task" only', () => {
    expect(isTaskHandle(handle)).toBe(true);
    expect(isTaskHandle({ ...handle, resultType: 'complete' })).toBe(false);
    expect(isTaskHandle({ task: handle })).toBe(false);
  });

  it('reads ttlMs and pollIntervalMs into the shared Task model', () => {
    expect(taskOfHandle(handle)).toEqual({
      ok: true,
      value: {
        taskId: 'abc',
        status: 'working',
        statusMessage: 'on it',
        createdAt: handle.createdAt,
        lastUpdatedAt: handle.lastUpdatedAt,
        ttl: 60000,
        pollInterval: 500,
      },
    });
    expect(taskOfHandle({ content: [] })).toEqual({ ok: false, error: 'The result has no resultType "task", so it is not a task handle.' });
  });

  it('names each problem of the Task fields, and the 2025 name used by mistake', () => {
    expect(extTaskProblems(handle)).toEqual([]);
    expect(extTaskProblems({ ...handle, ttlMs: undefined, ttl: 5, pollIntervalMs: 1.5, status: 'done' })).toEqual([
      'status "done" is not one of working, input_required, completed, failed, cancelled',
      'ttlMs is missing (the extension names it ttlMs; "ttl" is the 2025-11-25 name)',
      'pollIntervalMs is not an integer number of milliseconds',
    ]);
    expect(extTaskProblems({ ...handle, ttlMs: null })).toEqual([]);
  });

  it('reads the inline payload of each status, and says what a status lacks', () => {
    const ask = { method: 'elicitation/create', params: { message: 'Name?' } };
    const waiting = parseExtTask({ ...handle, status: 'input_required', inputRequests: { name: ask, bad: 3 } });
    expect(waiting.ok && waiting.value.detail).toEqual({ inputRequests: { name: ask } });
    expect(detailProblems({ ...handle, status: 'input_required', inputRequests: { name: ask, bad: 3 } })).toEqual([
      'inputRequests["bad"] is not a request ({method, params})',
    ]);
    const proto = parseExtTask({ ...handle, status: 'input_required', inputRequests: JSON.parse(`{"__proto__":${JSON.stringify(ask)}}`) as unknown });
    expect(proto.ok && Object.getOwnPropertyDescriptor(proto.value.detail.inputRequests, '__proto__')?.value).toEqual(ask);
    const done = parseExtTask({ ...handle, status: 'completed', result: { content: [] } });
    expect(done.ok && done.value.detail).toEqual({ result: { content: [] } });
    expect(detailProblems({ ...handle, status: 'completed' })).toEqual(['a completed task carries its final result in "result" (an object), and it has none']);
    const failed = parseExtTask({ ...handle, status: 'failed', error: { code: -32603, message: 'x' } });
    expect(failed.ok && failed.value.detail).toEqual({ error: { code: -32603, message: 'x' } });
    expect(detailProblems({ ...handle, status: 'failed', error: 'x' })).toHaveLength(1);
    expect(detailProblems({ ...handle, status: 'failed', error: { code: 1, message: 'm' }, result: { content: [] } })).toEqual([
      'a failed task carries no "result" (failed is for a JSON-RPC error only)',
    ]);
    expect(detailProblems({ ...handle, status: 'completed', result: { content: [] }, error: { code: 1, message: 'm' } })).toEqual([
      'a completed task carries no "error" (a tool that reported a failure is completed with result.isError)',
    ]);
    expect(parseExtTask({ status: 'working' })).toMatchObject({ ok: false });
  });

  it('finds the extension in capabilities', () => {
    expect(declaresTasksExtension({ extensions: { 'io.modelcontextprotocol/tasks': {} } })).toBe(true);
    expect(declaresTasksExtension({ extensions: {} })).toBe(false);
    expect(declaresTasksExtension({ tasks: {} })).toBe(false);
  });
});
