// Task rules (2025-11-25): each task's statuses follow the state machine
// (TASK-STATUS), tasks are asked for only where the receiver declared them
// (TASK-CAP), a task does not stay unfinished past its ttl (TASK-TTL), and
// every Task on the wire has the Task shape (TASK-RESULT).

import { isRecord } from '../json/guards.js';
import { isTerminalStatus, relatedTaskId, taskProblems, transitionProblem, type TaskStatus, isTaskStatus } from '../tasks/task.js';
import { modernExchange } from './ext-task-rules.js';
import type { Sender } from './methods.js';
import type { Report } from './report.js';
import { other, type SessionFacts } from './state.js';

interface SeenTask {
  status: TaskStatus;
  /** When the linter first saw the task (frame time). */
  firstAt: number;
  ttl: number | null;
  ttlWarned: boolean;
}

/** Which capability of the receiver each task request needs: [path, what it means]. */
const TASK_REQUEST_NEEDS = new Map<string, readonly string[]>([
  ['tasks/list', ['tasks', 'list']],
  ['tasks/cancel', ['tasks', 'cancel']],
  ['tasks/get', ['tasks']],
  ['tasks/result', ['tasks']],
]);

/** Task-augmentable requests and the receiver's `tasks.requests` entry for each. */
const AUGMENTABLE = new Map<string, readonly string[]>([
  ['tools/call', ['tasks', 'requests', 'tools', 'call']],
  ['sampling/createMessage', ['tasks', 'requests', 'sampling', 'createMessage']],
  ['elicitation/create', ['tasks', 'requests', 'elicitation', 'create']],
]);

function declared(caps: Record<string, unknown> | undefined, path: readonly string[]): boolean {
  let v: unknown = caps;
  for (const p of path) {
    if (!isRecord(v) || !Object.hasOwn(v, p)) return false;
    v = v[p];
  }
  return v !== undefined && v !== null && v !== false;
}

export class TaskLint {
  /** "receiver:taskId" → what the linter knows of the task. */
  private readonly seen = new Map<string, SeenTask>();

  constructor(private readonly facts: SessionFacts) {}

  /** A request: task requests and task-augmented requests need the receiver's capability. */
  request(sender: Sender, method: string, params: unknown, report: Report): void {
    if (!this.facts.negotiated || this.facts.version < '2025-11-25') return;
    const receiver = other(sender);
    const caps = receiver === 'server' ? this.facts.serverCapabilities : this.facts.clientCapabilities;
    const need = TASK_REQUEST_NEEDS.get(method);
    if (need && !declared(caps, need)) {
      report('TASK-CAP', `The ${sender} sent ${method}, but the ${receiver} did not declare the capability ${need.join('.')}.`, sender);
      return;
    }
    const augmentation = AUGMENTABLE.get(method);
    if (!augmentation) return;
    const asTask = isRecord(params) && isRecord(params.task);
    if (asTask && !declared(caps, augmentation)) {
      // Tool calls: MUST NOT; other requests: SHOULD only.
      report(
        'TASK-CAP',
        `The ${sender} sent ${method} as a task, but the ${receiver} did not declare ${augmentation.join('.')}; it must answer as if no task was asked.`,
        sender,
        method === 'tools/call' ? 'error' : 'warning',
      );
      return;
    }
    if (method !== 'tools/call' || !isRecord(params) || typeof params.name !== 'string') return;
    const tool = this.facts.tools.get(params.name);
    if (!tool || !declared(caps, augmentation)) return;
    const support = tool.execution?.taskSupport ?? 'forbidden';
    if (asTask && support === 'forbidden') {
      report(
        'TASK-CAP',
        `Tool ${params.name} was called as a task, but its execution.taskSupport is ${tool.execution?.taskSupport === undefined ? 'absent (forbidden)' : '"forbidden"'}.`,
        sender,
      );
    } else if (!asTask && support === 'required') {
      report('TASK-CAP', `Tool ${params.name} has execution.taskSupport "required", but was called without "task"; the server should answer -32601.`, sender);
    }
  }

  /** notifications/tasks/status from the receiver of the task: the full Task. */
  statusNotification(sender: Sender, params: unknown, at: number, report: Report): void {
    const problems = taskProblems(params);
    if (problems.length) report('TASK-RESULT', `notifications/tasks/status does not carry a valid Task: ${problems.join('; ')}.`, sender);
    this.observe(sender, params, at, 'notifications/tasks/status', report);
  }

  /** An answer from `sender` to `method`: Tasks from tasks/get and tasks/cancel, the created task, tasks/list, tasks/result. */
  result(sender: Sender, method: string, requestParams: unknown, result: unknown, created: boolean, at: number, report: Report): void {
    // On 2026-07-28 tasks are the extension's, with rules of their own (ext-task-rules.ts).
    if (modernExchange(this.facts, requestParams)) return;
    if (created) {
      const task = isRecord(result) ? result.task : undefined;
      if (isRecord(task) && isTaskStatus(task.status) && task.status !== 'working' && !this.known(sender, task.taskId)) {
        report('TASK-STATUS', `The task created by ${method} began as ${task.status}; a task must begin in working.`, sender);
      }
      this.observe(sender, task, at, method, report);
      return;
    }
    if (method === 'tasks/get' || method === 'tasks/cancel') {
      const problems = taskProblems(result);
      if (problems.length) report('TASK-RESULT', `The ${method} result is not a valid Task: ${problems.join('; ')}.`, sender);
      if (method === 'tasks/cancel' && isRecord(result) && isTaskStatus(result.status) && result.status !== 'cancelled') {
        report('TASK-STATUS', `tasks/cancel was answered with status ${result.status}; the task must be cancelled before the response is sent.`, sender);
      }
      this.observe(sender, result, at, method, report);
    } else if (method === 'tasks/list' && isRecord(result)) {
      if (!Array.isArray(result.tasks)) {
        report('TASK-RESULT', 'The tasks/list result has no "tasks" array.', sender);
        return;
      }
      for (const [i, task] of result.tasks.entries()) {
        const problems = taskProblems(task);
        if (problems.length) report('TASK-RESULT', `tasks[${i}] of the tasks/list result is not a valid Task: ${problems.join('; ')}.`, sender);
        else this.observe(sender, task, at, method, report);
      }
    } else if (method === 'tasks/result') {
      const taskId = isRecord(requestParams) ? requestParams.taskId : undefined;
      if (typeof taskId === 'string' && relatedTaskId(result) !== taskId) {
        report(
          'TASK-RESULT',
          `The tasks/result answer for task ${JSON.stringify(taskId)} lacks _meta["io.modelcontextprotocol/related-task"] = {taskId: ${JSON.stringify(taskId)}}; it must carry it.`,
          sender,
          'warning',
        );
      }
    }
  }

  private known(receiver: Sender, taskId: unknown): boolean {
    return typeof taskId === 'string' && this.seen.has(`${receiver}:${taskId}`);
  }

  /** A Task reported by its receiver: its status must follow the state machine, and end within its ttl. */
  private observe(receiver: Sender, value: unknown, at: number, via: string, report: Report): void {
    if (!isRecord(value) || typeof value.taskId !== 'string' || !isTaskStatus(value.status)) return;
    const key = `${receiver}:${value.taskId}`;
    const ttl = typeof value.ttl === 'number' ? value.ttl : null;
    const before = this.seen.get(key);
    const entry: SeenTask = before ?? { status: value.status, firstAt: at, ttl, ttlWarned: false };
    if (before) {
      const problem = transitionProblem(before.status, value.status);
      if (problem) report('TASK-STATUS', `Task ${value.taskId} ${problem} (seen in ${via}).`, receiver);
      // A terminal status stays what it was: a later report does not reopen the task.
      if (!isTerminalStatus(before.status)) entry.status = value.status;
      entry.ttl = ttl;
    }
    this.seen.set(key, entry);
    if (entry.ttlWarned || entry.ttl === null || isTerminalStatus(value.status)) return;
    // By the task's own times, or by how long the linter has watched it.
    const created = typeof value.createdAt === 'string' ? Date.parse(value.createdAt) : NaN;
    const updated = typeof value.lastUpdatedAt === 'string' ? Date.parse(value.lastUpdatedAt) : NaN;
    const age = Math.max(...[updated - created, at - entry.firstAt].filter(Number.isFinite));
    if (age > entry.ttl) {
      entry.ttlWarned = true;
      report(
        'TASK-TTL',
        `Task ${value.taskId} is still ${value.status} ${Math.round(age / 1000)} s after it was created, past its ttl of ${Math.round(entry.ttl / 1000)} s; the receiver may delete it at any time, so its result can be lost.`,
        receiver,
      );
    }
  }
}
