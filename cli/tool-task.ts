// `tools call NAME --task`: call the tool as a task (2025-11-25), poll it to
// its end with the same tracker as the page, print each status change as it
// happens, then print the result tasks/result returned. A 2026-07-28 server
// (tasks extension) may answer any call with a task handle: it is followed the
// same way, its input requests answered as the CLI answers server requests,
// and the result the final tasks/get carries is printed.

import {
  TaskTracker,
  createdTask,
  isTerminalStatus,
  taskOfHandle,
  outcomeMessage,
  systemClock,
  toolTaskSupport,
  type CallToolResult,
  type Task,
  type TaskGeneration,
  type Tool,
} from '../src/protocol/index.js';
import type { CommandResult } from './commands.js';
import { toolResult } from './format.js';
import { CliError, type CliConnection } from './connection.js';

/** How a followed task ended: the tool's result (maybe a tool error), or why there is none. */
/** `task`: as it ended (absent when the server answered without one). */
export type TaskEnd = { ok: true; result: CallToolResult; task?: Task } | { ok: false; message: string; json: unknown };

const asCommand = (end: TaskEnd): CommandResult => (end.ok ? toolResult(end.result) : { ok: false, text: [end.message], json: end.json });

export async function callAsTask(
  c: CliConnection,
  tool: Tool,
  args: Record<string, unknown>,
  asked: boolean,
  notice: (line: string) => void,
): Promise<CommandResult> {
  return asCommand(await callToTaskEnd(c, tool, args, asked, notice));
}

/** The tool called as a task and followed to its end (a server that answers without a task: its answer). */
export async function callToTaskEnd(
  c: CliConnection,
  tool: Tool,
  args: Record<string, unknown>,
  asked: boolean,
  notice: (line: string) => void,
): Promise<TaskEnd> {
  const support = toolTaskSupport(tool, c.info?.capabilities);
  if (support.mode === 'none') {
    throw new CliError(
      support.note ??
        `Tool ${tool.name} cannot be called as a task: its execution.taskSupport is ${JSON.stringify(tool.execution?.taskSupport ?? 'absent (forbidden)')}. Call it without --task.`,
    );
  }
  if (!asked) notice(`${tool.name} has execution.taskSupport "required": calling it as a task.`);
  const outcome = await c.request('tools/call', { name: tool.name, arguments: args, task: {} });
  if (outcome.status !== 'result') return { ok: false, message: `tools/call failed: ${outcomeMessage(outcome)}`, json: outcome };
  const created = createdTask(outcome.result);
  if (!created.ok) {
    notice(`The server answered without a task (${created.error}); its answer is the result.`);
    return { ok: true, result: outcome.result as CallToolResult };
  }
  return followTask(c, created.value, 'legacy', notice);
}

/** A task handle (2026-07-28 tasks extension) a tools/call was answered with, followed to its end. */
export async function followTaskHandle(c: CliConnection, result: unknown, notice: (line: string) => void): Promise<CommandResult> {
  return asCommand(await followHandleToEnd(c, result, notice));
}

export function followHandleToEnd(c: CliConnection, result: unknown, notice: (line: string) => void): Promise<TaskEnd> {
  const task = taskOfHandle(result);
  if (!task.ok) return Promise.resolve({ ok: false, message: `The server answered with a task handle that cannot be followed: ${task.error}`, json: result });
  return followTask(c, task.value, 'modern', notice);
}

function followTask(c: CliConnection, task: Task, generation: TaskGeneration, notice: (line: string) => void): Promise<TaskEnd> {
  const via = generation === 'modern' ? 'tasks/get' : 'tasks/result';
  const say = (status: string, message: string | undefined) => notice(`task ${task.taskId}: ${status}${message ? ` — ${message}` : ''}`);
  say(task.status, task.statusMessage);
  return new Promise<TaskEnd>((resolve) => {
    let printed = 1;
    let warned = 0;
    const inputsSaid = new Map<string, string>();
    const tracker = new TaskTracker(task, {
      clock: systemClock,
      generation,
      request: (method, params, options) => c.request(method, params, options),
      answerInput: (method, params, key) => c.answerInputRequest(method, params, key),
      onChange: () => {
        const s = tracker.state;
        for (const h of s.history.slice(printed)) say(h.status, h.statusMessage);
        printed = s.history.length;
        for (const b of s.backwards.slice(warned)) notice(b);
        warned = s.backwards.length;
        for (const [key, input] of Object.entries(s.inputs)) {
          if (inputsSaid.get(key) === input.phase) continue;
          inputsSaid.set(key, input.phase);
          if (input.phase === 'sent') notice(`task ${task.taskId}: answered input request ${key} (${input.request.method}) with tasks/update`);
          if (input.phase === 'failed') notice(`task ${task.taskId}: input request ${key} (${input.request.method}): ${input.message ?? 'failed'}`);
        }
        if (s.result !== undefined && !s.resultPending) {
          const r = s.result;
          resolve(
            r.status === 'result'
              ? { ok: true, result: r.result as CallToolResult, task: s.task }
              : { ok: false, message: `${via} failed: ${outcomeMessage(r)}`, json: r },
          );
        } else if (!s.polling && s.history.some((h) => isTerminalStatus(h.status)) && !s.resultPending && s.task.status === 'cancelled') {
          resolve({ ok: false, message: `Task ${s.task.taskId} was cancelled${s.task.statusMessage ? `: ${s.task.statusMessage}` : ''}.`, json: s.task });
        } else if (s.stopped !== undefined) {
          resolve({ ok: false, message: s.stopped.replace(' Press Poll again to go on.', ''), json: s.task });
        }
      },
    });
    tracker.start();
  });
}
