// The page's answers to server requests, with tasks: a request asked as a task
// runs as a client-side task (ClientTaskReceiver), tasks/* are answered, and a
// question that belongs to a server task is noted for the Tasks tab.

import { ClientTaskReceiver, systemClock, type ServerRequestHandler } from '../../../protocol/index.js';
import type { TasksStore } from './tasks-store.js';

export interface ClientTaskDeps {
  tasks: TasksStore;
  /** Sends a notification on the current connection (notifications/tasks/status). */
  notify: (method: string, params: unknown) => void;
}

export function withClientTasks(
  handlers: Readonly<Record<string, ServerRequestHandler>>,
  { tasks, notify }: ClientTaskDeps,
): { handlers: Record<string, ServerRequestHandler>; receiver: ClientTaskReceiver } {
  const receiver = new ClientTaskReceiver({ clock: systemClock, notify, onChange: () => tasks.setClientTasks(receiver.tasks) });
  const noted: Record<string, ServerRequestHandler> = {};
  for (const [method, handler] of Object.entries(handlers)) {
    noted[method] = (params, context) => {
      const done = tasks.question(method, params);
      const answer = handler(params, context);
      if (done) void Promise.resolve(answer).finally(done);
      return answer;
    };
  }
  return { handlers: receiver.wrap(noted), receiver };
}
