// The lint engine: fed every frame of a session in order (both directions,
// stdout noise, HTTP exchanges), it checks each against the rules of the
// negotiated protocol version — the offered one until negotiation — and
// returns what it found. Stateful, never throws, no I/O: each check runs
// guarded, so one that fails (a bug of ours) becomes a LINT-INTERNAL finding
// and the other checks, and the frames after, are still linted.

import { classifyFrame, type Frame, type InvalidCode, type JsonRpcId, type SingleFrame } from '../jsonrpc/codec.js';
import { DEFAULT_PROTOCOL_VERSION } from '../versions.js';
import { guardFor, internalFailureMessage, type Guard } from './internal.js';
import { ElicitationRules } from './elicitation.js';
import { checkNotificationLifecycle, checkRequestLifecycle, onInitializeResult, onSubscription } from './lifecycle.js';
import { checkLogMessage, checkLogMessageShape, checkSetLevelRequest, onSetLevelAnswer } from './logging.js';
import { checkMeta } from './meta.js';
import { isKnownRequest, methodProblem, type Sender } from './methods.js';
import type { Report } from './report.js';
import { RULES, specUrl, type RuleId, type Severity } from './rules.js';
import { isRecord } from '../json/guards.js';
import { pingAnswerProblem } from '../ping/compliance.js';
import { frameRequestId, requestIdOf, type RequestId } from '../ledger/request-id.js';
import { checkSamplingRequest, checkSamplingResult } from './sampling.js';
import { SessionFacts, other, type Finding, type Outstanding } from './state.js';
import { checkRootsListChanged, checkRootsResult } from './roots.js';
import { checkTaskResult, isTaskAnswer, taskOf } from './tasks.js';
import { TaskLint } from './task-rules.js';
import { ExtTaskLint } from './ext-task-rules.js';
import { isTaskHandle } from '../tasks/ext-task.js';
import { isTerminalStatus } from '../tasks/task.js';
import { checkToolResult, checkToolsList } from './tools.js';
import { checkCompletionResult } from './completion.js';
import { checkHttpExchange, checkStdoutNoise, endNoiseRun, preview, type HttpExchangeFacts } from './transport.js';
import { ModernLint, isMethodResult, type ModernRequest } from './modern.js';
import { MODERN_META_KEYS, namesModernVersion } from './modern-era.js';
import { checkModernHttpExchange } from './modern-http.js';
import type { SchemaCheck } from './schema-parsers.js';

/** Checks a message against a published schema (see lint/sdk-schemas.ts); kept pluggable so the UI can load it lazily. */
export type { SchemaCheck } from './schema-parsers.js';

export interface LinterOptions {
  /** The schema check and the protocol version its schemas describe. */
  schema?: { check: SchemaCheck; version: string };
  /** The same for frames of the 2026-07-28 generation (lint/modern-schemas.ts). */
  modernSchema?: { check: SchemaCheck; version: string };
  offeredVersion?: string;
  /** The capabilities this client declared in initialize. */
  clientCapabilities?: Record<string, unknown>;
  /** A ping answered later than this is reported as slow. */
  slowPingMs?: number;
}

export interface FrameMeta {
  seq?: number;
  /** Milliseconds on any clock, used for durations (the ledger's round trips, ping latency). */
  at?: number;
  invalidUtf8?: boolean;
  /** The frame's classification, when the caller already has it: a frame is parsed once. */
  frame?: Frame;
}

const INVALID_RULE: Record<InvalidCode, RuleId> = {
  empty: 'JR-INVALID',
  'not-json': 'JR-INVALID',
  'not-object': 'JR-INVALID',
  'jsonrpc-version': 'JR-VERSION',
  'id-type': 'JR-ID-TYPE',
  'method-type': 'JR-INVALID',
  'method-with-result': 'JR-RESULT-AND-ERROR',
  'params-type': 'JR-INVALID',
  'result-and-error': 'JR-RESULT-AND-ERROR',
  'no-result-or-error': 'JR-RESULT-AND-ERROR',
  'error-shape': 'JR-ERROR-SHAPE',
  'result-without-id': 'JR-RESP-ORPHAN',
  'empty-batch': 'JR-INVALID',
};

/** Requests whose answers tell a task's status (tasks/result: that it ended). */
const TASK_READS = new Set(['tasks/get', 'tasks/cancel', 'tasks/result']);

/** The result rules of the initialize generation that hold for 2026-07-28 results too. */
const SHARED_RESULT_RULES = new Set(['tools/list', 'tools/call', 'completion/complete']);

export class Linter {
  private readonly facts: SessionFacts;
  /** "asker:taskId" → the progress of the request that made the task: it stays active until the task ends. */
  private readonly taskProgress = new Map<string, NonNullable<ReturnType<SessionFacts['progress']['get']>>>();
  private readonly slowPingMs: number;
  private readonly sessionId: { value?: string } = {};
  private readonly all: Finding[] = [];
  private readonly schema: LinterOptions['schema'];
  private readonly modernSchema: LinterOptions['modernSchema'];
  private readonly elicitation = new ElicitationRules();
  private readonly taskLint: TaskLint;
  /** The 2026-07-28 rule set and what it knows of the connection. */
  private readonly modern: ModernLint;
  /** The version of the frame being linted, when it is not the session's (a 2026-07-28 frame): its findings link there. */
  private frameVersion: string | undefined;
  private readonly extTaskLint: ExtTaskLint;

  constructor(options: LinterOptions = {}) {
    this.schema = options.schema;
    this.modernSchema = options.modernSchema;
    this.facts = new SessionFacts(options.offeredVersion ?? DEFAULT_PROTOCOL_VERSION, options.clientCapabilities ?? {});
    this.slowPingMs = options.slowPingMs ?? 1000;
    this.taskLint = new TaskLint(this.facts);
    this.modern = new ModernLint(this.facts.offeredVersion);
    this.extTaskLint = new ExtTaskLint(this.facts);
  }

  /** The version rules are checked against: negotiated, or offered until then. */
  get version(): string {
    return this.facts.version;
  }

  /** Every finding so far, in order. */
  get findings(): readonly Finding[] {
    return this.all;
  }

  /** One JSON-RPC frame (a line of stdout, a POST body, an SSE event, …) sent by `sender`. */
  frame(sender: Sender, raw: string, meta: FrameMeta = {}): Finding[] {
    const { found, report } = this.collector(meta.seq);
    try {
      if (sender === 'server') endNoiseRun(this.facts);
      if (meta.invalidUtf8) report('STDIO-NONMSG', `The ${sender} sent bytes that are not valid UTF-8.`, sender);
      const frame = meta.frame ?? classifyFrame(raw);
      if (frame.kind === 'batch') {
        const inUse = this.modern.version ?? this.facts.version;
        if (inUse !== '2025-03-26') {
          report('BATCH-FORBIDDEN', `A batch of ${frame.items.length} messages; batches exist only in 2025-03-26, and ${inUse} is in use.`, sender);
        }
        if (frame.items.some((i) => i.kind === 'request' && i.message.method === 'initialize')) {
          report('BATCH-INIT', 'initialize was sent inside a batch.', sender);
        }
        for (const item of frame.items) this.single(sender, item, meta, report);
      } else {
        this.single(sender, frame, meta, report);
      }
    } catch (error) {
      // The checks are guarded one by one; this catches what lies between them.
      report('LINT-INTERNAL', internalFailureMessage('reading the frame', `a frame from the ${sender}`, error), sender);
    }
    return found;
  }

  /** A stdout line that is not JSON at all. */
  stdoutNoise(line: string, meta: FrameMeta = {}): Finding[] {
    const { found, report } = this.collector(meta.seq);
    guardFor(report, 'server', 'a stdout line that is not JSON')('STDIO-NONMSG', () => checkStdoutNoise(this.facts, line, meta.invalidUtf8 ?? false, report));
    return found;
  }

  /** One HTTP exchange of the Streamable HTTP or HTTP+SSE transport. */
  httpExchange(exchange: HttpExchangeFacts, meta: FrameMeta = {}): Finding[] {
    const { found, report } = this.collector(meta.seq);
    const guard = guardFor(report, 'client', `the HTTP ${exchange.method} exchange`);
    guard('HTTP', () => checkHttpExchange(this.facts, exchange, this.sessionId, report));
    guard('MODERN-HTTP (2026-07-28 header rules)', () => this.modernHttpExchange(exchange, report));
    return found;
  }

  /** The first event of an HTTP+SSE stream. */
  sseFirstEvent(event: string, meta: FrameMeta = {}): Finding[] {
    const { found, report } = this.collector(meta.seq);
    if (event !== 'endpoint') report('SSE-ENDPOINT', `The first event on the SSE stream was ${JSON.stringify(event)}, not "endpoint".`, 'server');
    return found;
  }

  private collector(seq: number | undefined): { found: Finding[]; report: Report } {
    const found: Finding[] = [];
    const report: Report = (rule, message, subject, severity?: Severity) => {
      const version = this.frameVersion ?? this.facts.version;
      const finding: Finding = { rule, severity: severity ?? RULES[rule].severity, message, specUrl: specUrl(rule, version), subject };
      if (seq !== undefined) finding.seq = seq;
      found.push(finding);
      this.all.push(finding);
    };
    return { found, report };
  }

  private single(sender: Sender, frame: SingleFrame, meta: FrameMeta, report: Report): void {
    const guard = guardFor(report, sender, describeFrame(sender, frame));
    // Each frame is linted by its own era; until it is known, by the connection's.
    this.frameVersion = this.modern.version;
    try {
      this.singleOfEra(sender, frame, meta, report, guard);
    } finally {
      this.frameVersion = undefined;
    }
  }

  private singleOfEra(sender: Sender, frame: SingleFrame, meta: FrameMeta, report: Report, guard: Guard): void {
    switch (frame.kind) {
      case 'invalid':
        report(INVALID_RULE[frame.code], `Invalid frame: ${frame.reason}.`, sender);
        return;
      case 'request': {
        const { method, params } = frame.message;
        let modern: string | undefined;
        guard('the era of the request', () => {
          modern = sender === 'client' ? this.modern.clientRequestEra(method, params, report) : this.modern.version;
        });
        this.frameVersion = modern;
        if (modern !== undefined) this.modernRequest(sender, frameRequestId(frame)!, method, params, modern, meta, report, guard);
        else this.request(sender, frameRequestId(frame)!, method, params, meta, report, guard);
        return;
      }
      case 'notification': {
        const modern = this.modern.version;
        if (modern !== undefined) this.modernNotification(sender, frame.message.method, frame.message.params, modern, report, guard);
        else this.notification(sender, frame.message.method, frame.message.params, meta.at ?? NaN, report, guard);
        return;
      }
      case 'response':
        this.response(sender, frame.message.id, frameRequestId(frame), { result: frame.message.result }, meta, report, guard);
        return;
      case 'error':
        this.response(sender, frame.message.id, frameRequestId(frame), { error: frame.message.error }, meta, report, guard);
        return;
    }
  }

  private request(sender: Sender, rid: RequestId, method: string, params: unknown, meta: FrameMeta, report: Report, guard: Guard): void {
    const facts = this.facts;
    guard('METHOD-UNKNOWN', () => {
      if (method.startsWith('notifications/')) {
        report('JR-NOTIF-ID', `${method} is a notification but carries id ${rid.text}.`, sender);
      } else {
        const problem = methodProblem(method, sender, 'request', facts.version);
        if (problem) report('METHOD-UNKNOWN', `${problem}.`, sender);
      }
    });
    guard('LC/CAP (lifecycle and capabilities)', () => checkRequestLifecycle(facts, sender, method, report));
    guard('META-KEY', () => checkMeta(facts.version, params, sender, report));
    guard('SCHEMA', () => this.checkSchema({ kind: 'request', sender, method, params }, sender, report, facts.version));
    if (sender === 'server' && method === 'sampling/createMessage') guard('SAMPLING-REQUEST', () => checkSamplingRequest(facts, params, report));
    guard('TASK-CAP', () => this.taskLint.request(sender, method, params, report));
    guard('TASK-EXT-RESULT', () => this.extTaskLint.request(sender, method, params, report));
    guard('PING-PARAMS', () => {
      if (method === 'ping' && isRecord(params) && Object.keys(params).some((k) => k !== '_meta')) {
        report('PING-PARAMS', `ping was sent with parameters ${preview(JSON.stringify(params))}; it takes none.`, sender);
      }
    });
    if (method === 'initialize' && sender === 'client') {
      facts.initializeId = rid.key;
      // A 2026-07-28 connection falling back (the Auto probe): the initialize offers the version to negotiate.
      if (namesModernVersion(facts.offeredVersion) && isRecord(params) && typeof params.protocolVersion === 'string') {
        facts.offeredVersion = facts.version = params.protocolVersion;
      }
      // What the client declared is what server requests are judged against.
      if (isRecord(params) && isRecord(params.capabilities)) facts.clientCapabilities = params.capabilities;
    }
    if (sender === 'client') guard('subscriptions', () => onSubscription(facts, method, params));
    if (method === 'logging/setLevel' && sender === 'client') guard('LOG-SET-LEVEL', () => checkSetLevelRequest(params, report));
    if (sender === 'server' && method === 'elicitation/create') guard('ELICIT (elicitation/create)', () => this.elicitation.request(facts, params, report));
    this.track(sender, rid, method, params, meta, report, guard);
  }

  /** A request of the 2026-07-28 generation (`version` is the one it was sent under). */
  private modernRequest(sender: Sender, rid: RequestId, method: string, params: unknown, version: string, meta: FrameMeta, report: Report, guard: Guard): void {
    guard('MODERN (2026-07-28 request rules)', () => {
      if (method.startsWith('notifications/')) report('JR-NOTIF-ID', `${method} is a notification but carries id ${rid.text}.`, sender);
      else this.modern.request(sender, rid.key, method, params, version, report);
    });
    guard('META-KEY', () => checkMeta(version, params, sender, report, MODERN_META_KEYS));
    guard('SCHEMA', () => this.checkSchema({ kind: 'request', sender, method, params }, sender, report, version));
    guard('TASK-EXT-RESULT', () => this.extTaskLint.request(sender, method, params, report));
    this.track(sender, rid, method, params, meta, report, guard, version);
  }

  /** Records a request (its progress token, its id) to pair its answer and judge what follows. */
  private track(sender: Sender, rid: RequestId, method: string, params: unknown, meta: FrameMeta, report: Report, guard: Guard, modern?: string): void {
    const facts = this.facts;
    const request: Outstanding = { id: rid.value, method, params, cancelled: false, ...(modern !== undefined ? { modern } : {}) };
    guard('PROG-TOKEN', () => {
      const token = isRecord(params) && isRecord(params._meta) ? params._meta.progressToken : undefined;
      if (typeof token !== 'string' && typeof token !== 'number') return;
      const tokenKey = `${sender}:${requestIdOf(token).key}`;
      const active = facts.progress.get(tokenKey);
      if (active && !active.done) report('PROG-TOKEN', `Progress token ${JSON.stringify(token)} is already used by an active request.`, sender);
      request.progressToken = token;
      facts.progress.set(tokenKey, { request, sender, last: undefined, done: false });
    });
    // The ledger judges reuse before this request is recorded under the id.
    if (facts.ledger.request(sender, rid, method, meta.at ?? NaN, request).reused) {
      report('JR-ID-REUSE', `The ${sender} reused request id ${rid.text}, already used in this session.`, sender);
    }
  }

  private notification(sender: Sender, method: string, params: unknown, at: number, report: Report, guard: Guard): void {
    const facts = this.facts;
    guard('METHOD-UNKNOWN', () => {
      const problem = methodProblem(method, sender, 'notification', facts.version);
      if (problem) report('METHOD-UNKNOWN', `${problem}.`, sender);
    });
    guard('LC/CAP (lifecycle and capabilities)', () => checkNotificationLifecycle(facts, sender, method, params, report));
    guard('META-KEY', () => checkMeta(facts.version, params, sender, report));
    guard('SCHEMA', () => this.checkSchema({ kind: 'notification', sender, method, params }, sender, report, facts.version));
    if (method === 'notifications/cancelled') guard('CANCEL', () => this.cancelled(sender, params, report));
    if (method === 'notifications/progress') guard('PROG', () => this.progress(sender, params, report));
    if (method === 'notifications/tasks/status') {
      this.taskSeen(other(sender), params, false);
      guard('TASK-STATUS', () => this.taskLint.statusNotification(sender, params, at, report));
    }
    if (method === 'notifications/tasks') guard('TASK-EXT-RESULT', () => this.extTaskLint.notification(sender, method, params, report));
    if (method === 'notifications/message' && sender === 'server') guard('LOG-MESSAGE', () => checkLogMessage(facts, params, report));
    if (method === 'notifications/elicitation/complete') guard('ELICIT-COMPLETE', () => this.elicitation.complete(params, sender, report));
    if (method === 'notifications/roots/list_changed' && sender === 'client') guard('CAP-UNDECLARED', () => checkRootsListChanged(facts, report));
  }

  /** A notification on a connection of the 2026-07-28 generation. */
  private modernNotification(sender: Sender, method: string, params: unknown, version: string, report: Report, guard: Guard): void {
    guard('MODERN (2026-07-28 notification rules)', () => this.modern.notification(sender, method, params, version, report));
    guard('META-KEY', () => checkMeta(version, params, sender, report, MODERN_META_KEYS));
    guard('SCHEMA', () => this.checkSchema({ kind: 'notification', sender, method, params }, sender, report, version));
    if (method === 'notifications/cancelled') {
      const id = isRecord(params) ? params.requestId : undefined;
      const listen = typeof id === 'string' || typeof id === 'number' ? this.facts.ledger.pendingRequest('client', requestIdOf(id)) : undefined;
      // In 2026-07-28 a server cancels one thing: the client's subscriptions/listen, to end its stream.
      if (sender === 'server' && listen?.method === 'subscriptions/listen') this.facts.ledger.answer('server', listen.id, NaN);
      else guard('CANCEL', () => this.cancelled(sender, params, report));
      if ((sender === 'client' || listen?.method === 'subscriptions/listen') && (typeof id === 'string' || typeof id === 'number'))
        this.modern.cancelled(requestIdOf(id).key);
    }
    if (method === 'notifications/progress') guard('PROG', () => this.progress(sender, params, report));
    if (method === 'notifications/tasks') guard('TASK-EXT-RESULT', () => this.extTaskLint.notification(sender, method, params, report));
    if (method === 'notifications/message' && sender === 'server') guard('LOG-MESSAGE', () => checkLogMessageShape(params, report));
  }

  /** A task's status seen, or its result retrieved: once it ends, so does its progress token. */
  private taskSeen(asker: Sender, value: unknown, ended: boolean): void {
    const task = taskOf(value);
    const key = task && `${asker}:${task.taskId}`;
    const entry = key === undefined ? undefined : this.taskProgress.get(key);
    if (!entry || !(ended || isTerminalStatus(task?.status))) return;
    entry.done = true;
    this.taskProgress.delete(key!);
  }

  /** Only where the schemas at hand describe `version`, the frame's. A throw is the caller's guard's to report. */
  private checkSchema(subject: Parameters<SchemaCheck>[0], sender: Sender, report: Report, version: string): void {
    const schema = [this.schema, this.modernSchema].find((s) => s?.version === version);
    if (!schema) return;
    const problems = schema.check(subject);
    const what = subject.kind === 'result' ? `The ${subject.method} result` : `${subject.method} (${subject.kind})`;
    if (problems.length) report('SCHEMA', `${what} does not match the ${schema.version} schema: ${problems.join('; ')}`, sender);
  }

  /** The 2026-07-28 header, session and method rules, on an exchange of that generation. */
  private modernHttpExchange(ex: HttpExchangeFacts, report: Report): void {
    if ((ex.mode !== undefined && ex.mode !== 'streamable-http') || ex.initialize) return;
    const keys = ex.requestKeys ?? [];
    const requests = keys.flatMap((k): ModernRequest[] => {
      const r = this.modern.remembered(k);
      return r ? [r] : [];
    });
    const header = ex.requestHeaders['mcp-protocol-version'];
    // A POST of requests of the initialize generation is not one; anything else follows the connection (or its header).
    const modern = requests.length > 0 || (keys.length === 0 && (this.modern.version !== undefined || namesModernVersion(header)));
    if (!modern) return;
    this.frameVersion = requests[0]?.version ?? this.modern.version ?? header;
    try {
      checkModernHttpExchange(ex, requests, report);
    } finally {
      this.frameVersion = undefined;
      for (const k of keys) this.modern.forget(k);
    }
  }

  private cancelled(sender: Sender, params: unknown, report: Report): void {
    const requestId = isRecord(params) ? params.requestId : undefined;
    if (typeof requestId !== 'string' && typeof requestId !== 'number') {
      report('CANCEL-TARGET', 'notifications/cancelled has no requestId.', sender, 'error');
      return;
    }
    const rid = requestIdOf(requestId);
    const own = this.facts.ledger.pendingRequest(sender, rid)?.data;
    if (own) {
      if (own.method === 'initialize') report('CANCEL-INIT', 'The initialize request was cancelled; it must not be.', sender);
      own.cancelled = true;
      return;
    }
    if (this.facts.ledger.pendingRequest(other(sender), rid)) {
      report(
        'CANCEL-TARGET',
        `The ${sender} cancelled request ${JSON.stringify(requestId)}, which the other side sent; only the sender of a request may cancel it.`,
        sender,
        'error',
      );
      return;
    }
    const done = this.facts.ledger.isSettled(sender, rid);
    report(
      'CANCEL-TARGET',
      `The ${sender} cancelled request ${JSON.stringify(requestId)}, which is ${done ? 'already answered (a race the spec allows)' : 'not a request it sent'}.`,
      sender,
    );
  }

  private progress(sender: Sender, params: unknown, report: Report): void {
    if (!isRecord(params)) return;
    const token = params.progressToken;
    if (typeof token !== 'string' && typeof token !== 'number') {
      report('PROG-TOKEN', 'notifications/progress has no progressToken.', sender, 'error');
      return;
    }
    // Progress flows from the side working on the request to its sender.
    const entry = this.facts.progress.get(`${other(sender)}:${requestIdOf(token).key}`);
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

  private response(
    sender: Sender,
    id: JsonRpcId | null | undefined,
    rid: RequestId | undefined,
    body: { result?: unknown; error?: { code: number; data?: unknown } },
    meta: FrameMeta,
    report: Report,
    guard: Guard,
  ): void {
    const facts = this.facts;
    const asker = other(sender);
    const verdict = facts.ledger.answer(sender, rid, meta.at ?? NaN);
    switch (verdict.kind) {
      case 'unidentified': {
        const strict = facts.version < '2025-11-25' && id === undefined;
        report(
          'JR-ERROR-ID',
          `An error response with ${id === null ? 'id null' : 'no id'}; it cannot be matched to a request.`,
          sender,
          strict ? 'error' : 'warning',
        );
        return;
      }
      case 'type-mismatch': {
        const asked = verdict.request.id;
        report(
          'JR-RESP-ORPHAN',
          `The response id ${rid!.text} is a ${typeof rid!.value}, but request ${asked.text} was a ${typeof asked.value}; the id must keep its JSON type, so it answers nothing.`,
          sender,
        );
        return;
      }
      case 'duplicate':
      case 'late':
        report('JR-RESP-ORPHAN', `Request ${verdict.request.id.text} was answered a second time.`, sender);
        return;
      case 'orphan':
        report('JR-RESP-ORPHAN', `A response with id ${rid!.text}, which matches no request the ${asker} sent.`, sender);
        return;
      case 'paired':
        break;
    }
    const request = verdict.request.data;
    const modern = request.modern;
    if (modern !== undefined) this.frameVersion = modern;
    const isError = body.error !== undefined;
    const task = modern === undefined && !isError && isTaskAnswer(request, body.result);
    const handle = !isError && !task && isTaskHandle(body.result);
    // A task goes on after its CreateTaskResult, and may keep reporting progress.
    if (request.progressToken !== undefined) {
      const entry = facts.progress.get(`${asker}:${requestIdOf(request.progressToken).key}`);
      const created = task ? taskOf(body.result) : undefined;
      if (entry && created) this.taskProgress.set(`${asker}:${created.taskId}`, entry);
      else if (entry) entry.done = true;
    }
    if (modern === undefined && (task || (!isError && TASK_READS.has(request.method))))
      this.taskSeen(asker, request.method === 'tasks/result' ? request.params : body.result, request.method === 'tasks/result');
    if (request.cancelled)
      report('CANCEL-THEN-RESPONSE', `Request ${JSON.stringify(request.id)} (${request.method}) was answered after it was cancelled.`, sender);
    if (modern !== undefined) {
      this.modernResponse(sender, rid!, request, body, modern, verdict.rttMs, report, guard);
      return;
    }
    guard('METHOD-UNKNOWN', () => {
      if (!isKnownRequest(request.method, asker) && !request.method.startsWith('notifications/')) {
        if (!isError || body.error?.code !== -32601) {
          report(
            'METHOD-UNKNOWN',
            `${request.method} is not an MCP method, so it should be answered with error -32601, not ${isError ? `error ${body.error?.code}` : 'a result'}.`,
            sender,
          );
        }
      }
    });
    if (body.error && sender === 'server') {
      const error = body.error;
      guard('ELICIT-REQUIRED', () => this.elicitation.error(facts, request.method, error, report));
    }
    if (!isError) {
      guard('META-KEY', () => checkMeta(facts.version, body.result, sender, report));
      // A task handle (2026-07-28 extension) is not the method's result schema; TASK-EXT-RESULT checks it.
      if (!handle)
        guard('SCHEMA', () =>
          this.checkSchema({ kind: 'result', method: request.method, result: body.result, ...(task ? { task } : {}) }, sender, report, facts.version),
        );
    }
    if (!isError) guard('TASK-STATUS', () => this.taskLint.result(sender, request.method, request.params, body.result, task, meta.at ?? NaN, report));
    if (!isError) guard('TASK-EXT-RESULT', () => this.extTaskLint.result(sender, request.method, request.params, body.result, report));
    if (task) guard('TASK-RESULT', () => checkTaskResult(request.method, body.result, sender, report));
    else if (!handle) guard(`the ${request.method} result rules`, () => this.result(sender, request, body, verdict.rttMs, report));
  }

  /** The answer to a request of the 2026-07-28 generation. */
  private modernResponse(
    sender: Sender,
    rid: RequestId,
    request: Outstanding,
    body: { result?: unknown; error?: { code: number; data?: unknown } },
    version: string,
    rttMs: number,
    report: Report,
    guard: Guard,
  ): void {
    guard('MODERN (2026-07-28 result rules)', () => this.modern.answer(sender, rid.key, rid.text, request.method, body, report));
    if (body.error !== undefined) return;
    guard('TASK-EXT-RESULT', () => this.extTaskLint.result(sender, request.method, request.params, body.result, report));
    guard('META-KEY', () => checkMeta(version, body.result, sender, report, MODERN_META_KEYS));
    // An input_required result (or an extension's kind, such as a task) is not the method's result: its content is yet to come.
    if (isRecord(body.result) && !isMethodResult(body.result)) return;
    guard('SCHEMA', () => this.checkSchema({ kind: 'result', method: request.method, result: body.result }, sender, report, version));
    if (SHARED_RESULT_RULES.has(request.method)) guard(`the ${request.method} result rules`, () => this.result(sender, request, body, rttMs, report));
  }

  /** `rttMs` is NaN when the frames came without times. */
  private result(sender: Sender, request: Outstanding, body: { result?: unknown; error?: { code: number } }, rttMs: number, report: Report): void {
    const facts = this.facts;
    const isError = body.error !== undefined;
    switch (request.method) {
      case 'initialize':
        if (!isError && sender === 'server') onInitializeResult(facts, body.result, report);
        return;
      case 'ping': {
        const problem = pingAnswerProblem(body);
        if (problem?.kind === 'error') report('PING-RESULT', `ping was answered with error ${problem.code} instead of an empty result.`, sender);
        if (problem?.kind === 'not-empty')
          report('PING-RESULT', `ping was answered with ${preview(JSON.stringify(problem.result))}; the result must be exactly {}.`, sender);
        if (rttMs > this.slowPingMs) report('PING-RESULT', `ping took ${Math.round(rttMs)} ms; it must be answered promptly.`, sender, 'warning');
        return;
      }
      case 'logging/setLevel':
        if (sender === 'server') onSetLevelAnswer(facts, request.params, body, sender, report);
        return;
      case 'tools/list':
        if (!isError && sender === 'server') checkToolsList(facts, body.result, report);
        return;
      case 'sampling/createMessage':
        if (!isError && sender === 'client') checkSamplingResult(facts, request.params, body.result, report);
        return;
      case 'tools/call':
        if (!isError && sender === 'server') checkToolResult(facts, isRecord(request.params) ? request.params.name : undefined, body.result, report);
        return;
      case 'completion/complete':
        if (!isError && sender === 'server') checkCompletionResult(body.result, report);
        return;
      case 'roots/list':
        if (!isError && sender === 'client') checkRootsResult(body.result, report);
        return;
    }
  }
}

/** Which frame a check failed on, for a LINT-INTERNAL finding. */
function describeFrame(sender: Sender, frame: SingleFrame): string {
  switch (frame.kind) {
    case 'request':
      return `the ${sender}'s request ${JSON.stringify(frame.message.method)} (id ${JSON.stringify(frame.message.id)})`;
    case 'notification':
      return `the ${sender}'s notification ${JSON.stringify(frame.message.method)}`;
    case 'response':
    case 'error':
      return `the ${sender}'s ${frame.kind === 'error' ? 'error response' : 'response'} to id ${JSON.stringify(frame.message.id)}`;
    case 'invalid':
      return `an invalid frame from the ${sender}`;
  }
}
