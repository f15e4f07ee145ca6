// The page's answers to server requests, with tasks: a request asked as a task
// runs as a client-side task (ClientTaskReceiver), tasks/* are answered, and a
// question that belongs to a server task is noted for the Tasks tab.

import {
  ClientTaskReceiver,
  ErrorCode,
  handlerEnabled,
  systemClock,
  type ClientFeatures,
  type ServerRequestAnswer,
  type ServerRequestHandler,
} from '../../../protocol/index.js';
import type { ElicitationState } from '../elicitation/elicitation.js';
import type { StoreApi } from 'zustand/vanilla';
import type { TasksStore } from './tasks-store.js';

export interface ClientTaskDeps {
  tasksStore: TasksStore;
  /** Sends a notification on the current connection (notifications/tasks/status). */
  notify: (method: string, params: unknown) => void;
}

export function withClientTasks(
  handlers: Readonly<Record<string, ServerRequestHandler>>,
  { tasksStore, notify }: ClientTaskDeps,
): { handlers: Record<string, ServerRequestHandler>; receiver: ClientTaskReceiver } {
  const receiver = new ClientTaskReceiver({ clock: systemClock, notify, onChange: () => tasksStore.setClientTasks(receiver.tasks) });
  const noted: Record<string, ServerRequestHandler> = {};
  for (const [method, handler] of Object.entries(handlers)) {
    noted[method] = (params, context) => {
      const done = tasksStore.question(method, params);
      const answer = handler(params, context);
      if (done) void Promise.resolve(answer).finally(done);
      return answer;
    };
  }
  return { handlers: receiver.wrap(noted), receiver };
}

/** elicitation/create whose form goes away (answered "cancel") when the server cancels its task. */
export function cancellableElicitation(
  elicitations: StoreApi<ElicitationState> & { request(params: unknown): Promise<ServerRequestAnswer> },
): ServerRequestHandler {
  return (params, context) => {
    const before = elicitations.getState().queue.length;
    const answer = elicitations.request(params);
    const queue = elicitations.getState().queue;
    const asked = queue.length > before ? queue.at(-1) : undefined;
    context?.signal?.addEventListener('abort', () => asked?.answer({ result: { action: 'cancel' } }), { once: true });
    return answer;
  };
}

/**
 * An input request of a 2026 task (from tasks/get's inputRequests), answered by the page's handler of
 * that method under the same switches as a server request: a method switched off or not handled is refused.
 */
export async function answerTaskInput(
  handlers: Readonly<Record<string, ServerRequestHandler>>,
  features: ClientFeatures,
  method: string,
  params: unknown,
  taskId: string,
): Promise<ServerRequestAnswer> {
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (!handler || !handlerEnabled(method, features)) {
    const why = handler ? "switched off in mcpscope's client capabilities" : 'mcpscope does not handle it';
    return { error: { code: ErrorCode.MethodNotFound, message: `${method} is not answered (${why})` } };
  }
  return handler(params, { id: `task ${taskId}` });
}
