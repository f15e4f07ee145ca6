// The requestor's side of one task: polls tasks/get at the receiver's
// pollInterval (clamped, and for a bounded time), applies status notifications,
// and cancels it. 2025-11-25 (legacy): asks tasks/result once the task needs
// input or has ended. The 2026-07-28 extension (modern): the result or error
// comes inline in tasks/get, input requests are answered with tasks/update,
// cancel is an ack (polling goes on to see the outcome), and failed polls back off.
// Runtime-free: the session's request function and a clock are passed in.

import { ErrorCode } from '../jsonrpc/codec.js';
import { isRecord } from '../json/guards.js';
import { outcomeMessage } from '../session/client-session.js';
import type { RequestOptions, RequestOutcome, ServerRequestAnswer } from '../session/types.js';
import { formatDuration } from '../text/format.js';
import type { Clock } from '../time/clock.js';
import { isTaskHandle, parseExtTask, taskOfHandle, type TaskDetail, type TaskGeneration, type TaskInputRequest } from './ext-task.js';
import { ok, type Result } from '../result.js';
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
  /** Default legacy (2025-11-25). */
  generation?: TaskGeneration;
  /**
   * Modern: answers one input request (elicitation, sampling, roots) as the client answers that server
   * request (ClientSession.answerInputRequest); `key` names it ("task <taskId> input <key>").
   */
  answerInput?: (method: string, params: unknown, key: string) => Promise<ServerRequestAnswer>;
}

/** Modern: where one of the task's input requests stands. */
export interface TaskInputState {
  request: TaskInputRequest;
  /** asking: with the person; sending: in tasks/update; sent: acknowledged; failed: see message. */
  phase: 'asking' | 'sending' | 'sent' | 'failed';
  message?: string;
}

export interface TaskStatusSeen {
  status: TaskStatus;
  statusMessage?: string;
  /** Clock time it was seen. */
  at: number;
  source: 'created' | 'tasks/get' | 'notification' | 'tasks/cancel';
}

/** Failed modern polls wait twice as long each time (up to MAX_POLL_MS), so a struggling server is not hammered. */
const BACKOFF_FACTOR = 2;

export interface TaskTrackerState {
  generation: TaskGeneration;
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
  /** The underlying request's result or error: from tasks/result (legacy), or the tasks/get that carried it inline (modern). */
  result?: RequestOutcome;
  cancelling: boolean;
  cancelMessage?: string;
  /** Modern: tasks/cancel was acknowledged; the server may still finish the task otherwise. */
  cancelAcknowledged?: boolean;
  /** Modern: the input requests seen, by key (each key is asked once over the task's lifetime). */
  inputs: Record<string, TaskInputState>;
  /** Modern: failed polls in a row (the next poll waits longer). */
  failedPolls: number;
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
      generation: options.generation ?? 'legacy',
      task,
      history: [{ status: task.status, ...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {}), at: now, source: 'created' }],
      polls: 0,
      startedAt: now,
      polling: false,
      backwards: [],
      resultPending: false,
      cancelling: false,
      inputs: {},
      failedPolls: 0,
    };
  }

  private get modern(): boolean {
    return this._state.generation === 'modern';
  }

  get state(): TaskTrackerState {
    return this._state;
  }

  /** Start (or resume) polling; the bound on polling time starts afresh. */
  start(): void {
    if (this.ended()) {
      if (!this.modern) this.askResult();
      return;
    }
    this.patch({ polling: true, stopped: undefined, startedAt: this.options.clock.now() });
    if (!this.modern) this.askResult();
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
    const parsed = this.modern ? parseExtTask(value) : parseTask(value);
    if (!parsed.ok) return;
    const task = 'task' in parsed.value ? parsed.value.task : parsed.value;
    if (task.taskId !== this._state.task.taskId) return;
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
    if (this.modern) {
      if ('detail' in parsed.value) this.askInputs(parsed.value.detail);
      // notifications/tasks said it ended: one tasks/get reads the result (or error) to show.
      if (source === 'notification' && this._state.result === undefined && (task.status === 'completed' || task.status === 'failed')) void this.readFinal();
    } else this.askResult();
  }

  private async readFinal(): Promise<void> {
    const outcome = await this.options.request('tasks/get', { taskId: this._state.task.taskId });
    if (outcome.status === 'result') this.modernPoll(outcome);
    else this.patch({ pollError: `tasks/get for the result: ${outcomeMessage(outcome)}` });
  }

  /** tasks/cancel; the answer is the task in its cancelled status (legacy), or an ack (modern). */
  async cancel(): Promise<void> {
    if (this._state.cancelling || this.ended()) return;
    this.patch({ cancelling: true, cancelMessage: undefined });
    const outcome = await this.options.request('tasks/cancel', { taskId: this._state.task.taskId });
    if (this.modern) {
      // An ack only: the outcome shows in the next tasks/get, which comes at once.
      if (outcome.status === 'result') {
        this.patch({ cancelling: false, cancelAcknowledged: true });
        if (this._state.polling && !this.ended()) this.schedule(0);
      } else this.patch({ cancelling: false, cancelMessage: `tasks/cancel failed: ${outcomeMessage(outcome)}` });
      return;
    }
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

  private schedule(delayMs?: number): void {
    this.options.clock.clearTimeout(this.timer);
    const suggested = (this._state.task.pollInterval ?? DEFAULT_POLL_MS) * BACKOFF_FACTOR ** this._state.failedPolls;
    const interval = delayMs ?? Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
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
    if (outcome.status === 'result' && this.modern) {
      this.modernPoll(outcome);
    } else if (outcome.status === 'result') {
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
      this.patch({ pollError: outcomeMessage(outcome), ...(this.modern ? { failedPolls: this._state.failedPolls + 1 } : {}) });
    }
    if (this._state.polling && !this.ended()) this.schedule();
  }

  /** Modern: a tasks/get answer is the DetailedTask; a terminal one carries the result or error inline. */
  private modernPoll(outcome: Extract<RequestOutcome, { status: 'result' }>): void {
    const parsed = parseExtTask(outcome.result);
    if (!parsed.ok) {
      this.patch({ pollError: `The tasks/get result is not a Task: ${parsed.error}`, failedPolls: this._state.failedPolls + 1 });
      return;
    }
    this.patch({ pollError: undefined, failedPolls: 0 });
    const { task, detail } = parsed.value;
    // The first terminal status is the one whose payload counts (a notification may have announced it).
    const first = this._state.history.find((h) => isTerminalStatus(h.status))?.status;
    if (this._state.result === undefined && (first === undefined || first === task.status)) {
      if (task.status === 'completed' && detail.result !== undefined) this.patch({ result: { ...outcome, result: detail.result } });
      else if (task.status === 'failed' && detail.error !== undefined) {
        this.patch({ result: { status: 'error', request: outcome.request, response: outcome.response, error: detail.error, rttMs: outcome.rttMs } });
      } else if (task.status === 'completed' || task.status === 'failed') {
        this.patch({
          pollError: `The task is ${task.status} but its tasks/get answer has no "${task.status === 'completed' ? 'result' : 'error'}" (see the Problems tab).`,
        });
      }
    }
    this.apply(outcome.result, 'tasks/get');
  }

  /** Modern: each new input request is asked once (keys are unique for the task's lifetime); its answer goes back in tasks/update. */
  private askInputs(detail: TaskDetail): void {
    for (const [key, request] of Object.entries(detail.inputRequests ?? {})) {
      if (Object.hasOwn(this._state.inputs, key)) continue;
      this.setInput(key, { request, phase: 'asking' });
      void this.answerInput(key, request);
    }
  }

  private async answerInput(key: string, request: TaskInputRequest): Promise<void> {
    const answer: ServerRequestAnswer = this.options.answerInput
      ? await this.options.answerInput(request.method, request.params, `task ${this._state.task.taskId} input ${key}`).catch((e: unknown) => ({
          error: { code: ErrorCode.InternalError, message: e instanceof Error ? e.message : String(e) },
        }))
      : { error: { code: ErrorCode.MethodNotFound, message: 'this client answers no input requests' } };
    if ('error' in answer) {
      // An InputResponse is a result; a refusal has no place in tasks/update, so none is sent.
      this.setInput(key, { request, phase: 'failed', message: `Not answered (${answer.error.message}); no response was sent for it.` });
      return;
    }
    if (this.ended() || this._state.cancelAcknowledged) {
      this.setInput(key, { request, phase: 'failed', message: 'The task ended or was cancelled before the answer was ready; it was not sent.' });
      return;
    }
    this.setInput(key, { request, phase: 'sending' });
    const outcome = await this.options.request('tasks/update', { taskId: this._state.task.taskId, inputResponses: { [key]: answer.result } });
    if (outcome.status === 'result') this.setInput(key, { request, phase: 'sent' });
    else this.setInput(key, { request, phase: 'failed', message: `tasks/update failed: ${outcomeMessage(outcome)}` });
    // The server moves on after the update: look again soon rather than after a long interval.
    if (this._state.polling && !this.ended()) this.schedule(MIN_POLL_MS);
  }

  private setInput(key: string, input: TaskInputState): void {
    this.patch({ inputs: { ...this._state.inputs, [key]: input } });
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

/**
 * The task a tools/call was answered with, of either generation: a task handle (`resultType: "task"`,
 * unsolicited) or, when the call asked for one, a 2025-11-25 CreateTaskResult (`{task}`).
 * Undefined when the result is an ordinary one.
 */
export function toolCallTask(result: unknown, askedAsTask: boolean): Result<{ task: Task; generation: TaskGeneration }> | undefined {
  if (isTaskHandle(result)) {
    const task = taskOfHandle(result);
    return task.ok ? ok({ task: task.value, generation: 'modern' }) : task;
  }
  if (!askedAsTask) return undefined;
  const task = createdTask(result);
  return task.ok ? ok({ task: task.value, generation: 'legacy' }) : task;
}
