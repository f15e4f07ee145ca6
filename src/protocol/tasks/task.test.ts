import { describe, expect, it } from 'vitest';
import { parseTask, relatedTaskId, taskProblems, transitionProblem, TASK_STATUSES } from './task.js';

const task = { taskId: 't1', status: 'working', createdAt: '2025-11-25T10:00:00Z', lastUpdatedAt: '2025-11-25T10:00:00Z', ttl: 60000, pollInterval: 500 };

describe('Task', () => {
  it('reads a Task and keeps its optional fields', () => {
    expect(parseTask({ ...task, statusMessage: 'busy' })).toEqual({ ok: true, value: { ...task, statusMessage: 'busy' } });
    expect(parseTask({ ...task, ttl: null })).toMatchObject({ ok: true, value: { ttl: null } });
  });

  it('says every problem of a malformed task', () => {
    expect(taskProblems({ taskId: 3, status: 'busy', ttl: 'long', pollInterval: -1 })).toEqual([
      'taskId is not a string',
      'status "busy" is not one of working, input_required, completed, failed, cancelled',
      'createdAt (an ISO 8601 time) is missing',
      'lastUpdatedAt (an ISO 8601 time) is missing',
      'ttl is neither a number of milliseconds nor null',
      'pollInterval is not a number of milliseconds',
    ]);
    expect(taskProblems({ ...task, status: undefined })).toEqual(['status is missing']);
    expect(taskProblems('x')).toEqual(['it is "x", not an object']);
    expect(parseTask({ taskId: 't1' })).toEqual({
      ok: false,
      error:
        'The task is not usable: status is missing; createdAt (an ISO 8601 time) is missing; lastUpdatedAt (an ISO 8601 time) is missing; ttl is neither a number of milliseconds nor null.',
    });
  });

  it('allows working ⇄ input_required and either to a terminal status, never out of a terminal one', () => {
    expect(transitionProblem('working', 'input_required')).toBeUndefined();
    expect(transitionProblem('input_required', 'working')).toBeUndefined();
    expect(transitionProblem('input_required', 'completed')).toBeUndefined();
    expect(transitionProblem('working', 'cancelled')).toBeUndefined();
    for (const from of ['completed', 'failed', 'cancelled'] as const) {
      for (const to of TASK_STATUSES.filter((s) => s !== from)) expect(transitionProblem(from, to)).toContain(`${from} is terminal`);
      expect(transitionProblem(from, from)).toBeUndefined();
    }
  });

  it('finds the related task in _meta, and only an own key', () => {
    expect(relatedTaskId({ _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'abc' } } })).toBe('abc');
    expect(relatedTaskId({ _meta: {} })).toBeUndefined();
    expect(relatedTaskId({ message: 'x' })).toBeUndefined();
  });
});
