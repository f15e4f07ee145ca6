// Hooks that both generations' rule sets list (each at its own place in its
// table): they read the era and version from the frame's context.

import { isRecord } from '../json/guards.js';
import { checkCompletionResult } from './completion.js';
import { checkMeta } from './meta.js';
import { MODERN_META_KEYS } from './modern-era.js';
import type { FrameContext } from './rule-set.js';
import { checkToolResult, checkToolsList } from './tools.js';

/** META-KEY on a request's or notification's params, or on a result. */
export function checkMetaKeys(ctx: FrameContext): void {
  const holder = ctx.kind === 'result' ? ctx.answer!.result : ctx.params;
  checkMeta(ctx.version, holder, ctx.sender, ctx.report, ctx.era === 'modern' ? MODERN_META_KEYS : undefined);
}

/** SCHEMA on a request or notification. */
export function checkMessageSchema({ kind, sender, method, params, version, connection, report }: FrameContext): void {
  if (kind === 'request' || kind === 'notification') connection.checkSchema({ kind, sender, method, params }, sender, report, version);
}

/** SCHEMA on a result, as the method's result (or as a CreateTaskResult). */
export function checkResultSchema({ sender, method, answer, version, connection, report }: FrameContext): void {
  connection.checkSchema({ kind: 'result', method, result: answer!.result, ...(answer!.task ? { task: true } : {}) }, sender, report, version);
}

export function checkExtTaskRequest({ sender, method, params, connection, report }: FrameContext): void {
  connection.extTasks.request(sender, method, params, report);
}

export function checkExtTaskResult({ sender, method, params, answer, connection, report }: FrameContext): void {
  connection.extTasks.result(sender, method, params, answer!.result, report);
}

export function checkExtTaskNotification({ sender, method, params, connection, report }: FrameContext): void {
  connection.extTasks.notification(sender, method, params, report);
}

/** The result rules both generations share, by method: what a server answers to tools/list, tools/call, completion/complete. */
export const sharedResultRules = {
  'tools/list': ({ answer, connection, report }: FrameContext) => checkToolsList(connection.facts, answer!.result, report),
  'tools/call': ({ params, answer, connection, report }: FrameContext) =>
    checkToolResult(connection.facts, isRecord(params) ? params.name : undefined, answer!.result, report),
  'completion/complete': ({ answer, report }: FrameContext) => checkCompletionResult(answer!.result, report),
};

/** What a LINT-INTERNAL finding names for a method's result rules. */
export const resultRules = (ctx: FrameContext): string => `the ${ctx.method} result rules`;
