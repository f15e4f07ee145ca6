// What a tools/call result is, read once for the history's label and the result view:
// a task (a 2025-11-25 CreateTaskResult the call asked for, or a 2026-07-28 task handle),
// a task handle that cannot be read, an ordinary CallToolResult, or a malformed one.
import { isTaskHandle, parseCallToolResult, toolCallTask, type CallToolResult, type Task, type TaskGeneration } from '../../../protocol/index.js';

export type CallResultReading =
  | { kind: 'task'; task: Task; generation: TaskGeneration }
  | { kind: 'malformed-task'; error: string }
  | { kind: 'malformed'; error: string }
  | { kind: 'result'; result: CallToolResult };

export function readCallResult(result: unknown, askedAsTask: boolean): CallResultReading {
  const created = toolCallTask(result, askedAsTask);
  if (created?.ok) return { kind: 'task', ...created.value };
  if (created && isTaskHandle(result)) return { kind: 'malformed-task', error: created.error };
  // A call asked as a task may still be answered with an ordinary result.
  const parsed = parseCallToolResult(result);
  return parsed.ok ? { kind: 'result', result: parsed.value } : { kind: 'malformed', error: parsed.error };
}
