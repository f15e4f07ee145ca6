// The lint engine: fed every frame of a session in order (both directions,
// stdout noise, HTTP exchanges), it returns what the rule sets found. It
// classifies each frame, works out its era (a request's own, an answer's
// request's, else the connection's), records requests and pairs answers, and
// hands the frame's context to the rule sets, which are tables (rule-set.ts):
// the initialize generation's (legacy-rule-set.ts), the 2026-07-28
// generation's (modern-rule-set.ts), then any passed in the options. Stateful,
// never throws, no I/O: each hook runs guarded, so one that fails (a bug of
// ours) becomes a LINT-INTERNAL finding and the rest still run.

import { classifyFrame, type Frame, type InvalidCode, type JsonRpcErrorObject, type JsonRpcId, type SingleFrame } from '../jsonrpc/codec.js';
import { frameRequestId, type RequestId } from '../ledger/request-id.js';
import { isTaskHandle } from '../tasks/ext-task.js';
import { LintConnection, type LinterOptions } from './connection.js';
import { RuleDispatch } from './dispatch.js';
import { Context, describeFrame } from './frame-context.js';
import { guardFor, internalFailureMessage } from './internal.js';
import { legacyRuleSet } from './legacy-rule-set.js';
import type { Sender } from './methods.js';
import { checkModernExchange } from './modern-http.js';
import { modernRuleSet } from './modern-rule-set.js';
import type { Report } from './report.js';
import { RULES, specUrl, type RuleId, type Severity } from './rules.js';
import type { Finding, Outstanding } from './state.js';
import { pairAnswer } from './pairing.js';
import { isTaskAnswer } from './tasks.js';
import { checkHttpExchange, checkStdoutNoise, endNoiseRun, type HttpExchangeFacts } from './transport.js';

/** Checks a message against a published schema (see lint/sdk-schemas.ts); kept pluggable so the UI can load it lazily. */
export type { SchemaCheck } from './schema-parsers.js';
export type { LinterOptions } from './connection.js';
export type { Answer, Era, FrameContext, Hook, HookKind, RuleSet } from './rule-set.js';
// The passive linter (records of a session → findings) rides in this chunk: the page's lint runner loads it from here.
export { PassiveLinter, senderOf, type PassiveRecord, type PassiveRecordOptions } from './passive.js';

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

export class Linter {
  private readonly connection: LintConnection;
  private readonly rules: RuleDispatch;
  private readonly all: Finding[] = [];

  constructor(options: LinterOptions = {}) {
    this.connection = new LintConnection(options);
    this.rules = new RuleDispatch([legacyRuleSet, modernRuleSet, ...(options.ruleSets ?? [])], this.connection);
  }

  /** The version rules are checked against: negotiated, or offered until then. */
  get version(): string {
    return this.connection.facts.version;
  }

  /** Every finding so far, in order. */
  get findings(): readonly Finding[] {
    return this.all;
  }

  /** One JSON-RPC frame (a line of stdout, a POST body, an SSE event, …) sent by `sender`. */
  frame(sender: Sender, raw: string, meta: FrameMeta = {}): Finding[] {
    const found: Finding[] = [];
    const { facts, modern } = this.connection;
    const report = this.reporter(found, meta.seq, facts);
    try {
      if (sender === 'server') endNoiseRun(facts);
      if (meta.invalidUtf8) report('STDIO-NONMSG', `The ${sender} sent bytes that are not valid UTF-8.`, sender);
      const frame = meta.frame ?? classifyFrame(raw);
      if (frame.kind === 'batch') {
        const inUse = modern.version ?? facts.version;
        if (inUse !== '2025-03-26') {
          report('BATCH-FORBIDDEN', `A batch of ${frame.items.length} messages; batches exist only in 2025-03-26, and ${inUse} is in use.`, sender);
        }
        if (frame.items.some((i) => i.kind === 'request' && i.message.method === 'initialize')) {
          report('BATCH-INIT', 'initialize was sent inside a batch.', sender);
        }
        for (const item of frame.items) this.single(sender, item, meta, found);
      } else {
        this.single(sender, frame, meta, found);
      }
    } catch (error) {
      // The hooks are guarded one by one; this catches what lies between them.
      report('LINT-INTERNAL', internalFailureMessage('reading the frame', `a frame from the ${sender}`, error), sender);
    }
    return found;
  }

  /** A stdout line that is not JSON at all. */
  stdoutNoise(line: string, meta: FrameMeta = {}): Finding[] {
    const found: Finding[] = [];
    const { facts } = this.connection;
    const report = this.reporter(found, meta.seq, facts);
    guardFor(report, 'server', 'a stdout line that is not JSON')('STDIO-NONMSG', () => checkStdoutNoise(facts, line, meta.invalidUtf8 ?? false, report));
    return found;
  }

  /** One HTTP exchange of the Streamable HTTP or HTTP+SSE transport. */
  httpExchange(exchange: HttpExchangeFacts, meta: FrameMeta = {}): Finding[] {
    const found: Finding[] = [];
    const { facts, sessionId } = this.connection;
    const report = this.reporter(found, meta.seq, facts);
    const guard = guardFor(report, 'client', `the HTTP ${exchange.method} exchange`);
    guard('HTTP', () => checkHttpExchange(facts, exchange, sessionId, report));
    guard('MODERN-HTTP (2026-07-28 header rules)', () =>
      checkModernExchange(exchange, this.connection.modern, (version) => this.reporter(found, meta.seq, { version: version ?? facts.version })),
    );
    return found;
  }

  /** The first event of an HTTP+SSE stream. */
  sseFirstEvent(event: string, meta: FrameMeta = {}): Finding[] {
    const found: Finding[] = [];
    const report = this.reporter(found, meta.seq, this.connection.facts);
    if (event !== 'endpoint') report('SSE-ENDPOINT', `The first event on the SSE stream was ${JSON.stringify(event)}, not "endpoint".`, 'server');
    return found;
  }

  /** A report whose findings link to the spec of `era.version`, read when each is made. */
  private reporter(found: Finding[], seq: number | undefined, era: { readonly version: string }): Report {
    return (rule, message, subject, severity?: Severity) => {
      const finding: Finding = { rule, severity: severity ?? RULES[rule].severity, message, specUrl: specUrl(rule, era.version), subject };
      if (seq !== undefined) finding.seq = seq;
      found.push(finding);
      this.all.push(finding);
    };
  }

  private single(sender: Sender, frame: SingleFrame, meta: FrameMeta, found: Finding[]): void {
    const modern = this.connection.modern;
    const ctx = new Context(sender, this.connection, meta.at ?? NaN, modern.version);
    const report = (ctx.report = this.reporter(found, meta.seq, ctx));
    const what = (): string => describeFrame(sender, frame);
    switch (frame.kind) {
      case 'invalid':
        report(INVALID_RULE[frame.code], `Invalid frame: ${frame.reason}.`, sender);
        return;
      case 'request': {
        const { method, params } = frame.message;
        const id = frameRequestId(frame)!;
        // A client request's era is the version its _meta names (an initialize ends a 2026-07-28 connection's).
        let era: string | undefined;
        const guard = guardFor(report, sender, what);
        guard('the era of the request', () => {
          era = sender === 'client' ? modern.clientRequestEra(method, params, report) : modern.version;
        });
        ctx.setEra(era);
        const request: Outstanding = { id: id.value, method, params, cancelled: false, ...(era !== undefined ? { modern: era } : {}) };
        ctx.read('request', method, params);
        ctx.id = id;
        ctx.request = request;
        this.rules.run(ctx, what);
        // The ledger judges reuse before this request is recorded under the id.
        if (this.connection.facts.ledger.request(sender, id, method, ctx.at, request).reused) {
          report('JR-ID-REUSE', `The ${sender} reused request id ${id.text}, already used in this session.`, sender);
        }
        return;
      }
      case 'notification':
        ctx.read('notification', frame.message.method, frame.message.params);
        this.rules.run(ctx, what);
        return;
      case 'response':
        this.answer(ctx, frame.message.id, frameRequestId(frame), { result: frame.message.result }, what);
        return;
      case 'error':
        this.answer(ctx, frame.message.id, frameRequestId(frame), { error: frame.message.error }, what);
        return;
    }
  }

  /** Pairs an answer with its request; a paired one goes to the hooks, in its request's era. */
  private answer(
    ctx: Context,
    id: JsonRpcId | null | undefined,
    rid: RequestId | undefined,
    body: { result: unknown } | { error: JsonRpcErrorObject },
    what: () => string,
  ): void {
    const paired = pairAnswer(this.connection.facts, ctx.sender, id, rid, ctx.at, ctx.report);
    if (!paired) return;
    const request = paired.request.data;
    ctx.setEra(request.modern);
    const error = 'error' in body ? body.error : undefined;
    const result = 'result' in body ? body.result : undefined;
    const task = request.modern === undefined && error === undefined && isTaskAnswer(request, result);
    const handle = error === undefined && !task && isTaskHandle(result);
    ctx.read(error ? 'error' : 'result', request.method, request.params);
    ctx.id = rid!;
    ctx.request = request;
    ctx.answer = error ? { error, task, handle, rttMs: paired.rttMs } : { result, task, handle, rttMs: paired.rttMs };
    this.rules.run(ctx, what);
  }
}

// The page loads this chunk lazily; the bridge linter (and the extension's schema it reads) comes with it.
export { createBridgeLinter } from '../apps/bridge-linter.js';
