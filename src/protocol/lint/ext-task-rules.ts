// Task rules of the 2026-07-28 tasks extension (io.modelcontextprotocol/tasks):
// a task handle answers only tools/call, of a client that declared the extension
// on that very request (TASK-EXT-CAP); every Task on the wire has the
// extension's fields and its status's payload (TASK-EXT-RESULT); a terminal
// status never changes (TASK-EXT-STATUS); tasks/update and tasks/cancel are
// acks (TASK-EXT-ACK); tasks/list and tasks/result are gone (MODERN-METHOD, the 2026-07-28 rules, says so).
// The 2025-11-25 task rules (task-rules.ts) are untouched.

import { isRecord } from '../json/guards.js';
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION } from '../mcp/modern-meta.js';
import { TASK_AUGMENTABLE_METHODS, declaresTasksExtension, detailProblems, extTaskProblems, isTaskHandle, taskGenerationOf } from '../tasks/ext-task.js';
import { isTerminalStatus, isTaskStatus, transitionProblem, type TaskStatus } from '../tasks/task.js';
import type { Sender } from './methods.js';
import type { Report } from './report.js';
import type { SessionFacts } from './state.js';

/** Methods of the 2025-11-25 tasks that the extension removed. */
const REMOVED = new Set(['tasks/list', 'tasks/result']);

function requestMeta(params: unknown): Record<string, unknown> {
  return isRecord(params) && isRecord(params._meta) ? params._meta : {};
}

/** A request of the modern generation: the version its `_meta` names, else the session's. */
export function modernExchange(facts: Pick<SessionFacts, 'version'>, requestParams: unknown): boolean {
  const named = requestMeta(requestParams)[META_PROTOCOL_VERSION];
  return taskGenerationOf(typeof named === 'string' ? named : facts.version) === 'modern';
}

export class ExtTaskLint {
  /** taskId → the last status the server reported (a terminal one sticks). */
  private readonly seen = new Map<string, TaskStatus>();

  constructor(private readonly facts: SessionFacts) {}

  request(sender: Sender, method: string, params: unknown, report: Report): void {
    if (sender !== 'client' || !method.startsWith('tasks/') || !modernExchange(this.facts, params)) return;
    // tasks/list and tasks/result: MODERN-METHOD.
    if (REMOVED.has(method)) return;
    if (!isRecord(params) || typeof params.taskId !== 'string') report('TASK-EXT-RESULT', `${method} needs params.taskId (a string).`, sender);
    else if (method === 'tasks/update' && !isRecord(params.inputResponses)) {
      report('TASK-EXT-RESULT', "tasks/update needs params.inputResponses (an object keyed like the task's inputRequests).", sender);
    }
  }

  /** An answer from the server to `method` (any method: a task handle may come where it must not). */
  result(sender: Sender, method: string, requestParams: unknown, result: unknown, report: Report): void {
    if (sender !== 'server') return;
    // tasks/get carries a Task too; its wrong resultType is said below.
    if (isTaskHandle(result) && !method.startsWith('tasks/')) {
      this.handle(method, requestParams, result, report);
      return;
    }
    if (!modernExchange(this.facts, requestParams)) return;
    if (REMOVED.has(method)) return; // MODERN-METHOD
    if (method === 'tasks/get') {
      if (isRecord(result) && result.resultType !== undefined && result.resultType !== 'complete') {
        report(
          'TASK-EXT-RESULT',
          `The tasks/get result has resultType ${JSON.stringify(result.resultType)}; it must be "complete" (it is the standard result of tasks/get).`,
          sender,
        );
      }
      this.task('tasks/get', result, report);
    } else if (method === 'tasks/update' || method === 'tasks/cancel') {
      const extra = isRecord(result) ? Object.keys(result).filter((k) => k !== 'resultType' && k !== '_meta') : [];
      if (extra.length) {
        report(
          'TASK-EXT-ACK',
          `The ${method} result carries ${extra.join(', ')}; under the tasks extension it is an empty acknowledgement, and the task's state is read with tasks/get.`,
          sender,
        );
      }
    }
  }

  /** notifications/tasks: the full DetailedTask. */
  notification(sender: Sender, method: string, params: unknown, report: Report): void {
    if (sender === 'server' && method === 'notifications/tasks') this.task('notifications/tasks', params, report);
  }

  private handle(method: string, requestParams: unknown, result: unknown, report: Report): void {
    if (!TASK_AUGMENTABLE_METHODS.includes(method)) {
      report(
        'TASK-EXT-CAP',
        `The server answered ${method} with a task handle (resultType "task"); only ${TASK_AUGMENTABLE_METHODS.join(', ')} may be answered with one.`,
        'server',
      );
    } else if (!modernExchange(this.facts, requestParams)) {
      report(
        'TASK-EXT-CAP',
        `The server answered ${method} with a task handle (resultType "task") in a ${this.facts.version} session; the tasks extension exists only from 2026-07-28 on.`,
        'server',
      );
    } else if (!declaresTasksExtension(requestMeta(requestParams)[META_CLIENT_CAPABILITIES])) {
      report(
        'TASK-EXT-CAP',
        `The server answered ${method} with a task handle, but the request's clientCapabilities did not declare the extension io.modelcontextprotocol/tasks; it must answer normally or with -32021.`,
        'server',
      );
    }
    const problems = extTaskProblems(result);
    if (problems.length) report('TASK-EXT-RESULT', `The task handle answering ${method} is not a valid Task: ${problems.join('; ')}.`, 'server');
    this.observe(result, method, report);
  }

  private task(via: string, value: unknown, report: Report): void {
    const problems = [...extTaskProblems(value), ...detailProblems(value)];
    if (problems.length) report('TASK-EXT-RESULT', `The task in ${via} is not a valid Task of the tasks extension: ${problems.join('; ')}.`, 'server');
    this.observe(value, via, report);
  }

  private observe(value: unknown, via: string, report: Report): void {
    if (!isRecord(value) || typeof value.taskId !== 'string' || !isTaskStatus(value.status)) return;
    const before = this.seen.get(value.taskId);
    if (before !== undefined) {
      const problem = transitionProblem(before, value.status);
      if (problem) report('TASK-EXT-STATUS', `Task ${value.taskId} ${problem} (seen in ${via}).`, 'server');
      if (isTerminalStatus(before)) return;
    }
    this.seen.set(value.taskId, value.status);
  }
}
