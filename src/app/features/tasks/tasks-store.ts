// The Tasks tab's state: the tasks this page asked the server for (each with
// a tracker that polls it, of either generation: 2025-11-25 experimental tasks
// or the 2026-07-28 extension), the server's tasks/list pages (2025 only), the
// tasks mcpscope runs for the server, and which server question a task waits for.
// Framework-free: the session is passed in.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  TaskTracker,
  isRecord,
  outcomeMessage,
  parseTask,
  relatedTaskId,
  systemClock,
  type ClientSession,
  type ClientTask,
  type Clock,
  type Task,
  type TaskGeneration,
  type TaskTrackerState,
} from '../../../protocol/index.js';

export type TaskSession = Pick<ClientSession, 'request'> & Partial<Pick<ClientSession, 'answerInputRequest'>>;

export interface TrackedTask {
  taskId: string;
  connection: number;
  generation: TaskGeneration;
  /** What made it: "tools/call simulate-research-query", or "tasks/list". */
  origin: string;
  /** The tool whose result tasks/result returns, when known. */
  toolName?: string;
  state: TaskTrackerState;
}

export interface TaskListing {
  tasks: Task[];
  nextCursor?: string;
  pages: number;
  loading: boolean;
  error?: string;
}

/** A server request waiting for the person that belongs to a task (its related-task `_meta`). */
export interface TaskQuestion {
  taskId: string;
  method: string;
  message: string;
}

export interface TasksState {
  /** Newest first. */
  tracked: TrackedTask[];
  listing?: TaskListing;
  /** The tasks mcpscope runs for the server (client-side tasks). */
  clientTasks: ClientTask[];
  questions: TaskQuestion[];
}

/** The tasks of one scope: their state in `store`, the polling and the questions in the methods. */
export type TasksStore = { store: StoreApi<TasksState> } & ReturnType<typeof taskActions>;

export function createTasksStore(clock: Clock = systemClock): TasksStore {
  const store = createStore<TasksState>()(() => ({ tracked: [], clientTasks: [], questions: [] }));
  return { store, ...taskActions(store, clock) };
}

function taskActions(store: StoreApi<TasksState>, clock: Clock) {
  const trackers = new Map<string, TaskTracker>();
  const keyOf = (connection: number, taskId: string) => `${connection}:${taskId}`;
  const patch = (connection: number, taskId: string, change: Partial<TrackedTask>) =>
    store.setState((s) => ({ tracked: s.tracked.map((t) => (t.connection === connection && t.taskId === taskId ? { ...t, ...change } : t)) }));

  const actions = {
    /** Follow a task the server created: poll it until it ends and fetch its result. */
    track(task: Task, session: TaskSession, connection: number, origin: string, toolName?: string, generation: TaskGeneration = 'legacy'): void {
      const key = keyOf(connection, task.taskId);
      if (trackers.has(key)) return;
      const tracker = new TaskTracker(task, {
        clock,
        generation,
        request: (method, params, options) => session.request(method, params, options),
        onChange: () => patch(connection, task.taskId, { state: tracker.state }),
        // A 2026 task's input requests are answered by the session's own handlers, as its server requests are.
        ...(session.answerInputRequest
          ? { answerInput: (method: string, params: unknown, key: string) => session.answerInputRequest!(method, params, key) }
          : {}),
      });
      trackers.set(key, tracker);
      const entry: TrackedTask = {
        taskId: task.taskId,
        connection,
        generation,
        origin,
        state: tracker.state,
        ...(toolName !== undefined ? { toolName } : {}),
      };
      store.setState((s) => ({ tracked: [entry, ...s.tracked] }));
      tracker.start();
    },

    /** notifications/tasks/status: the full Task, applied to the task it names. */
    applyStatus(params: unknown, connection: number): void {
      const taskId = isRecord(params) && typeof params.taskId === 'string' ? params.taskId : undefined;
      if (taskId !== undefined) trackers.get(keyOf(connection, taskId))?.apply(params);
      // A listed task is shown with its newest status too.
      const parsed = parseTask(params);
      if (!parsed.ok) return;
      store.setState((s) =>
        s.listing ? { listing: { ...s.listing, tasks: s.listing.tasks.map((t) => (t.taskId === parsed.value.taskId ? parsed.value : t)) } } : s,
      );
    },

    cancel(connection: number, taskId: string): void {
      void trackers.get(keyOf(connection, taskId))?.cancel();
    },

    pollAgain(connection: number, taskId: string): void {
      trackers.get(keyOf(connection, taskId))?.start();
    },

    /** tasks/list, one page: the first (afresh) or the next one. */
    async listPage(session: TaskSession, more: boolean): Promise<void> {
      const before = store.getState().listing;
      const cursor = more ? before?.nextCursor : undefined;
      if (more && cursor === undefined) return;
      store.setState({ listing: { tasks: more ? (before?.tasks ?? []) : [], pages: more ? (before?.pages ?? 0) : 0, loading: true } });
      const outcome = await session.request('tasks/list', cursor === undefined ? {} : { cursor });
      const current = store.getState().listing ?? { tasks: [], pages: 0, loading: false };
      if (outcome.status !== 'result') {
        store.setState({ listing: { ...current, loading: false, error: `tasks/list: ${outcomeMessage(outcome)}` } });
        return;
      }
      const result = outcome.result;
      if (!isRecord(result) || !Array.isArray(result.tasks)) {
        store.setState({ listing: { ...current, loading: false, error: 'The tasks/list result has no "tasks" array (see the Log and Problems tabs).' } });
        return;
      }
      const tasks: Task[] = [];
      let skipped = 0;
      for (const t of result.tasks) {
        const parsed = parseTask(t);
        if (parsed.ok) tasks.push(parsed.value);
        else skipped++;
      }
      const next = result.nextCursor;
      store.setState({
        listing: {
          tasks: [...current.tasks, ...tasks],
          pages: current.pages + 1,
          loading: false,
          ...(typeof next === 'string' ? { nextCursor: next } : {}),
          ...(skipped ? { error: `${skipped} of the listed tasks are not valid Tasks and are not shown (see the Problems tab).` } : {}),
        },
      });
    },

    /** The person is asked something on behalf of a task (an elicitation carrying related-task `_meta`). */
    question(method: string, params: unknown): (() => void) | undefined {
      const taskId = relatedTaskId(params);
      if (taskId === undefined) return undefined;
      const q: TaskQuestion = { taskId, method, message: isRecord(params) && typeof params.message === 'string' ? params.message : '' };
      store.setState((s) => ({ questions: [...s.questions, q] }));
      return () => store.setState((s) => ({ questions: s.questions.filter((x) => x !== q) }));
    },

    setClientTasks(clientTasks: ClientTask[]): void {
      store.setState({ clientTasks });
    },

    /** The connection ended: its tasks cannot be polled any more; they stay shown. */
    connectionEnded(connection: number): void {
      for (const [key, tracker] of trackers) if (key.startsWith(`${connection}:`)) tracker.stop('The connection ended: this task can no longer be polled.');
    },

    /** A new connection: the last one's listing and questions are gone; its tracked tasks stay, stopped. */
    forConnection(connection: number): void {
      for (const [key, tracker] of trackers) if (!key.startsWith(`${connection}:`)) tracker.stop('The connection ended: this task can no longer be polled.');
      store.setState({ listing: undefined, questions: [] });
    },
  };
  return actions;
}
