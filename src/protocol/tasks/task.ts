// Tasks (2025-11-25, experimental): the Task a receiver reports, its status
// state machine, and the `_meta` key that ties other messages to a task.

import { isRecord } from '../json/guards.js';
import { err, ok, type Result } from '../result.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export const TASK_STATUSES: readonly TaskStatus[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

export interface Task {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601 times, as the receiver wrote them. */
  createdAt: string;
  lastUpdatedAt: string;
  /** Milliseconds from creation before the receiver may delete the task; null: unlimited. */
  ttl: number | null;
  pollInterval?: number;
}

/** The `_meta` key that associates requests, notifications and results with a task. */
export const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}

export function isTerminalStatus(status: unknown): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/**
 * Why going from `from` to `to` breaks the spec's state machine (working ⇄ input_required,
 * either → a terminal status; a terminal status never changes), or undefined when allowed.
 */
export function transitionProblem(from: TaskStatus, to: TaskStatus): string | undefined {
  if (from === to) return undefined;
  if (isTerminalStatus(from)) return `went from ${from} to ${to}, but ${from} is terminal: a finished task must never change status`;
  return undefined;
}

/**
 * The problems of the fields both generations' Tasks share, in the order they are told; `timing` gives those of
 * the ttl and poll interval, which each generation names its own way (2025-11-25 `ttl`, the extension `ttlMs`).
 */
export function sharedTaskProblems(value: unknown, timing: (task: Record<string, unknown>) => string[]): string[] {
  if (!isRecord(value)) return [`it is ${JSON.stringify(value) ?? 'undefined'}, not an object`];
  const problems: string[] = [];
  if (typeof value.taskId !== 'string') problems.push('taskId is not a string');
  if (value.status === undefined) problems.push('status is missing');
  else if (!isTaskStatus(value.status)) problems.push(`status ${JSON.stringify(value.status)} is not one of ${TASK_STATUSES.join(', ')}`);
  if (typeof value.createdAt !== 'string') problems.push('createdAt (an ISO 8601 time) is missing');
  if (typeof value.lastUpdatedAt !== 'string') problems.push('lastUpdatedAt (an ISO 8601 time) is missing');
  problems.push(...timing(value));
  if (value.statusMessage !== undefined && typeof value.statusMessage !== 'string') problems.push('statusMessage is not a string');
  return problems;
}

/** Every problem of a value that should be a Task; empty when it is one. */
export function taskProblems(value: unknown): string[] {
  return sharedTaskProblems(value, (task) => [
    ...(typeof task.ttl !== 'number' && task.ttl !== null ? ['ttl is neither a number of milliseconds nor null'] : []),
    ...(task.pollInterval !== undefined && (typeof task.pollInterval !== 'number' || !(task.pollInterval >= 0))
      ? ['pollInterval is not a number of milliseconds']
      : []),
  ]);
}

/** A Task, read leniently where the shape allows it (the problems are the linter's to report). */
export function parseTask(value: unknown): Result<Task> {
  const problems = taskProblems(value);
  if (!isRecord(value) || typeof value.taskId !== 'string' || !isTaskStatus(value.status)) {
    return err(`The task is not usable: ${problems.join('; ')}.`);
  }
  return ok(taskFields(value, value.taskId, value.status, { ttl: 'ttl', pollInterval: 'pollInterval' }));
}

/**
 * The Task in a record whose id and status were checked: the 2025-11-25 task (`ttl`, `pollInterval`) and
 * the 2026 tasks extension's (`ttlMs`, `pollIntervalMs`) differ only in those two names.
 */
export function taskFields(
  value: Record<string, unknown>,
  taskId: string,
  status: TaskStatus,
  names: { ttl: 'ttl' | 'ttlMs'; pollInterval: 'pollInterval' | 'pollIntervalMs' },
): Task {
  const ttl = value[names.ttl];
  const pollInterval = value[names.pollInterval];
  const task: Task = {
    taskId,
    status,
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
    lastUpdatedAt: typeof value.lastUpdatedAt === 'string' ? value.lastUpdatedAt : '',
    ttl: typeof ttl === 'number' ? ttl : null,
  };
  if (typeof value.statusMessage === 'string') task.statusMessage = value.statusMessage;
  if (typeof pollInterval === 'number' && pollInterval >= 0) task.pollInterval = pollInterval;
  return task;
}

/** The task id in a message's `_meta` (`io.modelcontextprotocol/related-task`), if any. */
export function relatedTaskId(paramsOrResult: unknown): string | undefined {
  const meta = isRecord(paramsOrResult) && isRecord(paramsOrResult._meta) ? paramsOrResult._meta : undefined;
  const related = meta && Object.hasOwn(meta, RELATED_TASK_KEY) ? meta[RELATED_TASK_KEY] : undefined;
  return isRecord(related) && typeof related.taskId === 'string' ? related.taskId : undefined;
}
