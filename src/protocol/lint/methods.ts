// Which methods exist, per protocol version and direction (the ClientRequest /
// ServerRequest / …Notification unions of each version's schema). Maps, not
// plain objects: a method is a server-chosen string, and "constructor" or
// "__proto__" must not find Object.prototype's members.

import type { ProtocolVersion } from '../versions.js';

type Since = ProtocolVersion;

const CLIENT_REQUESTS = new Map<string, Since>([
  ['initialize', '2024-11-05'],
  ['ping', '2024-11-05'],
  ['resources/list', '2024-11-05'],
  ['resources/templates/list', '2024-11-05'],
  ['resources/read', '2024-11-05'],
  ['resources/subscribe', '2024-11-05'],
  ['resources/unsubscribe', '2024-11-05'],
  ['prompts/list', '2024-11-05'],
  ['prompts/get', '2024-11-05'],
  ['tools/list', '2024-11-05'],
  ['tools/call', '2024-11-05'],
  ['logging/setLevel', '2024-11-05'],
  ['completion/complete', '2024-11-05'],
  ['tasks/get', '2025-11-25'],
  ['tasks/result', '2025-11-25'],
  ['tasks/list', '2025-11-25'],
  ['tasks/cancel', '2025-11-25'],
  // The tasks extension (io.modelcontextprotocol/tasks).
  ['tasks/update', '2026-07-28'],
]);

const SERVER_REQUESTS = new Map<string, Since>([
  ['ping', '2024-11-05'],
  ['sampling/createMessage', '2024-11-05'],
  ['roots/list', '2024-11-05'],
  ['elicitation/create', '2025-06-18'],
  ['tasks/get', '2025-11-25'],
  ['tasks/result', '2025-11-25'],
  ['tasks/list', '2025-11-25'],
  ['tasks/cancel', '2025-11-25'],
]);

const CLIENT_NOTIFICATIONS = new Map<string, Since>([
  ['notifications/cancelled', '2024-11-05'],
  ['notifications/initialized', '2024-11-05'],
  ['notifications/progress', '2024-11-05'],
  ['notifications/roots/list_changed', '2024-11-05'],
  ['notifications/tasks/status', '2025-11-25'],
]);

const SERVER_NOTIFICATIONS = new Map<string, Since>([
  ['notifications/cancelled', '2024-11-05'],
  ['notifications/progress', '2024-11-05'],
  ['notifications/message', '2024-11-05'],
  ['notifications/resources/updated', '2024-11-05'],
  ['notifications/resources/list_changed', '2024-11-05'],
  ['notifications/tools/list_changed', '2024-11-05'],
  ['notifications/prompts/list_changed', '2024-11-05'],
  ['notifications/elicitation/complete', '2025-11-25'],
  ['notifications/tasks/status', '2025-11-25'],
  // The tasks extension (io.modelcontextprotocol/tasks).
  ['notifications/tasks', '2026-07-28'],
]);

export type Sender = 'client' | 'server';

/** Undefined when `method` exists for this sender and version; else why not. */
export function methodProblem(method: string, sender: Sender, kind: 'request' | 'notification', version: string): string | undefined {
  const table =
    kind === 'request' ? (sender === 'client' ? CLIENT_REQUESTS : SERVER_REQUESTS) : sender === 'client' ? CLIENT_NOTIFICATIONS : SERVER_NOTIFICATIONS;
  const since = table.get(method);
  if (since === undefined) {
    const other = (
      kind === 'request' ? (sender === 'client' ? SERVER_REQUESTS : CLIENT_REQUESTS) : sender === 'client' ? SERVER_NOTIFICATIONS : CLIENT_NOTIFICATIONS
    ).get(method);
    if (other !== undefined) return `${method} is a ${sender === 'client' ? 'server' : 'client'} ${kind}; a ${sender} must not send it`;
    return `${method} is not an MCP ${kind} a ${sender} sends`;
  }
  // Versions are ISO dates, so they compare as strings.
  if (version < since) return `${method} exists only from protocol version ${since}, but ${version} is in use`;
  return undefined;
}

/** Whether a method names a request defined in some version (for the -32601 expectation). */
export function isKnownRequest(method: string, sender: Sender): boolean {
  return (sender === 'client' ? CLIENT_REQUESTS : SERVER_REQUESTS).has(method);
}
