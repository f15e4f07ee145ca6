// Which methods 2026-07-28 has, and which belong to the initialize generation
// only (removed by the stateless revision). Maps and sets: methods are
// peer-chosen strings.

import type { Sender } from './methods.js';

/** Client requests of 2026-07-28, with the tasks extension's (io.modelcontextprotocol/tasks). */
const CLIENT_REQUESTS = new Set([
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'subscriptions/listen',
  'tasks/get',
  'tasks/update',
  'tasks/cancel',
]);

/** What replaced each removed method, for the finding's sentence. */
const OLD_CLIENT_REQUESTS = new Map([
  [
    'initialize',
    'there is no handshake: each request carries its version and capabilities in _meta (initialize is only the fallback after a failed server/discover probe)',
  ],
  ['ping', 'a server/discover round trip is the liveness check'],
  ['logging/setLevel', 'the level is set per request with _meta io.modelcontextprotocol/logLevel'],
  ['resources/subscribe', 'subscriptions/listen replaces it'],
  ['resources/unsubscribe', 'cancelling the subscriptions/listen request replaces it'],
  ['tasks/list', 'the tasks extension has no list'],
  ['tasks/result', 'the tasks extension polls with tasks/get'],
]);

const SERVER_NOTIFICATIONS = new Set([
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/subscriptions/acknowledged',
]);

const OLD_NOTIFICATIONS = new Map([
  ['notifications/initialized', 'there is no handshake'],
  ['notifications/roots/list_changed', 'roots are asked for in an input_required result'],
  ['notifications/elicitation/complete', 'the client learns the outcome by retrying the request'],
]);

/** The change notifications that come on a subscriptions/listen stream, tagged with its subscription id. */
export const SUBSCRIPTION_NOTIFICATIONS: ReadonlySet<string> = new Set([
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
]);

export type ModernMethodProblem = { rule: 'MODERN-METHOD' | 'METHOD-UNKNOWN'; message: string } | undefined;

/** Undefined when `method` may be sent by `sender` in 2026-07-28; else which rule it breaks and why. */
export function modernMethodProblem(method: string, sender: Sender, kind: 'request' | 'notification', version: string): ModernMethodProblem {
  if (kind === 'request') {
    if (sender === 'server') {
      return {
        rule: 'MODERN-METHOD',
        message: `The server sent the request ${method}; in ${version} a server sends no requests: it asks for input with an input_required result`,
      };
    }
    if (CLIENT_REQUESTS.has(method)) return undefined;
    const instead = OLD_CLIENT_REQUESTS.get(method);
    if (instead) return { rule: 'MODERN-METHOD', message: `${method} is not part of ${version} (${instead})` };
    return { rule: 'METHOD-UNKNOWN', message: `${method} is not a ${version} request a client sends` };
  }
  const instead = OLD_NOTIFICATIONS.get(method);
  if (instead) return { rule: 'MODERN-METHOD', message: `${method} is not part of ${version} (${instead})` };
  if (sender === 'client') {
    return method === 'notifications/cancelled' ? undefined : { rule: 'METHOD-UNKNOWN', message: `${method} is not a ${version} notification a client sends` };
  }
  // The tasks extension's notifications (notifications/tasks, notifications/tasks/…) are its own business.
  if (SERVER_NOTIFICATIONS.has(method) || method === 'notifications/tasks' || method.startsWith('notifications/tasks/')) return undefined;
  return { rule: 'METHOD-UNKNOWN', message: `${method} is not a ${version} notification a server sends` };
}

/** Whether a client request of the old generation (its answer, too, is judged). */
export function isOldGenerationRequest(method: string): boolean {
  return OLD_CLIENT_REQUESTS.has(method);
}

/** Whether `method` is a client request 2026-07-28 (or the tasks extension) defines. */
export function isModernRequest(method: string): boolean {
  return CLIENT_REQUESTS.has(method);
}
