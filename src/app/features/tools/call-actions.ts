// Calling a tool from the page: the current session, the timeout field, and
// the confirmation destructive tools need first.

import { controller } from '../../app-state.js';
import { askBeforeCalling } from './confirm-call.js';
import { toolsStore } from './state.js';
import { callTool, parseTimeout, type PendingCall } from './tools-store.js';

/** Send tools/call now on the current session, if a call is possible. */
export function sendCall(call: PendingCall): void {
  const session = controller.session;
  const timeout = parseTimeout(toolsStore.getState().timeoutText);
  if (!session || !timeout.ok) return;
  void callTool(toolsStore, session, { tool: call.tool, arguments: call.arguments, timeoutMs: timeout.ms, sentAnyway: call.sentAnyway });
}

/** Call a tool as the user asked: destructive tools wait for confirmation. */
export function startCall(call: PendingCall): void {
  askBeforeCalling(toolsStore, call, sendCall);
}
