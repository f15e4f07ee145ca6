// The rule set of the 2026-07-28 revision: what the linter checks on frames of
// the stateless generation instead of the handshake and session rules. Keeps
// its own facts: the connection's era, the client's requests (their _meta, for
// log levels, MRTR and the HTTP headers), input_required results awaiting a
// retry.

import { isRecord } from '../json/guards.js';
import { requestIdOf } from '../ledger/request-id.js';
import { isAtOrAbove, isLoggingLevel, type LoggingLevel } from '../logging/levels.js';
import { readLogMessage } from '../logging/log-message.js';
import type { Sender } from './methods.js';
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
  implementationOf,
} from '../mcp/modern-meta.js';
import { metaOf, namesModernVersion, requestNameOf, requestVersionOf } from './modern-era.js';
import { SUBSCRIPTION_NOTIFICATIONS, isModernRequest, isOldGenerationRequest, modernMethodProblem } from './modern-methods.js';
import { checkInputRequired, checkRetry, retryKey, type AwaitedRetry } from './modern-mrtr.js';
import { checkCacheFields, checkDiscoverResult, checkModernErrorCode, checkResultType } from './modern-results.js';
import type { Report } from './report.js';
import { preview } from './transport.js';

/** What the linter keeps of one modern client request. */
export interface ModernRequest {
  method: string;
  /** The version the request was sent under. */
  version: string;
  /** params.name or params.uri, for Mcp-Name and retries. */
  name?: string;
  /** The protocolVersion its _meta named, as sent (undefined when none). */
  namedVersion?: unknown;
  logLevel?: LoggingLevel;
  capabilities?: Record<string, unknown>;
  /** It lacked a required _meta field: the server must reject it. */
  malformed: boolean;
  /** The code of the error it was answered with, once answered. */
  answerCode?: number;
  answered: boolean;
}

/**
 * Whether a result is the method's own (resultType "complete", or none, which MODERN-RESULT-TYPE names):
 * "input_required" and the kinds extensions add (the tasks extension's "task") are not.
 */
export function isMethodResult(result: Record<string, unknown>): boolean {
  return result.resultType === undefined || result.resultType === 'complete';
}

/** The SubscriptionFilter field each change notification needs. */
const OPT_IN = new Map([
  ['notifications/tools/list_changed', 'toolsListChanged'],
  ['notifications/prompts/list_changed', 'promptsListChanged'],
  ['notifications/resources/list_changed', 'resourcesListChanged'],
  ['notifications/resources/updated', 'resourceSubscriptions'],
]);

/** Requests remembered for their HTTP exchange (on stdio none comes): the oldest are let go. */
const MAX_REMEMBERED = 256;

export class ModernLint {
  /** The modern version the connection speaks; undefined while it speaks the initialize generation. */
  connection: string | undefined;
  private readonly requests = new Map<string, ModernRequest>();
  private readonly inFlight = new Map<string, ModernRequest>();
  private readonly awaiting = new Map<string, AwaitedRetry>();
  /** The versions a server/discover result listed, once one came. */
  private discovered: string[] | undefined;
  /** A modern request other than the server/discover probe was sent. */
  private modernWork = false;
  private saidClientInfo = false;
  private saidServerInfo = false;
  /** Open subscriptions/listen requests by ledger key: what they opted in to, and whether the server acknowledged. */
  private readonly listens = new Map<string, { filter: Record<string, unknown>; acknowledged: boolean }>();

  constructor(offeredVersion: string) {
    if (namesModernVersion(offeredVersion)) this.connection = offeredVersion;
  }

  /**
   * The era of a client request: the modern version it is sent under, or undefined for the
   * initialize generation. An initialize ends the connection's modern era (the Auto fallback).
   */
  clientRequestEra(method: string, params: unknown, report: Report): string | undefined {
    if (method === 'initialize') {
      const wasModern = this.connection;
      this.connection = undefined;
      if (wasModern !== undefined && (this.modernWork || this.discovered?.includes(wasModern))) {
        report(
          'MODERN-METHOD',
          this.modernWork
            ? `initialize was sent after ${wasModern} requests on this connection; it is only the fallback when the server/discover probe fails.`
            : `initialize was sent though the server/discover probe answered that the server speaks ${wasModern}; the fallback is only for a probe that fails.`,
          'client',
        );
      }
      return undefined;
    }
    const named = requestVersionOf(params);
    if (namesModernVersion(named)) {
      this.connection = named;
      return named;
    }
    return this.connection;
  }

  /** The era of any other frame: the connection's. */
  get version(): string | undefined {
    return this.connection;
  }

  /** The checks on a request of the modern era; returns what is kept of a client's request. */
  request(sender: Sender, idKey: string, method: string, params: unknown, version: string, report: Report): ModernRequest | undefined {
    const problem = modernMethodProblem(method, sender, 'request', version);
    if (problem) report(problem.rule, `${problem.message}.`, sender);
    if (sender === 'server') return undefined;
    if (method !== 'server/discover') this.modernWork = true;
    const request = this.readMeta(method, params, version, report);
    if (isRecord(params) && (Object.hasOwn(params, 'inputResponses') || Object.hasOwn(params, 'requestState'))) {
      const key = retryKey(method, request.name);
      const awaited = this.awaiting.get(key);
      if (awaited) {
        this.awaiting.delete(key);
        checkRetry(awaited, idKey, params, method, report);
      } else {
        report(
          'MODERN-MRTR-RETRY',
          `${method}${request.name !== undefined ? ` ${JSON.stringify(request.name)}` : ''} carries ${Object.hasOwn(params, 'requestState') ? 'requestState' : 'inputResponses'}, but no input_required result to it awaits a retry; they belong only to the retry of the request that got them.`,
          'client',
          'warning',
        );
      }
    }
    if (method === 'subscriptions/listen') {
      const filter = isRecord(params) && isRecord(params.notifications) ? params.notifications : {};
      this.listens.set(idKey, { filter, acknowledged: false });
    }
    this.requests.set(idKey, request);
    if (this.requests.size > MAX_REMEMBERED) this.requests.delete(this.requests.keys().next().value!);
    this.inFlight.set(idKey, request);
    return request;
  }

  /** MODERN-META on a client request's _meta; what it declared. */
  private readMeta(method: string, params: unknown, version: string, report: Report): ModernRequest {
    const meta = metaOf(params) ?? {};
    const request: ModernRequest = { method, version, malformed: false, answered: false, namedVersion: requestVersionOf(params) };
    const name = requestNameOf(method, params);
    if (name !== undefined) request.name = name;
    const problems: string[] = [];
    const named = meta[META_PROTOCOL_VERSION];
    if (named === undefined) problems.push(`no ${META_PROTOCOL_VERSION}`);
    else if (typeof named !== 'string') problems.push(`${META_PROTOCOL_VERSION} ${preview(JSON.stringify(named) ?? '')}, not a version string`);
    const capabilities = meta[META_CLIENT_CAPABILITIES];
    if (capabilities === undefined) problems.push(`no ${META_CLIENT_CAPABILITIES}`);
    else if (!isRecord(capabilities)) problems.push(`${META_CLIENT_CAPABILITIES} ${preview(JSON.stringify(capabilities) ?? '')}, not an object`);
    else request.capabilities = capabilities;
    if (problems.length) {
      request.malformed = true;
      report('MODERN-META', `The ${method} request's _meta has ${problems.join(' and ')}; every ${version} request must carry both.`, 'client');
    }
    const info = meta[META_CLIENT_INFO];
    if (info === undefined) {
      if (!this.saidClientInfo) {
        this.saidClientInfo = true;
        report(
          'MODERN-META',
          `The ${method} request has no ${META_CLIENT_INFO}; clients should name themselves on every request (said once per connection).`,
          'client',
          'info',
        );
      }
    } else if (implementationOf(info) === undefined) {
      report('MODERN-META', `${META_CLIENT_INFO} is ${preview(JSON.stringify(info) ?? '')}; it must have a string name and version.`, 'client', 'warning');
    }
    const level = meta[META_LOG_LEVEL];
    if (isLoggingLevel(level)) request.logLevel = level;
    else if (level !== undefined) {
      report('MODERN-META', `${META_LOG_LEVEL} is ${preview(JSON.stringify(level) ?? '')}, not one of the eight log levels.`, 'client', 'warning');
    }
    return request;
  }

  notification(sender: Sender, method: string, params: unknown, version: string, report: Report): void {
    const problem = modernMethodProblem(method, sender, 'notification', version);
    if (problem) report(problem.rule, `${problem.message}.`, sender);
    if (sender !== 'server') return;
    if (method === 'notifications/message') this.logMessage(params, report);
    if (SUBSCRIPTION_NOTIFICATIONS.has(method) || method === 'notifications/subscriptions/acknowledged') this.subscriptionNotification(method, params, report);
  }

  /** A notification of a subscriptions/listen stream: it names an open subscription, acknowledged first, that opted in to it. */
  private subscriptionNotification(method: string, params: unknown, report: Report): void {
    const id = metaOf(params)?.[META_SUBSCRIPTION_ID];
    if (id === undefined) {
      report(
        'MODERN-META',
        `${method} has no ${META_SUBSCRIPTION_ID} in _meta; a notification of a subscriptions/listen stream must name its subscription.`,
        'server',
      );
      return;
    }
    const listen = typeof id === 'string' || typeof id === 'number' ? this.listens.get(requestIdOf(id).key) : undefined;
    if (!listen) {
      report(
        'MODERN-META',
        `${method} names subscription ${(JSON.stringify(id) ?? String(id)).slice(0, 80)}, but no subscriptions/listen request with that id is open.`,
        'server',
        'warning',
      );
      return;
    }
    if (method === 'notifications/subscriptions/acknowledged') {
      listen.acknowledged = true;
      return;
    }
    if (!listen.acknowledged) {
      report(
        'MODERN-META',
        `${method} came on subscription ${JSON.stringify(id)} before notifications/subscriptions/acknowledged, which must come first.`,
        'server',
      );
    }
    const wanted = OPT_IN.get(method);
    if (wanted && !listen.filter[wanted]) {
      report('MODERN-META', `${method} came on subscription ${JSON.stringify(id)}, which did not opt in to ${wanted}.`, 'server', 'warning');
    }
  }

  /** notifications/message: only while a request that asked for logs (and at its level) is in flight. */
  private logMessage(params: unknown, report: Report): void {
    const levels = [...this.inFlight.values()].flatMap((r) => (r.logLevel ? [r.logLevel] : []));
    if (!levels.length) {
      report(
        'MODERN-LOG',
        `notifications/message arrived while no request in flight set ${META_LOG_LEVEL}; a server must not send log messages for a request that did not ask for them.`,
        'server',
      );
      return;
    }
    const level = readLogMessage(params).known;
    // The most verbose level any request in flight asked for: the message may be for that one.
    const lowest = levels.reduce((a, b) => (isAtOrAbove(a, b) ? b : a));
    if (level && !isAtOrAbove(level, lowest)) {
      report('MODERN-LOG', `A ${level} message arrived, but the requests in flight asked for ${lowest} and above.`, 'server', 'warning');
    }
  }

  /** A response to a modern request (`request` is what was kept of a client's). */
  answer(
    sender: Sender,
    idKey: string,
    idText: string,
    method: string,
    body: { result?: unknown; error?: { code: number; data?: unknown } },
    report: Report,
  ): void {
    const request = this.inFlight.get(idKey);
    this.inFlight.delete(idKey);
    this.listens.delete(idKey);
    if (request) {
      request.answered = true;
      if (body.error) request.answerCode = body.error.code;
    }
    if (sender !== 'server') return;
    if (body.error) {
      checkModernErrorCode(method, body.error, report);
      if (!isModernRequest(method) && !isOldGenerationRequest(method) && body.error.code !== -32601) {
        report('METHOD-UNKNOWN', `${method} is not a 2026-07-28 method, so it should be answered with error -32601, not error ${body.error.code}.`, 'server');
      }
      return;
    }
    const result = body.result;
    if (!isRecord(result)) {
      report('MODERN-RESULT-TYPE', `The ${method} result is ${preview(JSON.stringify(result) ?? '')}; a result is an object with resultType.`, 'server');
      return;
    }
    checkResultType(method, result, report);
    if (isOldGenerationRequest(method)) {
      report(
        'MODERN-METHOD',
        `The server answered ${method} with a result on a 2026-07-28 exchange; the method is not part of that revision.`,
        'server',
        'warning',
      );
    } else if (!isModernRequest(method)) {
      report('METHOD-UNKNOWN', `${method} is not a 2026-07-28 method, so it should be answered with error -32601, not a result.`, 'server');
    }
    if (request?.malformed) {
      report(
        'MODERN-META',
        `The server answered ${method} though the request lacked required _meta; it must reject such a request with -32602 (Invalid params).`,
        'server',
      );
    }
    if (result.resultType === 'input_required') {
      this.awaiting.set(retryKey(method, request?.name), checkInputRequired(method, result, request?.capabilities, { idKey, idText }, report));
    } else if (isMethodResult(result)) {
      checkCacheFields(method, result, report);
      if (method === 'server/discover') {
        checkDiscoverResult(result, report);
        if (Array.isArray(result.supportedVersions)) this.discovered = result.supportedVersions.filter((v): v is string => typeof v === 'string');
      }
    }
    const info = metaOf(result)?.[META_SERVER_INFO];
    if (info === undefined) {
      if (!this.saidServerInfo) {
        this.saidServerInfo = true;
        report(
          'MODERN-SERVER-INFO',
          `The ${method} result has no ${META_SERVER_INFO} in _meta; servers should name themselves in every result (said once per connection).`,
          'server',
        );
      }
    } else if (implementationOf(info) === undefined) {
      report(
        'MODERN-SERVER-INFO',
        `${META_SERVER_INFO} is ${preview(JSON.stringify(info) ?? '')}; it must have a string name and version.`,
        'server',
        'warning',
      );
    }
  }

  /** The client cancelled a request: it is no longer in flight (its log level no longer asks for messages). */
  cancelled(idKey: string): void {
    this.inFlight.delete(idKey);
    this.listens.delete(idKey);
  }

  /** A client request remembered by its ledger key (for its HTTP exchange). */
  remembered(idKey: string): ModernRequest | undefined {
    return this.requests.get(idKey);
  }

  /** An exchange has been judged: its requests need not be remembered. */
  forget(idKey: string): void {
    this.requests.delete(idKey);
  }
}
