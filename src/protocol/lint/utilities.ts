// Cancellation and progress, the utilities both generations share: who may
// cancel what, and progress that follows its token from request to answer (or,
// for a task, to the task's end).

import { isRecord } from '../json/guards.js';
import { requestIdOf } from '../ledger/request-id.js';
import { isTerminalStatus } from '../tasks/task.js';
import type { LintConnection } from './connection.js';
import type { Sender } from './methods.js';
import type { FrameContext } from './rule-set.js';
import type { Report } from './report.js';
import { other } from './state.js';
import { taskOf } from './tasks.js';

/** notifications/cancelled: the sender cancels a request it sent and that is still pending. */
export function checkCancelled(connection: LintConnection, sender: Sender, params: unknown, report: Report): void {
  const { ledger } = connection.facts;
  const requestId = isRecord(params) ? params.requestId : undefined;
  if (typeof requestId !== 'string' && typeof requestId !== 'number') {
    report('CANCEL-TARGET', 'notifications/cancelled has no requestId.', sender, 'error');
    return;
  }
  const rid = requestIdOf(requestId);
  const own = ledger.pendingRequest(sender, rid)?.data;
  if (own) {
    if (own.method === 'initialize') report('CANCEL-INIT', 'The initialize request was cancelled; it must not be.', sender);
    own.cancelled = true;
    return;
  }
  if (ledger.pendingRequest(other(sender), rid)) {
    report(
      'CANCEL-TARGET',
      `The ${sender} cancelled request ${JSON.stringify(requestId)}, which the other side sent; only the sender of a request may cancel it.`,
      sender,
      'error',
    );
    return;
  }
  const done = ledger.isSettled(sender, rid);
  report(
    'CANCEL-TARGET',
    `The ${sender} cancelled request ${JSON.stringify(requestId)}, which is ${done ? 'already answered (a race the spec allows)' : 'not a request it sent'}.`,
    sender,
  );
}

/** PROG-TOKEN on a request: its progress token is not one an active request uses. Records the token. */
export function trackProgressToken({ sender, params, request, connection, report }: FrameContext): void {
  const token = isRecord(params) && isRecord(params._meta) ? params._meta.progressToken : undefined;
  if (typeof token !== 'string' && typeof token !== 'number') return;
  const tokenKey = `${sender}:${requestIdOf(token).key}`;
  const active = connection.facts.progress.get(tokenKey);
  if (active && !active.done) report('PROG-TOKEN', `Progress token ${JSON.stringify(token)} is already used by an active request.`, sender);
  request!.progressToken = token;
  connection.facts.progress.set(tokenKey, { request: request!, sender, last: undefined, done: false });
}

/** notifications/progress: for an active request's token, increasing, and not after a cancel. */
export function checkProgress({ sender, params, connection, report }: FrameContext): void {
  if (!isRecord(params)) return;
  const token = params.progressToken;
  if (typeof token !== 'string' && typeof token !== 'number') {
    report('PROG-TOKEN', 'notifications/progress has no progressToken.', sender, 'error');
    return;
  }
  // Progress flows from the side working on the request to its sender.
  const entry = connection.facts.progress.get(`${other(sender)}:${requestIdOf(token).key}`);
  if (!entry) {
    report('PROG-TOKEN', `Progress for token ${JSON.stringify(token)}, which no active request carries.`, sender);
    return;
  }
  if (entry.done) {
    report('PROG-TOKEN', `Progress for token ${JSON.stringify(token)} after its request was answered; progress must stop at completion.`, sender);
    return;
  }
  const request = entry.request;
  if (request.cancelled) {
    // The first one may have crossed the cancel on the wire; more mean the work went on.
    const first = request.progressAfterCancel === undefined;
    request.progressAfterCancel = (request.progressAfterCancel ?? 0) + 1;
    report(
      'CANCEL-THEN-PROGRESS',
      first
        ? `Progress for ${request.method} (id ${JSON.stringify(request.id)}) after it was cancelled; it may have crossed the cancel on the wire.`
        : `Progress for ${request.method} (id ${JSON.stringify(request.id)}) continues after it was cancelled (${request.progressAfterCancel} notifications so far); the ${sender} should stop working on a cancelled request.`,
      sender,
      first ? 'info' : 'warning',
    );
  }
  const value = params.progress;
  if (typeof value !== 'number') {
    report('PROG-MONOTONIC', 'notifications/progress has no numeric progress value.', sender);
    return;
  }
  if (entry.last !== undefined && value <= entry.last) {
    report('PROG-MONOTONIC', `Progress went from ${entry.last} to ${value}; it must increase.`, sender);
  }
  entry.last = value;
}

/** An answer ends its request's progress; a task made by it keeps the token until the task ends. */
export function endProgress({ sender, request, answer, connection }: FrameContext): void {
  if (request!.progressToken === undefined) return;
  const asker = other(sender);
  const entry = connection.facts.progress.get(`${asker}:${requestIdOf(request!.progressToken).key}`);
  const created = answer!.task ? taskOf(answer!.result) : undefined;
  if (entry && created) connection.taskProgress.set(`${asker}:${created.taskId}`, entry);
  else if (entry) entry.done = true;
}

/** A task's status seen, or its result retrieved: once it ends, so does its progress token. */
export function taskSeen(connection: LintConnection, asker: Sender, value: unknown, ended: boolean): void {
  const task = taskOf(value);
  const key = task && `${asker}:${task.taskId}`;
  const entry = key === undefined ? undefined : connection.taskProgress.get(key);
  if (!entry || !(ended || isTerminalStatus(task?.status))) return;
  entry.done = true;
  connection.taskProgress.delete(key!);
}

/** CANCEL-THEN-RESPONSE: a cancelled request should get no answer. */
export function checkAnswerAfterCancel({ sender, request, report }: FrameContext): void {
  if (request!.cancelled)
    report('CANCEL-THEN-RESPONSE', `Request ${JSON.stringify(request!.id)} (${request!.method}) was answered after it was cancelled.`, sender);
}
