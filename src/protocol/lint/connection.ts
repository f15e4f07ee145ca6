// What the linter knows of one connection, shared by the rule sets' hooks
// through the frame context: the session facts (what initialize negotiated,
// the requests pending each way), the state of the built-in rule sets, and the
// schemas rule SCHEMA checks against.

import { DEFAULT_PROTOCOL_VERSION } from '../versions.js';
import { ElicitationRules } from './elicitation.js';
import { ExtTaskLint } from './ext-task-rules.js';
import type { Sender } from './methods.js';
import { ModernLint } from './modern.js';
import type { Report } from './report.js';
import type { RuleSet } from './rule-set.js';
import type { SchemaCheck } from './schema-parsers.js';
import { SessionFacts } from './state.js';
import { TaskLint } from './task-rules.js';

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
  /** Rule sets judged after the built-in ones, in this order. */
  ruleSets?: readonly RuleSet<unknown>[];
}

export class LintConnection {
  readonly facts: SessionFacts;
  /** The 2026-07-28 rule set's facts, and the connection's era. */
  readonly modern: ModernLint;
  readonly tasks: TaskLint;
  readonly extTasks: ExtTaskLint;
  readonly elicitation = new ElicitationRules();
  /** "asker:taskId" → the progress of the request that made the task: it stays active until the task ends. */
  readonly taskProgress = new Map<string, NonNullable<ReturnType<SessionFacts['progress']['get']>>>();
  readonly slowPingMs: number;
  /** The Mcp-Session-Id the HTTP exchanges carry, once one came. */
  readonly sessionId: { value?: string } = {};
  private readonly schemas: readonly { check: SchemaCheck; version: string }[];

  constructor(options: LinterOptions) {
    this.facts = new SessionFacts(options.offeredVersion ?? DEFAULT_PROTOCOL_VERSION, options.clientCapabilities ?? {});
    this.modern = new ModernLint(this.facts.offeredVersion);
    this.tasks = new TaskLint(this.facts);
    this.extTasks = new ExtTaskLint(this.facts);
    this.slowPingMs = options.slowPingMs ?? 1000;
    this.schemas = [options.schema, options.modernSchema].filter((s) => s !== undefined);
  }

  /** Rule SCHEMA, only where the schemas at hand describe `version`, the frame's. */
  checkSchema(subject: Parameters<SchemaCheck>[0], sender: Sender, report: Report, version: string): void {
    const schema = this.schemas.find((s) => s.version === version);
    if (!schema) return;
    const problems = schema.check(subject);
    const what = subject.kind === 'result' ? `The ${subject.method} result` : `${subject.method} (${subject.kind})`;
    if (problems.length) report('SCHEMA', `${what} does not match the ${schema.version} schema: ${problems.join('; ')}`, sender);
  }
}
