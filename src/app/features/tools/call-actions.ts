// Calling a tool from the page: the current session, the timeout field, and
// the confirmation destructive tools need first.

import { useMemo } from 'react';
import { useApp } from '../../app-context.js';
import type { App } from '../../create-app.js';
import { createdTask } from '../../../protocol/index.js';
import { askBeforeCalling } from './confirm-call.js';
import { callTool, parseTimeout, type PendingCall } from './tools-store.js';

export interface CallActions {
  /** Send tools/call now on the current session, if a call is possible. */
  sendCall(call: PendingCall): void;
  /** Call a tool as the user asked: destructive tools wait for confirmation. */
  startCall(call: PendingCall): void;
}

export function callActions({ toolsStore, tasksStore, controller }: Pick<App, 'toolsStore' | 'tasksStore' | 'controller'>): CallActions {
  const sendCall = (call: PendingCall): void => {
    const session = controller.session;
    const connection = controller.connection?.snapshot.connection;
    const timeout = parseTimeout(toolsStore.getState().timeoutText);
    if (!session || !timeout.ok || connection === undefined) return;
    const request = { tool: call.tool, arguments: call.arguments, timeoutMs: timeout.ms, sentAnyway: call.sentAnyway, asTask: call.asTask ?? false };
    void callTool(toolsStore, session, request).then((record) => {
      // A task was created: the Tasks tab follows it to its result.
      const task = record?.outcome.status === 'result' ? createdTask(record.outcome.result) : undefined;
      if (task?.ok) tasksStore.track(task.value, session, connection, `tools/call ${call.tool.name}`, call.tool.name);
    });
  };
  return { sendCall, startCall: (call) => askBeforeCalling(toolsStore, call, sendCall) };
}

export function useCallActions(): CallActions {
  const app = useApp();
  return useMemo(() => callActions(app), [app]);
}
