// Tasks (2025-11-25): a request whose params carry `task` may be answered with
// a CreateTaskResult, `{task: {taskId, status, …}}`, instead of its usual
// result. A receiver without task support answers the usual way, which is fine.

import type { Report } from './report.js';
import { isRecord } from '../json/guards.js';
import type { Outstanding } from './state.js';
import type { Sender } from './methods.js';

const STATUSES = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);

/** The request asked for a task (params.task is an object). */
export function isTaskAugmented(request: Outstanding): boolean {
  return isRecord(request.params) && isRecord(request.params.task);
}

/** A task-augmented request answered with a task rather than its usual result. */
export function isTaskAnswer(request: Outstanding, result: unknown): boolean {
  return isTaskAugmented(request) && isRecord(result) && Object.hasOwn(result, 'task');
}

/** Checks the task of a CreateTaskResult against the 2025-11-25 Task shape. */
export function checkTaskResult(method: string, result: unknown, sender: Sender, report: Report): void {
  const task = isRecord(result) ? result.task : undefined;
  if (!isRecord(task)) {
    report('TASK-RESULT', `The task answer to ${method} has "task": ${JSON.stringify(task)}; it must be an object.`, sender);
    return;
  }
  const problems: string[] = [];
  if (typeof task.taskId !== 'string') problems.push('taskId is not a string');
  if (typeof task.status !== 'string' || !STATUSES.has(task.status)) {
    problems.push(`status ${JSON.stringify(task.status)} is not one of ${[...STATUSES].join(', ')}`);
  }
  if (typeof task.createdAt !== 'string') problems.push('createdAt (an ISO 8601 time) is missing');
  if (typeof task.lastUpdatedAt !== 'string') problems.push('lastUpdatedAt (an ISO 8601 time) is missing');
  if (typeof task.ttl !== 'number' && task.ttl !== null) problems.push('ttl is neither a number of milliseconds nor null');
  if (task.pollInterval !== undefined && typeof task.pollInterval !== 'number') problems.push('pollInterval is not a number');
  if (task.statusMessage !== undefined && typeof task.statusMessage !== 'string') problems.push('statusMessage is not a string');
  if (problems.length) report('TASK-RESULT', `The task answer to ${method} is not a valid Task: ${problems.join('; ')}.`, sender);
}

/** The task a value speaks of: a Task (`tasks/get`, `notifications/tasks/status`), `{task: Task}`, or `{taskId}` (`tasks/result` params). */
export function taskOf(value: unknown): { taskId: string; status?: unknown } | undefined {
  const task = isRecord(value) && isRecord(value.task) ? value.task : value;
  return isRecord(task) && typeof task.taskId === 'string' ? { taskId: task.taskId, status: task.status } : undefined;
}

export function isTerminalTaskStatus(status: unknown): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
