// Carrying out one step of a test file on a CLI connection: what it produced
// (for the expectations), or why it could not produce anything.

import {
  isTaskHandle,
  listAll,
  ListFailed,
  outcomeMessage,
  taskGenerationOf,
  textOf,
  toolTaskSupport,
  type JsonRpcErrorObject,
  type PingFigures,
  type RequestOutcome,
  type TestAction,
  type Tool,
} from '../../src/protocol/index.js';
import { checkArguments, runCommand } from '../commands.js';
import { CliError, type CliConnection } from '../connection.js';
import { callToTaskEnd, followHandleToEnd, type TaskEnd } from '../tool-task.js';
import type { Notifications } from './notifications.js';

/** What a step produced; `failure` when it produced nothing the expectations can judge. */
export type ActionOutcome =
  | {
      result: unknown;
      list?: { kind: Extract<TestAction, { kind: 'list' }>['list']; items: unknown[] };
      p95Ms?: number;
      /** The tool definitions a providers expectation judges. */
      tools?: unknown[];
      failures?: string[];
    }
  /** `error`: the JSON-RPC error the request was answered with, which a step may expect. */
  | { failure: string; error?: JsonRpcErrorObject };

export interface StepContext {
  c: CliConnection;
  /** The step's own deadline is kept by the runner; requests give up a little later, so it is the one that speaks. */
  timeoutMs: number;
  /** Aborted once the step's deadline passed: what it has not sent yet stays unsent. */
  signal: AbortSignal;
  notifications: Notifications;
  /** Said on stderr (how the CLI answered a server request, a note about arguments). */
  notice: (line: string) => void;
  /** The tools as last listed (fresh: listed again); a ListFailed when they cannot be. */
  tools: (fresh: boolean) => Promise<Tool[]>;
}

/** How much longer than the step's deadline its requests (and a wait) are kept before they are dropped. */
const OUTLIVE_MS = 1000;

/** What a step that outlived its timeout failed with. */
export function lateFailure(a: TestAction, timeoutMs: number): string {
  if (a.kind === 'wait') return `No ${a.method} notification came within ${timeoutMs} ms.`;
  return `No answer within the step's timeout of ${timeoutMs} ms (set "timeout" on the step or the file to wait longer).`;
}

function requestFailure(method: string, outcome: RequestOutcome, c: CliConnection): ActionOutcome {
  return { failure: `${method} failed: ${outcomeMessage(outcome)}${c.undeclared(method)}`, ...(outcome.status === 'error' ? { error: outcome.error } : {}) };
}

/** A task that failed fails the step with its status; one that completed gives its result to the expectations. */
function taskOutcome(end: TaskEnd, tool: Tool): ActionOutcome {
  if (!end.ok) return { failure: end.message };
  if (end.task?.status === 'failed') {
    const said = [...new Set([end.task.statusMessage, textOf(end.result)])].filter(Boolean).join(': ');
    return { failure: `Task ${end.task.taskId} ended failed${said ? `: ${said}` : ''}.` };
  }
  return { result: end.result, tools: [tool] };
}

async function call(ctx: StepContext, a: Extract<TestAction, { kind: 'call' }>): Promise<ActionOutcome> {
  // A tool not in the list kept from before is looked for once more in a fresh one.
  let tools = await ctx.tools(false);
  let tool = tools.find((t) => t.name === a.tool);
  if (!tool) {
    tools = await ctx.tools(true);
    tool = tools.find((t) => t.name === a.tool);
  }
  if (!tool) return { failure: `The server has no tool named "${a.tool}". It has: ${tools.map((t) => t.name).join(', ') || 'none'}.` };
  try {
    checkArguments(tool, a.arguments, ctx.notice);
  } catch (e) {
    if (e instanceof CliError) return { failure: e.message.replace(/\nFix the --arg or --args values.*$/s, '\nFix the arguments in the test, or the server.') };
    throw e;
  }
  if (ctx.signal.aborted) return { failure: lateFailure(a, ctx.timeoutMs) };
  const { c } = ctx;
  // As `tools call --task`: before 2026-07-28 the client asks for a task; on it, the server decides and a handle is followed.
  const modern = taskGenerationOf(c.info?.protocolVersion) === 'modern';
  if (!modern && (a.task || toolTaskSupport(tool, c.info?.capabilities).mode === 'required')) {
    try {
      return taskOutcome(await callToTaskEnd(c, tool, a.arguments, a.task === true, ctx.notice), tool);
    } catch (e) {
      if (e instanceof CliError) return { failure: e.message.replace('Call it without --task.', 'Remove "task: true" from the step.') };
      throw e;
    }
  }
  const outcome = await c.request('tools/call', { name: a.tool, arguments: a.arguments }, { timeoutMs: ctx.timeoutMs + OUTLIVE_MS });
  if (outcome.status !== 'result') return requestFailure('tools/call', outcome, c);
  if (isTaskHandle(outcome.result)) return taskOutcome(await followHandleToEnd(c, outcome.result, ctx.notice), tool);
  if (a.task && modern)
    ctx.notice(`${a.tool}: the server answered at once, not with a task handle (on 2026-07-28 the server decides); the answer is the result.`);
  return { result: outcome.result, tools: [tool] };
}

async function list(ctx: StepContext, a: Extract<TestAction, { kind: 'list' }>): Promise<ActionOutcome> {
  try {
    const { items } = await listAll<unknown>(ctx.c, a.list);
    return { result: { [a.list]: items }, list: { kind: a.list, items }, ...(a.list === 'tools' ? { tools: items } : {}) };
  } catch (e) {
    if (e instanceof ListFailed) return { failure: `${e.message}${ctx.c.undeclared(e.method)}` };
    throw e;
  }
}

async function ping(ctx: StepContext, a: Extract<TestAction, { kind: 'ping' }>): Promise<ActionOutcome> {
  const r = await runCommand(ctx.c, { name: 'ping', count: a.count, intervalMs: a.intervalMs }, ctx.notice);
  const { samples, figures } = r.json as { samples: Array<{ n: number; failure?: string; outcome: string }>; figures: PingFigures };
  const failures = samples.filter((s) => s.failure !== undefined).map((s) => `ping ${s.n}: ${s.failure}`);
  return { result: figures, ...(figures.p95 !== undefined ? { p95Ms: figures.p95 } : {}), failures };
}

export async function runAction(ctx: StepContext, a: TestAction): Promise<ActionOutcome> {
  const { c } = ctx;
  const timeoutMs = ctx.timeoutMs + OUTLIVE_MS;
  switch (a.kind) {
    case 'call':
      return call(ctx, a);
    case 'read': {
      const outcome = await c.request('resources/read', { uri: a.uri }, { timeoutMs });
      return outcome.status === 'result' ? { result: outcome.result } : requestFailure('resources/read', outcome, c);
    }
    case 'prompt': {
      const outcome = await c.request('prompts/get', { name: a.prompt, arguments: a.arguments }, { timeoutMs });
      return outcome.status === 'result' ? { result: outcome.result } : requestFailure('prompts/get', outcome, c);
    }
    case 'list':
      return list(ctx, a);
    case 'ping':
      return ping(ctx, a);
    case 'wait': {
      const params = await ctx.notifications.next(a.method, timeoutMs);
      return params.received ? { result: params.params } : { failure: lateFailure(a, ctx.timeoutMs) };
    }
    case 'request': {
      const outcome = await c.request(a.method, a.params, { timeoutMs });
      return outcome.status === 'result' ? { result: outcome.result } : requestFailure(a.method, outcome, c);
    }
  }
}
