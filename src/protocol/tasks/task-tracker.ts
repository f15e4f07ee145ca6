// The requestor's side of one task: polls tasks/get at the receiver's
// pollInterval (clamped, and for a bounded time), applies status notifications,
// asks tasks/result once the task needs input or has ended, and cancels it.
// Runtime-free: the session's request function and a clock are passed in.

import { ErrorCode } from '../jsonrpc/codec.js';
import { isRecord } from '../json/guards.js';
import { outcomeMessage } from '../session/client-session.js';
import type { RequestOptions, RequestOutcome } from '../session/types.js';
import { formatDuration } from '../text/format.js';
import type { Clock } from '../time/clock.js';
import { isTerminalStatus, parseTask, transitionProblem, type Task, type TaskStatus } from './task.js';

/** Polling faster than this would flood the wire, whatever the receiver suggests. */
export const MIN_POLL_MS = 200;
/** A receiver's longer interval is shortened to this, so the view stays live. */
export const MAX_POLL_MS = 30_000;
/** Without a pollInterval from the receiver. */
export const DEFAULT_POLL_MS = 1000;
/** Polling stops after this long without a terminal status (it can be resumed). */
export const DEFAULT_MAX_TRACK_MS = 10 * 60_000;

export type TaskRequest = (method: string, params: unknown, options?: RequestOptions) => Promise<RequestOutcome>;

export interface TaskTrackerOptions {
  request: TaskRequest;
  clock: Clock;
  maxTrackMs?: number;
  onChange?: () => void;
}

export interface TaskStatusSeen {
  status: TaskStatus;
  statusMessage?: string;
  /** Clock time it was seen. */
  at: number;
  source: 'created' | 'tasks/get' | 'notification' | 'tasks/cancel';
}

export interface TaskTrackerState {
  task: Task;
  /** Each status change seen, oldest first. */
  history: TaskStatusSeen[];
  polls: number;
  /** Clock time tracking (re)started: the bound on polling counts from here. */
  startedAt: number;
  polling: boolean;
  /** Why polling stopped before a terminal status (a bound, an error); cleared on resume. */
  stopped?: string;
  /** Transitions the receiver made that the state machine forbids. */
  backwards: string[];
  /** The last poll's problem, if it had one. */
  pollError?: string;
  resultPending: boolean;
  /** The outcome of tasks/result: the underlying request's result or error. */
  result?: RequestOutcome;
  cancelling: boolean;
  cancelMessage?: string;
}

export class TaskTracker {
  private _state: TaskTrackerState;
  private timer: unknown;
  private readonly maxTrackMs: number;

  constructor(
    task: Task,
    private readonly options: TaskTrackerOptions,
  ) {
    this.maxTrackMs = options.maxTrackMs ?? DEFAULT_MAX_TRACK_MS;
    const now = options.clock.now();
    this._state = {
      task,
      history: [{ status: task.status, ...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {}), at: now, source: 'created' }],
      polls: 0,
      startedAt: now,
      polling: false,
      backwards: [],
      resultPending: false,
      cancelling: false,
    };
  }

  get state(): TaskTrackerState {
    return this._state;
  }

  /** Start (or resume) polling; the bound on polling time starts afresh. */
  start(): void {
    if (this.ended()) {
      this.askResult();
      return;
    }
    this.patch({ polling: true, stopped: undefined, startedAt: this.options.clock.now() });
    this.askResult();
    this.schedule();
  }

  /** Stop polling (the connection ended, the view was closed). */
  stop(reason: string): void {
    this.options.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this._state.polling) this.patch({ polling: false, stopped: reason });
  }

  /** A Task from a notification (or tasks/list): applied like a poll's answer. */
  apply(value: unknown, source: TaskStatusSeen['source'] = 'notification'): void {
    const parsed = parseTask(value);
    if (!parsed.ok || parsed.value.taskId !== this._state.task.taskId) return;
    const task = parsed.value;
    const before = this._state.task.status;
    const problem = transitionProblem(before, task.status);
    const changed = task.status !== before || task.statusMessage !== this._state.task.statusMessage;
    this.patch({
      task,
      ...(changed
        ? {
            history: [
              ...this._state.history,
              { status: task.status, ...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {}), at: this.options.clock.now(), source },
            ],
          }
        : {}),
      ...(problem ? { backwards: [...this._state.backwards, `The task ${problem}.`] } : {}),
    });
    if (this.ended()) {
      this.options.clock.clearTimeout(this.timer);
      this.timer = undefined;
      if (this._state.polling) this.patch({ polling: false });
    }
    this.askResult();
  }

  /** tasks/cancel; the answer is the task in its cancelled status. */
  async cancel(): Promise<void> {
    if (this._state.cancelling || this.ended()) return;
    this.patch({ cancelling: true, cancelMessage: undefined });
    const outcome = await this.options.request('tasks/cancel', { taskId: this._state.task.taskId });
    if (outcome.status === 'result') {
      this.apply(outcome.result, 'tasks/cancel');
      this.patch({ cancelling: false, cancelMessage: parseTask(outcome.result).ok ? undefined : 'The tasks/cancel result is not a Task.' });
    } else {
      this.patch({ cancelling: false, cancelMessage: `tasks/cancel failed: ${outcomeMessage(outcome)}` });
    }
  }

  /** A terminal status was seen: polling is over, whatever came after. */
  private ended(): boolean {
    return this._state.history.some((h) => isTerminalStatus(h.status));
  }

  private schedule(): void {
    this.options.clock.clearTimeout(this.timer);
    const suggested = this._state.task.pollInterval ?? DEFAULT_POLL_MS;
    const interval = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
    this.timer = this.options.clock.setTimeout(() => void this.poll(), interval);
  }

  private async poll(): Promise<void> {
    this.timer = undefined;
    if (!this._state.polling || this.ended()) return;
    const elapsed = this.options.clock.now() - this._state.startedAt;
    if (elapsed >= this.maxTrackMs) {
      const { polls, task } = this._state;
      this.stop(
        `Still ${task.status} after ${formatDuration(elapsed)} (${polls} polls); polling stopped so a task that never ends does not poll forever. Press Poll again to go on.`,
      );
      return;
    }
    const outcome = await this.options.request('tasks/get', { taskId: this._state.task.taskId });
    this.patch({ polls: this._state.polls + 1 });
    if (!this._state.polling) return;
    if (outcome.status === 'result') {
      const parsed = parseTask(outcome.result);
      this.patch({ pollError: parsed.ok ? undefined : `The tasks/get result is not a Task: ${parsed.error}` });
      if (parsed.ok) this.apply(outcome.result, 'tasks/get');
    } else if (outcome.status === 'error' && outcome.error.code === ErrorCode.InvalidParams) {
      this.stop(`The receiver no longer knows this task (tasks/get: ${outcome.error.message}); it may have expired.`);
      return;
    } else if (outcome.status === 'closed' || outcome.status === 'refused') {
      this.stop(outcomeMessage(outcome));
      return;
    } else {
      this.patch({ pollError: outcomeMessage(outcome) });
    }
    if (this._state.polling && !this.ended()) this.schedule();
  }

  /** tasks/result, once: when the task needs input (it blocks until the end) or has completed or failed. */
  private askResult(): void {
    const { task, resultPending, result } = this._state;
    if (resultPending || result !== undefined) return;
    if (task.status !== 'input_required' && task.status !== 'completed' && task.status !== 'failed') return;
    this.patch({ resultPending: true });
    const askedWhile = task.status;
    void this.options.request('tasks/result', { taskId: task.taskId }, { timeoutMs: this.maxTrackMs }).then((outcome) => {
      // Asked early (input_required) and no answer came: ask again once the task has ended.
      if (askedWhile === 'input_required' && outcome.status !== 'result' && outcome.status !== 'error') {
        this.patch({ resultPending: false, pollError: `tasks/result: ${outcomeMessage(outcome)}` });
        if (this.ended()) this.askResult();
        return;
      }
      this.patch({ resultPending: false, result: outcome });
    });
  }

  private patch(change: Partial<TaskTrackerState>): void {
    const next = { ...this._state, ...change };
    for (const key of Object.keys(change) as Array<keyof TaskTrackerState>) if (change[key] === undefined) delete next[key];
    this._state = next;
    this.options.onChange?.();
  }
}

/** The task of a CreateTaskResult (`{task: Task}`), or why it is not one. */
export function createdTask(result: unknown): ReturnType<typeof parseTask> {
  if (!isRecord(result) || !isRecord(result.task)) return { ok: false, error: 'The result has no "task" object, so it is not a CreateTaskResult.' };
  return parseTask(result.task);
}
