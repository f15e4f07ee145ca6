// Tasks (2025-11-25): a request whose params carry `task` may be answered with
// a CreateTaskResult, `{task: {taskId, status, …}}`, instead of its usual
// result. A receiver without task support answers the usual way, which is fine.

import type { Report } from './report.js';
import { isRecord } from '../json/guards.js';
import type { Outstanding } from './state.js';
import type { Sender } from './methods.js';
import { taskProblems } from '../tasks/task.js';

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
  const problems = taskProblems(task);
  if (problems.length) report('TASK-RESULT', `The task answer to ${method} is not a valid Task: ${problems.join('; ')}.`, sender);
}

/** The task a value speaks of: a Task (`tasks/get`, `notifications/tasks/status`), `{task: Task}`, or `{taskId}` (`tasks/result` params). */
export function taskOf(value: unknown): { taskId: string; status?: unknown } | undefined {
  const task = isRecord(value) && isRecord(value.task) ? value.task : value;
  return isRecord(task) && typeof task.taskId === 'string' ? { taskId: task.taskId, status: task.status } : undefined;
}
