// The tools of a list that name an app (`_meta.ui`), with what is wrong with
// their metadata; a tool whose `_meta.ui` is there but unusable is listed too,
// with its problems, so the person sees why it shows no app.

import { isRecord, readToolUi, type AppProblem, type Tool, type ToolUi } from '../../../protocol/index.js';
import type { ToolCallRecord } from '../tools/tools-store.js';
import type { JsonObject } from './app-frame-contract.js';

/** Why no app is shown on a connection that did not declare MCP Apps, and what to do. */
export const APPS_SWITCHED_OFF =
  'the MCP Apps extension is switched off for this connection, so the server was not told this client shows apps. ' +
  'Switch on "MCP Apps" under Client capabilities in the connection settings and connect again.';

export interface AppTool {
  tool: Tool;
  ui?: ToolUi;
  problems: readonly AppProblem[];
}

export function appToolsOf(tools: readonly Tool[]): AppTool[] {
  const out: AppTool[] = [];
  for (const tool of tools) {
    const reading = readToolUi(tool);
    if (reading.value || reading.problems.length > 0) out.push({ tool, problems: reading.problems, ...(reading.value ? { ui: reading.value } : {}) });
  }
  return out;
}

/** What an app is given of a call: its arguments and, when it returned one, its result. */
export function callForApp(record: ToolCallRecord): { input?: JsonObject; result?: JsonObject } {
  const result = record.outcome.status === 'result' && isRecord(record.outcome.result) ? record.outcome.result : undefined;
  return { ...(isRecord(record.arguments) ? { input: record.arguments } : {}), ...(result ? { result } : {}) };
}
