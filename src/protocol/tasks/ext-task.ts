// Tasks as the extension `io.modelcontextprotocol/tasks` (2026-07-28): a server
// may answer a supported request (tools/call) with a task handle (`resultType:
// "task"`, the Task fields inline); `tasks/get` returns the DetailedTask (the
// inputRequests, result or error of its status inline). The fields are named
// `ttlMs` / `pollIntervalMs` here; they are read into the same Task model as
// the 2025-11-25 experimental tasks so both generations share one tracker and view.

import { isRecord } from '../json/guards.js';
import type { JsonRpcErrorObject } from '../jsonrpc/codec.js';
import { err, ok, type Result } from '../result.js';
import { setOwn } from '../text/own.js';
import { isModernVersion } from '../versions.js';
import { isTaskStatus, sharedTaskProblems, taskFields, type Task } from './task.js';

/** The extension's identifier, in `capabilities.extensions` of both sides. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The `resultType` of a task handle (CreateTaskResult). */
export const TASK_RESULT_TYPE = 'task';

/** The requests a server may answer with a task handle (the SEP names only tools/call so far). */
export const TASK_AUGMENTABLE_METHODS: readonly string[] = ['tools/call'];

/** Which generation of tasks: 2025-11-25's experimental tasks, or the 2026-07-28 extension. */
export type TaskGeneration = 'legacy' | 'modern';

/** A server→client request the task waits for, under a key unique for the task's lifetime. */
export interface TaskInputRequest {
  method: string;
  params: unknown;
}

/** What a DetailedTask carries beyond the Task, by its status. */
export interface TaskDetail {
  inputRequests?: Record<string, TaskInputRequest>;
  /** completed: what the original request would have returned. */
  result?: unknown;
  /** failed: the JSON-RPC error of the original request. */
  error?: JsonRpcErrorObject;
}

/** A result the server marked as a task handle (`resultType: "task"`). */
export function isTaskHandle(result: unknown): boolean {
  return isRecord(result) && result.resultType === TASK_RESULT_TYPE;
}

/** Whether a capabilities object declares the extension (`extensions["io.modelcontextprotocol/tasks"]` is an object). */
export function declaresTasksExtension(capabilities: unknown): boolean {
  const extensions = isRecord(capabilities) ? capabilities.extensions : undefined;
  return isRecord(extensions) && isRecord(extensions[TASKS_EXTENSION]);
}

function isErrorObject(value: unknown): value is JsonRpcErrorObject {
  return isRecord(value) && typeof value.code === 'number' && typeof value.message === 'string';
}

/** Every problem of the Task fields of the extension; empty when they are right. */
export function extTaskProblems(value: unknown): string[] {
  return sharedTaskProblems(value, (task) => {
    const problems: string[] = [];
    if (!(task.ttlMs === null || isMilliseconds(task.ttlMs))) {
      problems.push(
        task.ttlMs === undefined && task.ttl !== undefined
          ? 'ttlMs is missing (the extension names it ttlMs; "ttl" is the 2025-11-25 name)'
          : 'ttlMs is neither an integer number of milliseconds nor null',
      );
    }
    if (task.pollIntervalMs !== undefined && !isMilliseconds(task.pollIntervalMs)) problems.push('pollIntervalMs is not an integer number of milliseconds');
    return problems;
  });
}

function isMilliseconds(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The problems of a DetailedTask's status-specific fields (tasks/get, notifications/tasks). */
export function detailProblems(value: unknown): string[] {
  if (!isRecord(value)) return [];
  switch (value.status) {
    case 'input_required':
      return inputRequestProblems(value.inputRequests);
    case 'completed':
      return [
        ...(isRecord(value.result) ? [] : ['a completed task carries its final result in "result" (an object), and it has none']),
        ...(value.error !== undefined ? ['a completed task carries no "error" (a tool that reported a failure is completed with result.isError)'] : []),
      ];
    case 'failed':
      return [
        ...(isErrorObject(value.error) ? [] : ['a failed task carries the JSON-RPC error in "error" ({code, message}), and it has none']),
        ...(value.result !== undefined ? ['a failed task carries no "result" (failed is for a JSON-RPC error only)'] : []),
      ];
    default:
      return [];
  }
}

function inputRequestProblems(value: unknown): string[] {
  if (!isRecord(value)) return ['an input_required task lists what it waits for in "inputRequests" (an object), and it has none'];
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (!isRecord(entry) || typeof entry.method !== 'string') problems.push(`inputRequests[${JSON.stringify(key)}] is not a request ({method, params})`);
  }
  return problems;
}

/** A task of the extension, read leniently where the shape allows (the linter reports the rest). */
export function parseExtTask(value: unknown): Result<{ task: Task; detail: TaskDetail }> {
  if (!isRecord(value) || typeof value.taskId !== 'string' || !isTaskStatus(value.status)) {
    return err(`The task is not usable: ${extTaskProblems(value).join('; ')}.`);
  }
  const task = taskFields(value, value.taskId, value.status, { ttl: 'ttlMs', pollInterval: 'pollIntervalMs' });
  const detail: TaskDetail = {};
  if (value.status === 'input_required' && isRecord(value.inputRequests)) {
    const requests: Record<string, TaskInputRequest> = {};
    for (const [key, entry] of Object.entries(value.inputRequests)) {
      if (isRecord(entry) && typeof entry.method === 'string') setOwn(requests, key, { method: entry.method, params: entry.params });
    }
    detail.inputRequests = requests;
  }
  if (value.status === 'completed' && Object.hasOwn(value, 'result')) detail.result = value.result;
  if (value.status === 'failed' && isErrorObject(value.error)) detail.error = value.error;
  return ok({ task, detail });
}

/** The task of a task handle, or why the result is not one. */
export function taskOfHandle(result: unknown): Result<Task> {
  if (!isTaskHandle(result)) return err('The result has no resultType "task", so it is not a task handle.');
  const parsed = parseExtTask(result);
  return parsed.ok ? ok(parsed.value.task) : parsed;
}

/** The tasks of a session in `protocolVersion`: the extension in the modern era. */
export function taskGenerationOf(protocolVersion: string | undefined): TaskGeneration {
  return protocolVersion !== undefined && isModernVersion(protocolVersion) ? 'modern' : 'legacy';
}
