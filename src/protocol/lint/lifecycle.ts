// Lifecycle and capability rules: what may be sent before the handshake ends,
// the initialized notification, version negotiation, negotiated capabilities.

import { isLegacyVersion } from '../versions.js';
import type { Sender } from './methods.js';
import type { Report } from './report.js';
import { isRecord } from '../json/guards.js';
import type { SessionFacts } from './state.js';

function capability(caps: Record<string, unknown> | undefined, path: readonly string[]): boolean {
  let v: unknown = caps;
  for (const p of path) {
    // Own members only: a peer's capabilities object inherits "constructor" and friends.
    if (!isRecord(v) || !Object.hasOwn(v, p)) return false;
    v = v[p];
  }
  // A declared capability is an object (possibly empty) or true for flags.
  return v !== false && v !== undefined && v !== null;
}

/** Server capability needed by each client request family (and the version that defines it, where later than 2024-11-05). */
const CLIENT_REQUEST_NEEDS: Array<[RegExp, string[], string?]> = [
  [/^tools\//, ['tools']],
  [/^resources\/(un)?subscribe$/, ['resources', 'subscribe']],
  [/^resources\//, ['resources']],
  [/^prompts\//, ['prompts']],
  [/^logging\/setLevel$/, ['logging']],
  // 2024-11-05 had completion/complete but no capability to declare it.
  [/^completion\/complete$/, ['completions'], '2025-03-26'],
];

/** Client capability needed by each server request (a Map: methods are server-chosen strings). */
const SERVER_REQUEST_NEEDS = new Map<string, readonly string[]>([
  ['sampling/createMessage', ['sampling']],
  ['roots/list', ['roots']],
  ['elicitation/create', ['elicitation']],
]);

const SERVER_NOTIFICATION_NEEDS = new Map<string, readonly string[]>([
  ['notifications/message', ['logging']],
  ['notifications/tools/list_changed', ['tools', 'listChanged']],
  ['notifications/prompts/list_changed', ['prompts', 'listChanged']],
  ['notifications/resources/list_changed', ['resources', 'listChanged']],
]);

export function checkRequestLifecycle(facts: SessionFacts, sender: Sender, method: string, report: Report): void {
  if (sender === 'client') {
    if (method === 'initialize') {
      if (facts.initializeId !== undefined) report('LC-NO-INITIALIZED', 'initialize was sent a second time in this session.', 'client');
      return;
    }
    if (method === 'ping') return;
    if (!facts.initializeResult) {
      report('LC-EARLY-CLIENT', `The client sent ${method} before the initialize result arrived; only ping is expected then.`, 'client');
    } else if (!facts.initializedSent) {
      report('LC-NO-INITIALIZED', `The client sent ${method} before notifications/initialized.`, 'client');
    }
    if (facts.negotiated) {
      const [, need, since] = CLIENT_REQUEST_NEEDS.find(([re]) => re.test(method)) ?? [];
      if (need && !(since !== undefined && facts.version < since) && !capability(facts.serverCapabilities, need)) {
        report('CAP-UNDECLARED', `${method} needs the server capability ${need.join('.')}, which the server did not declare.`, 'client');
      }
    }
    return;
  }
  if (method !== 'ping' && !facts.initializedSent) {
    report('LC-EARLY-SERVER', `The server sent ${method} before the client's notifications/initialized; only ping and logging are expected then.`, 'server');
  }
  const need = SERVER_REQUEST_NEEDS.get(method);
  if (need && !capability(facts.clientCapabilities, need)) {
    report('CAP-UNDECLARED', `${method} needs the client capability ${need.join('.')}, which this client did not declare.`, 'server');
  }
}

export function checkNotificationLifecycle(facts: SessionFacts, sender: Sender, method: string, params: unknown, report: Report): void {
  if (sender === 'client' && method === 'notifications/initialized') {
    if (facts.initializedSent) report('LC-NO-INITIALIZED', 'notifications/initialized was sent a second time.', 'client');
    else if (!facts.initializeResult) report('LC-NO-INITIALIZED', 'notifications/initialized was sent before the initialize result arrived.', 'client');
    facts.initializedSent = true;
    return;
  }
  if (sender !== 'server' || !facts.negotiated) return;
  const need = SERVER_NOTIFICATION_NEEDS.get(method);
  if (need && !capability(facts.serverCapabilities, need)) {
    report('CAP-UNDECLARED', `${method} needs the server capability ${need.join('.')}, which the server did not declare.`, 'server');
  }
  if (method === 'notifications/resources/updated') {
    const uri = isRecord(params) ? params.uri : undefined;
    if (typeof uri === 'string' && !facts.subscribed.has(uri)) {
      report('CAP-UNDECLARED', `notifications/resources/updated for ${uri}, which the client never subscribed to.`, 'server');
    }
  }
}

/** The initialize result: record the negotiated version and capabilities. */
export function onInitializeResult(facts: SessionFacts, result: unknown, report: Report): void {
  facts.initializeResult = true;
  if (!isRecord(result)) return;
  const version = result.protocolVersion;
  if (isRecord(result.capabilities)) facts.serverCapabilities = result.capabilities;
  facts.negotiated = true;
  if (typeof version !== 'string') {
    report('LC-VERSION', 'The initialize result has no protocolVersion.', 'server', 'error');
    return;
  }
  // initialize negotiates legacy versions only: a modern one in its result is as unknown as any.
  if (!isLegacyVersion(version)) {
    report(
      'LC-VERSION',
      `The server chose protocol version ${JSON.stringify(version)}, which this client does not support; a client should disconnect.`,
      'server',
      'error',
    );
    return;
  }
  if (version !== facts.offeredVersion) {
    report(
      'LC-VERSION',
      `The client offered ${facts.offeredVersion} and the server answered ${version}. That is allowed only if the server does not support ${facts.offeredVersion}.`,
      'server',
      'info',
    );
  }
  facts.version = version;
}

export function onSubscription(facts: SessionFacts, method: string, params: unknown): void {
  const uri = isRecord(params) ? params.uri : undefined;
  if (typeof uri !== 'string') return;
  if (method === 'resources/subscribe') facts.subscribed.add(uri);
  if (method === 'resources/unsubscribe') facts.subscribed.delete(uri);
}
