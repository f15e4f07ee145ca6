// The rule set of the initialize generation (2024-11-05 to 2025-11-25): every
// frame is judged against the session's negotiated version (the offered one
// until then), with the handshake, capabilities, logging, tasks, elicitation,
// roots and sampling rules. One table; hooks run in its order.

import { isRecord } from '../json/guards.js';
import { pingAnswerProblem } from '../ping/compliance.js';
import { checkNotificationLifecycle, checkRequestLifecycle, onInitializeResult, onSubscription } from './lifecycle.js';
import { checkLogMessage, checkSetLevelRequest, onSetLevelAnswer } from './logging.js';
import { isKnownRequest, methodProblem, type Sender } from './methods.js';
import { namesModernVersion } from './modern-era.js';
import type { FrameContext, Hook, RuleSet } from './rule-set.js';
import { checkRootsListChanged, checkRootsResult } from './roots.js';
import { checkSamplingRequest, checkSamplingResult } from './sampling.js';
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
import { other } from './state.js';
import { checkTaskResult } from './tasks.js';
import { preview } from './transport.js';
import { checkAnswerAfterCancel, checkCancelled, checkProgress, endProgress, taskSeen, trackProgressToken } from './utilities.js';

/** Requests whose answers tell a task's status (tasks/result: that it ended). */
const TASK_READS = new Set(['tasks/get', 'tasks/cancel', 'tasks/result']);

/** A method's own result rules: not on a CreateTaskResult or a task handle, which are not its result. */
function usualResult(method: string, sender: Sender | undefined, run: (ctx: FrameContext) => void, on: Hook['on'] = 'result'): Hook {
  return {
    on,
    method,
    ...(sender ? { sender } : {}),
    check: resultRules,
    run: (ctx) => {
      if (!ctx.answer!.task && !ctx.answer!.handle) run(ctx);
    },
  };
}

const requestHooks: Hook[] = [
  {
    on: 'request',
    check: 'METHOD-UNKNOWN',
    run: ({ sender, method, id, connection, report }) => {
      if (method.startsWith('notifications/')) {
        report('JR-NOTIF-ID', `${method} is a notification but carries id ${id!.text}.`, sender);
      } else {
        const problem = methodProblem(method, sender, 'request', connection.facts.version);
        if (problem) report('METHOD-UNKNOWN', `${problem}.`, sender);
      }
    },
  },
  { on: 'request', check: 'LC/CAP (lifecycle and capabilities)', run: (c) => checkRequestLifecycle(c.connection.facts, c.sender, c.method, c.report) },
  { on: 'request', check: 'META-KEY', run: checkMetaKeys },
  { on: 'request', check: 'SCHEMA', run: checkMessageSchema },
  {
    on: 'request',
    method: 'sampling/createMessage',
    sender: 'server',
    check: 'SAMPLING-REQUEST',
    run: (c) => checkSamplingRequest(c.connection.facts, c.params, c.report),
  },
  { on: 'request', check: 'TASK-CAP', run: (c) => c.connection.tasks.request(c.sender, c.method, c.params, c.report) },
  { on: 'request', check: 'TASK-EXT-RESULT', run: checkExtTaskRequest },
  {
    on: 'request',
    method: 'ping',
    check: 'PING-PARAMS',
    run: ({ sender, params, report }) => {
      if (isRecord(params) && Object.keys(params).some((k) => k !== '_meta')) {
        report('PING-PARAMS', `ping was sent with parameters ${preview(JSON.stringify(params))}; it takes none.`, sender);
      }
    },
  },
  {
    on: 'request',
    method: 'initialize',
    sender: 'client',
    check: 'the initialize request',
    run: ({ id, params, connection: { facts } }) => {
      facts.initializeId = id!.key;
      // A 2026-07-28 connection falling back (the Auto probe): the initialize offers the version to negotiate.
      if (namesModernVersion(facts.offeredVersion) && isRecord(params) && typeof params.protocolVersion === 'string') {
        facts.offeredVersion = facts.version = params.protocolVersion;
      }
      // What the client declared is what server requests are judged against.
      if (isRecord(params) && isRecord(params.capabilities)) facts.clientCapabilities = params.capabilities;
    },
  },
  { on: 'request', sender: 'client', check: 'subscriptions', run: (c) => onSubscription(c.connection.facts, c.method, c.params) },
  { on: 'request', method: 'logging/setLevel', sender: 'client', check: 'LOG-SET-LEVEL', run: (c) => checkSetLevelRequest(c.params, c.report) },
  {
    on: 'request',
    method: 'elicitation/create',
    sender: 'server',
    check: 'ELICIT (elicitation/create)',
    run: (c) => c.connection.elicitation.request(c.connection.facts, c.params, c.report),
  },
  { on: 'request', check: 'PROG-TOKEN', run: trackProgressToken },
];

const notificationHooks: Hook[] = [
  {
    on: 'notification',
    check: 'METHOD-UNKNOWN',
    run: ({ sender, method, connection, report }) => {
      const problem = methodProblem(method, sender, 'notification', connection.facts.version);
      if (problem) report('METHOD-UNKNOWN', `${problem}.`, sender);
    },
  },
  {
    on: 'notification',
    check: 'LC/CAP (lifecycle and capabilities)',
    run: (c) => checkNotificationLifecycle(c.connection.facts, c.sender, c.method, c.params, c.report),
  },
  { on: 'notification', check: 'META-KEY', run: checkMetaKeys },
  { on: 'notification', check: 'SCHEMA', run: checkMessageSchema },
  { on: 'notification', method: 'notifications/cancelled', check: 'CANCEL', run: (c) => checkCancelled(c.connection, c.sender, c.params, c.report) },
  { on: 'notification', method: 'notifications/progress', check: 'PROG', run: checkProgress },
  {
    on: 'notification',
    method: 'notifications/tasks/status',
    check: 'TASK-STATUS',
    run: (c) => {
      taskSeen(c.connection, other(c.sender), c.params, false);
      c.connection.tasks.statusNotification(c.sender, c.params, c.at, c.report);
    },
  },
  { on: 'notification', method: 'notifications/tasks', check: 'TASK-EXT-RESULT', run: checkExtTaskNotification },
  {
    on: 'notification',
    method: 'notifications/message',
    sender: 'server',
    check: 'LOG-MESSAGE',
    run: (c) => checkLogMessage(c.connection.facts, c.params, c.report),
  },
  {
    on: 'notification',
    method: 'notifications/elicitation/complete',
    check: 'ELICIT-COMPLETE',
    run: (c) => c.connection.elicitation.complete(c.params, c.sender, c.report),
  },
  {
    on: 'notification',
    method: 'notifications/roots/list_changed',
    sender: 'client',
    check: 'CAP-UNDECLARED',
    run: (c) => checkRootsListChanged(c.connection.facts, c.report),
  },
];

const answerHooks: Hook[] = [
  { on: ['result', 'error'], check: 'PROG-TOKEN', run: endProgress },
  {
    on: 'result',
    check: 'TASK-STATUS',
    run: ({ sender, method, params, answer, connection }) => {
      if (answer!.task || TASK_READS.has(method))
        taskSeen(connection, other(sender), method === 'tasks/result' ? params : answer!.result, method === 'tasks/result');
    },
  },
  { on: ['result', 'error'], check: 'CANCEL-THEN-RESPONSE', run: checkAnswerAfterCancel },
  {
    on: ['result', 'error'],
    check: 'METHOD-UNKNOWN',
    run: ({ sender, method, answer, report }) => {
      if (isKnownRequest(method, other(sender)) || method.startsWith('notifications/')) return;
      const error = answer!.error;
      if (error?.code !== -32601) {
        report(
          'METHOD-UNKNOWN',
          `${method} is not an MCP method, so it should be answered with error -32601, not ${error ? `error ${error.code}` : 'a result'}.`,
          sender,
        );
      }
    },
  },
  {
    on: 'error',
    sender: 'server',
    check: 'ELICIT-REQUIRED',
    run: (c) => c.connection.elicitation.error(c.connection.facts, c.method, c.answer!.error!, c.report),
  },
  { on: 'result', check: 'META-KEY', run: checkMetaKeys },
  // A task handle (2026-07-28 extension) is not the method's result schema; TASK-EXT-RESULT checks it.
  {
    on: 'result',
    check: 'SCHEMA',
    run: (c) => {
      if (!c.answer!.handle) checkResultSchema(c);
    },
  },
  {
    on: 'result',
    check: 'TASK-STATUS',
    run: (c) => c.connection.tasks.result(c.sender, c.method, c.params, c.answer!.result, c.answer!.task, c.at, c.report),
  },
  { on: 'result', check: 'TASK-EXT-RESULT', run: checkExtTaskResult },
  {
    on: 'result',
    check: 'TASK-RESULT',
    run: (c) => {
      if (c.answer!.task) checkTaskResult(c.method, c.answer!.result, c.sender, c.report);
    },
  },
  usualResult('initialize', 'server', (c) => onInitializeResult(c.connection.facts, c.answer!.result, c.report)),
  usualResult(
    'ping',
    undefined,
    ({ sender, answer, connection, report }) => {
      const problem = pingAnswerProblem(answer!);
      if (problem?.kind === 'error') report('PING-RESULT', `ping was answered with error ${problem.code} instead of an empty result.`, sender);
      if (problem?.kind === 'not-empty')
        report('PING-RESULT', `ping was answered with ${preview(JSON.stringify(problem.result))}; the result must be exactly {}.`, sender);
      if (answer!.rttMs > connection.slowPingMs)
        report('PING-RESULT', `ping took ${Math.round(answer!.rttMs)} ms; it must be answered promptly.`, sender, 'warning');
    },
    ['result', 'error'],
  ),
  usualResult('logging/setLevel', 'server', (c) => onSetLevelAnswer(c.connection.facts, c.params, c.answer!, c.sender, c.report), ['result', 'error']),
  usualResult('tools/list', 'server', sharedResultRules['tools/list']),
  usualResult('sampling/createMessage', 'client', (c) => checkSamplingResult(c.connection.facts, c.params, c.answer!.result, c.report)),
  usualResult('tools/call', 'server', sharedResultRules['tools/call']),
  usualResult('completion/complete', 'server', sharedResultRules['completion/complete']),
  usualResult('roots/list', 'client', (c) => checkRootsResult(c.answer!.result, c.report)),
];

export const legacyRuleSet: RuleSet = {
  id: 'initialize generation',
  era: 'legacy',
  hooks: [...requestHooks, ...notificationHooks, ...answerHooks],
};
