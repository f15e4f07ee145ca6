// Destructive tools are called only after the user confirms. MCP's tool
// annotations are hints: readOnlyHint defaults to false and destructiveHint to
// true, so by the letter every unannotated tool is destructive. Asking before
// every call of every unannotated tool would teach people to click through, so
// mcpscope asks when the server itself says so: destructiveHint: true, or
// readOnlyHint: false without destructiveHint: false (the default then
// applies). readOnlyHint: true makes destructiveHint meaningless.

import type { Tool } from '../../../protocol/index.js';
import type { PendingCall, ToolsStore } from './tools-store.js';

export function needsConfirmation(tool: Tool): boolean {
  const a = tool.annotations;
  if (!a || a.readOnlyHint === true) return false;
  if (a.destructiveHint === true) return true;
  return a.readOnlyHint === false && a.destructiveHint === undefined;
}

/** Send now, or hold the call for confirmation when the tool is destructive and still asked about. */
export function askBeforeCalling(store: ToolsStore, call: PendingCall, send: (call: PendingCall) => void): void {
  if (needsConfirmation(call.tool) && !store.getState().noConfirm.includes(call.tool.name)) {
    store.setState({ confirming: call });
    return;
  }
  send(call);
}

/** "Call anyway": send the held call; optionally stop asking about its tool for this connection. */
export function confirmCall(store: ToolsStore, dontAskAgain: boolean, send: (call: PendingCall) => void): void {
  const call = store.getState().confirming;
  if (!call) return;
  store.setState((s) => ({
    confirming: undefined,
    noConfirm: dontAskAgain && !s.noConfirm.includes(call.tool.name) ? [...s.noConfirm, call.tool.name] : s.noConfirm,
  }));
  send(call);
}

export function cancelConfirmation(store: ToolsStore): void {
  store.setState({ confirming: undefined });
}
