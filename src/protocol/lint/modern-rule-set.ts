// The rule set of the stateless generation (2026-07-28 on): a request is judged
// by the version its _meta names, its answer by its request's, and other frames
// by the connection's (lint/modern.ts keeps what the generation needs to know:
// _meta, MRTR retries, subscriptions, log levels). One table; hooks run in its order.

import { isRecord } from '../json/guards.js';
import { requestIdOf } from '../ledger/request-id.js';
import { checkLogMessageShape } from './logging.js';
import { isMethodResult } from './modern.js';
import type { FrameContext, Hook, RuleSet } from './rule-set.js';
import {
  checkExtTaskNotification,
  checkExtTaskRequest,
  checkExtTaskResult,
  checkMessageSchema,
  checkMetaKeys,
  checkResultSchema,
  resultRules,
  sharedResultRules,
} from './shared-hooks.js';
import { checkAnswerAfterCancel, checkCancelled, checkProgress, endProgress, trackProgressToken } from './utilities.js';

/** Only on the method's own result: an input_required result (or an extension's kind, such as a task) is yet to come. */
function onMethodResult(run: (ctx: FrameContext) => void): (ctx: FrameContext) => void {
  return (ctx) => {
    const result = ctx.answer!.result;
    if (!isRecord(result) || isMethodResult(result)) run(ctx);
  };
}

/** In 2026-07-28 a server cancels one thing: the client's subscriptions/listen, to end its stream. */
function onCancelled({ sender, params, connection, report }: FrameContext): void {
  const { ledger } = connection.facts;
  const id = isRecord(params) ? params.requestId : undefined;
  const listen = typeof id === 'string' || typeof id === 'number' ? ledger.pendingRequest('client', requestIdOf(id)) : undefined;
  if (sender === 'server' && listen?.method === 'subscriptions/listen') ledger.answer('server', listen.id, NaN);
  else checkCancelled(connection, sender, params, report);
  if ((sender === 'client' || listen?.method === 'subscriptions/listen') && (typeof id === 'string' || typeof id === 'number'))
    connection.modern.cancelled(requestIdOf(id).key);
}

const hooks: Hook[] = [
  {
    on: 'request',
    check: 'MODERN (2026-07-28 request rules)',
    run: ({ sender, id, method, params, version, connection, report }) => {
      if (method.startsWith('notifications/')) report('JR-NOTIF-ID', `${method} is a notification but carries id ${id!.text}.`, sender);
      else connection.modern.request(sender, id!.key, method, params, version, report);
    },
  },
  { on: 'request', check: 'META-KEY', run: checkMetaKeys },
  { on: 'request', check: 'SCHEMA', run: checkMessageSchema },
  { on: 'request', check: 'TASK-EXT-RESULT', run: checkExtTaskRequest },
  { on: 'request', check: 'PROG-TOKEN', run: trackProgressToken },

  {
    on: 'notification',
    check: 'MODERN (2026-07-28 notification rules)',
    run: (c) => c.connection.modern.notification(c.sender, c.method, c.params, c.version, c.report),
  },
  { on: 'notification', check: 'META-KEY', run: checkMetaKeys },
  { on: 'notification', check: 'SCHEMA', run: checkMessageSchema },
  { on: 'notification', method: 'notifications/cancelled', check: 'CANCEL', run: onCancelled },
  { on: 'notification', method: 'notifications/progress', check: 'PROG', run: checkProgress },
  { on: 'notification', method: 'notifications/tasks', check: 'TASK-EXT-RESULT', run: checkExtTaskNotification },
  { on: 'notification', method: 'notifications/message', sender: 'server', check: 'LOG-MESSAGE', run: (c) => checkLogMessageShape(c.params, c.report) },

  { on: ['result', 'error'], check: 'PROG-TOKEN', run: endProgress },
  { on: ['result', 'error'], check: 'CANCEL-THEN-RESPONSE', run: checkAnswerAfterCancel },
  {
    on: ['result', 'error'],
    check: 'MODERN (2026-07-28 result rules)',
    run: ({ sender, id, method, answer, connection, report }) => connection.modern.answer(sender, id!.key, id!.text, method, answer!, report),
  },
  { on: 'result', check: 'TASK-EXT-RESULT', run: checkExtTaskResult },
  { on: 'result', check: 'META-KEY', run: checkMetaKeys },
  { on: 'result', check: 'SCHEMA', run: onMethodResult(checkResultSchema) },
  ...(['tools/list', 'tools/call', 'completion/complete'] as const).map((method): Hook => ({
    on: 'result',
    method,
    sender: 'server',
    check: resultRules,
    run: onMethodResult(sharedResultRules[method]),
  })),
];

export const modernRuleSet: RuleSet = { id: '2026-07-28 generation', era: 'modern', hooks };
