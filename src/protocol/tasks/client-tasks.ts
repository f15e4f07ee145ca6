// Client-side tasks (2025-11-25): a server may ask for sampling or elicitation
// "as a task" (params.task). The client then answers at once with a
// CreateTaskResult, runs the usual handler in the background, and answers the
// server's tasks/get, tasks/result (blocking until the task ends), tasks/list
// and tasks/cancel, sending notifications/tasks/status as the status changes.
// Generic over the handler: whatever answers the request answers the task.

import { ErrorCode } from '../jsonrpc/codec.js';
import { isRecord } from '../json/guards.js';
import type { ServerRequestAnswer, ServerRequestHandler, ServerRequestInfo } from '../session/types.js';
import type { Clock } from '../time/clock.js';
import { RELATED_TASK_KEY, isTerminalStatus, type Task, type TaskStatus } from './task.js';

/** Server requests a client may run as tasks, and the capability that says so (`tasks.requests.…`). */
export const TASK_AUGMENTABLE: ReadonlyArray<{ method: string; capability: readonly [string, string] }> = [
  { method: 'sampling/createMessage', capability: ['sampling', 'createMessage'] },
  { method: 'elicitation/create', capability: ['elicitation', 'create'] },
];

export const CLIENT_TASK_POLL_MS = 1000;
export const CLIENT_TASK_DEFAULT_TTL_MS = 10 * 60_000;
export const CLIENT_TASK_MAX_TTL_MS = 60 * 60_000;
const PAGE_SIZE = 20;

export interface ClientTask {
  task: Task;
  /** The request the task runs: its method and params as the server sent them. */
  method: string;
  params: unknown;
  /** The handler's answer, once the task has ended. */
  answer?: ServerRequestAnswer;
}

export interface ClientTaskOptions {
  clock: Clock;
  /** Sends a notification on the current connection. */
  notify: (method: string, params: unknown) => void;
  /** Wall-clock time (ms since the epoch) for createdAt / lastUpdatedAt. */
  now?: () => number;
  newTaskId?: () => string;
  onChange?: () => void;
}

interface Running extends ClientTask {
  abort: AbortController;
  waiters: Array<(answer: ServerRequestAnswer) => void>;
  expired: boolean;
}

const invalid = (message: string): ServerRequestAnswer => ({ error: { code: ErrorCode.InvalidParams, message } });

export class ClientTaskReceiver {
  private readonly running = new Map<string, Running>();
  private readonly now: () => number;
  private counter = 0;

  constructor(private readonly options: ClientTaskOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The tasks this client holds, oldest first. */
  get tasks(): ClientTask[] {
    return [...this.running.values()].map(({ task, method, params, answer }) => ({ task, method, params, ...(answer ? { answer } : {}) }));
  }

  /**
   * The handlers with task support: each task-augmentable one answers a request carrying
   * `params.task` with a task, and tasks/get, tasks/result, tasks/list and tasks/cancel are added.
   */
  wrap(handlers: Readonly<Record<string, ServerRequestHandler>>): Record<string, ServerRequestHandler> {
    const wrapped: Record<string, ServerRequestHandler> = { ...handlers };
    for (const { method } of TASK_AUGMENTABLE) {
      const handler = handlers[method];
      if (!handler) continue;
      wrapped[method] = (params, request) =>
        isRecord(params) && isRecord(params.task) ? this.create(method, params, handler, request) : handler(params, request);
    }
    wrapped['tasks/get'] = (params) => this.lookup(params, 'tasks/get', (t) => ({ result: t.task }));
    wrapped['tasks/result'] = (params) => this.lookup(params, 'tasks/result', (t) => this.result(t));
    wrapped['tasks/cancel'] = (params) => this.lookup(params, 'tasks/cancel', (t) => this.cancel(t));
    wrapped['tasks/list'] = (params) => this.list(params);
    return wrapped;
  }

  /** A new connection: the old one's tasks are gone, and their work is stopped. */
  reset(): void {
    for (const t of this.running.values()) t.abort.abort();
    this.running.clear();
    this.options.onChange?.();
  }

  private create(method: string, params: Record<string, unknown>, handler: ServerRequestHandler, request: ServerRequestInfo): ServerRequestAnswer {
    const requested = isRecord(params.task) ? params.task.ttl : undefined;
    const ttl = typeof requested === 'number' && requested > 0 ? Math.min(requested, CLIENT_TASK_MAX_TTL_MS) : CLIENT_TASK_DEFAULT_TTL_MS;
    const taskId = this.options.newTaskId?.() ?? `mcpscope-task-${++this.counter}-${Math.floor(this.now()).toString(36)}`;
    const at = new Date(this.now()).toISOString();
    const task: Task = {
      taskId,
      status: 'working',
      statusMessage: `Waiting for mcpscope to answer ${method}.`,
      createdAt: at,
      lastUpdatedAt: at,
      ttl,
      pollInterval: CLIENT_TASK_POLL_MS,
    };
    const entry: Running = { task, method, params, abort: new AbortController(), waiters: [], expired: false };
    this.running.set(taskId, entry);
    this.options.clock.setTimeout(() => this.expire(entry), ttl);
    const settle = (answer: ServerRequestAnswer) => this.finish(entry, answer);
    try {
      const answer = handler(params, { ...request, signal: entry.abort.signal, taskId });
      if (answer instanceof Promise) {
        answer.then(settle, (e: unknown) =>
          settle({ error: { code: ErrorCode.InternalError, message: `mcpscope failed to answer ${method}: ${errorText(e)}` } }),
        );
      } else queueMicrotask(() => settle(answer));
    } catch (e) {
      queueMicrotask(() => settle({ error: { code: ErrorCode.InternalError, message: `mcpscope failed to answer ${method}: ${errorText(e)}` } }));
    }
    this.options.onChange?.();
    return { result: { task } };
  }

  private finish(entry: Running, answer: ServerRequestAnswer): void {
    if (this.running.get(entry.task.taskId) !== entry || isTerminalStatus(entry.task.status)) return;
    entry.answer = answer;
    if ('result' in answer) this.setStatus(entry, 'completed', `${entry.method} was answered.`);
    else this.setStatus(entry, 'failed', `${entry.method} failed: ${answer.error.message}`);
  }

  private setStatus(entry: Running, status: TaskStatus, statusMessage: string): void {
    entry.task = { ...entry.task, status, statusMessage, lastUpdatedAt: new Date(this.now()).toISOString() };
    this.options.notify('notifications/tasks/status', entry.task);
    if (isTerminalStatus(status)) {
      const answer = this.finalAnswer(entry);
      for (const w of entry.waiters.splice(0)) w(answer);
      if (entry.expired) this.running.delete(entry.task.taskId);
    }
    this.options.onChange?.();
  }

  /** After its ttl, a finished task is forgotten; one still running is forgotten when it ends. */
  private expire(entry: Running): void {
    entry.expired = true;
    if (isTerminalStatus(entry.task.status) && this.running.get(entry.task.taskId) === entry) {
      this.running.delete(entry.task.taskId);
      this.options.onChange?.();
    }
  }

  private lookup(
    params: unknown,
    method: string,
    answer: (t: Running) => ServerRequestAnswer | Promise<ServerRequestAnswer>,
  ): ServerRequestAnswer | Promise<ServerRequestAnswer> {
    const taskId = isRecord(params) ? params.taskId : undefined;
    if (typeof taskId !== 'string') return invalid(`${method} needs a taskId string.`);
    const entry = this.running.get(taskId);
    if (!entry) return invalid(`No task ${JSON.stringify(taskId)}: this client never created it, or it expired.`);
    return answer(entry);
  }

  /** Blocks until the task has ended, then answers exactly what the request would have. */
  private result(entry: Running): ServerRequestAnswer | Promise<ServerRequestAnswer> {
    if (isTerminalStatus(entry.task.status)) return this.finalAnswer(entry);
    return new Promise((resolve) => entry.waiters.push(resolve));
  }

  private finalAnswer(entry: Running): ServerRequestAnswer {
    const answer = entry.answer;
    if (!answer)
      return {
        error: { code: ErrorCode.InternalError, message: `Task ${entry.task.taskId} was cancelled before ${entry.method} was answered; it has no result.` },
      };
    if ('error' in answer) return answer;
    const result = isRecord(answer.result) ? answer.result : {};
    const meta = isRecord(result._meta) ? result._meta : {};
    return { result: { ...result, _meta: { ...meta, [RELATED_TASK_KEY]: { taskId: entry.task.taskId } } } };
  }

  private cancel(entry: Running): ServerRequestAnswer {
    if (isTerminalStatus(entry.task.status)) return invalid(`Task ${entry.task.taskId} is already ${entry.task.status}; a finished task cannot be cancelled.`);
    entry.abort.abort();
    this.setStatus(entry, 'cancelled', 'Cancelled by the server (tasks/cancel).');
    return { result: entry.task };
  }

  private list(params: unknown): ServerRequestAnswer {
    const cursor = isRecord(params) ? params.cursor : undefined;
    let start = 0;
    if (cursor !== undefined) {
      start = typeof cursor === 'string' && /^\d+$/.test(cursor) ? Number(cursor) : NaN;
      if (!(start <= this.running.size)) return invalid(`tasks/list: the cursor ${JSON.stringify(cursor)} is not one this client gave.`);
    }
    const tasks = [...this.running.values()].slice(start, start + PAGE_SIZE).map((t) => t.task);
    const next = start + PAGE_SIZE;
    return { result: next < this.running.size ? { tasks, nextCursor: String(next) } : { tasks } };
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
