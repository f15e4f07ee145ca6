// What a lint rule set is: a table. It names the frames it judges (an era, or a
// predicate on the frame's context) and lists hooks keyed by the kind of
// message (request, notification, the result or error answering a request), its
// method and its sender. The engine (linter.ts) classifies each frame, works
// out its era, pairs an answer with its request, and calls each matching hook,
// in table order, with that frame's context — as ESLint calls a rule's
// listeners by node type. A new rule set is a new table passed to the Linter
// (LinterOptions.ruleSets); the rules it reports are entries of lint/rules.ts
// (id, severity, title, spec link), each tested with a failing and a passing
// example, as linter.test.ts and modern.test.ts do for the built-in tables.

import type { JsonRpcErrorObject } from '../jsonrpc/codec.js';
import type { RequestId } from '../ledger/request-id.js';
import type { LintConnection } from './connection.js';
import type { Sender } from './methods.js';
import type { Report } from './report.js';
import type { Outstanding } from './state.js';

/** The protocol generation of a frame: the initialize generation, or the stateless one (2026-07-28 on). */
export type Era = 'legacy' | 'modern';

export const ERAS: readonly Era[] = ['legacy', 'modern'];

/** What a hook is called on: a request, a notification, or the result or error answering a request. */
export type HookKind = 'request' | 'notification' | 'result' | 'error';

export const HOOK_KINDS: readonly HookKind[] = ['request', 'notification', 'result', 'error'];

/** The answer to a request, as its hooks see it. */
export interface Answer {
  result?: unknown;
  error?: JsonRpcErrorObject;
  /** A CreateTaskResult answering a task-augmented request (2025-11-25 tasks). */
  task: boolean;
  /** A task handle (`resultType: "task"`, the 2026-07-28 tasks extension). */
  handle: boolean;
  /** The round trip in ms; NaN when the frames came without times. */
  rttMs: number;
}

/** One frame, as every hook called on it sees it. */
export interface FrameContext {
  /** Who sent the frame. */
  readonly sender: Sender;
  /** A request's own (the version its _meta names), an answer's request's, else the connection's. */
  readonly era: Era;
  /**
   * The version the frame is judged by, which its findings link to: a 2026-07-28 frame's own; on the
   * initialize generation the session's, as negotiated so far (an initialize result changes it).
   */
  readonly version: string;
  readonly kind: HookKind;
  /** The method of the request or notification; of an answer, of the request it answers. */
  readonly method: string;
  /** The params of the request or notification; of an answer, of the request it answers. */
  readonly params: unknown;
  /** Of a request, the record kept of it (a hook may add to it, as PROG-TOKEN does); of an answer, the request answered. */
  readonly request?: Outstanding;
  readonly id?: RequestId;
  /** Set on answers (kind result or error). */
  readonly answer?: Answer;
  /** The frame's time in ms; NaN when not given. */
  readonly at: number;
  /** What the connection negotiated, the requests pending each way, and the state the built-in rule sets share. */
  readonly connection: LintConnection;
  readonly report: Report;
}

export interface Hook<S = undefined> {
  on: HookKind | readonly HookKind[];
  /** Only frames of these methods; every method when absent. */
  method?: string | readonly string[];
  /** Only frames this side sent. */
  sender?: Sender;
  /** What a LINT-INTERNAL finding names when the hook throws. */
  check: string | ((ctx: FrameContext) => string);
  run(ctx: FrameContext, state: S): void;
}

export interface RuleSet<S = undefined> {
  id: string;
  /** The frames it judges: those of an era (or eras), or those a predicate on their context accepts. */
  era: Era | readonly Era[] | ((ctx: FrameContext) => boolean);
  /** Its own state for one connection (made with the Linter, which lints one connection). */
  state?(connection: LintConnection): S;
  /** Called in this order on each frame, after the hooks of the rule sets before this one. */
  hooks: readonly Hook<S>[];
}
