// completion/complete: the request for one argument of a prompt or one
// variable of a resource template, and a reading of the answer that keeps
// what can be shown and counts what breaks the rules (for the UI, the CLI
// and the lint rule COMPLETION-RESULT alike).

import { isRecord } from '../json/guards.js';
import { plural } from '../text/plural.js';

/** What is being completed: a prompt by name, or a resource template by its URI template. */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export interface CompletionAsk {
  ref: CompletionRef;
  argument: { name: string; value: string };
  /** The other fields' values, sent as `context.arguments` where the version has it. */
  context?: Readonly<Record<string, string>>;
}

/** The most values one answer may carry. */
export const MAX_COMPLETION_VALUES = 100;

/** `context` arrived in 2025-06-18; versions are ISO dates, so they compare as strings. */
const CONTEXT_SINCE = '2025-06-18';

/**
 * The params of completion/complete. `context.arguments` carries the other
 * fields that have a value (never the argument being completed), and only
 * where the negotiated version defines it.
 */
export function completeParams(ask: CompletionAsk, version: string): Record<string, unknown> {
  const params: Record<string, unknown> = { ref: ask.ref, argument: ask.argument };
  if (version < CONTEXT_SINCE || !ask.context) return params;
  // Field names are the server's: fromEntries keeps "__proto__" an ordinary key.
  const others = Object.entries(ask.context).filter(([name, value]) => name !== ask.argument.name && value !== '');
  if (others.length > 0) params.context = { arguments: Object.fromEntries(others) };
  return params;
}

/** An answer read: the string values to offer (at most 100), and what was wrong with it. */
export interface CompletionAnswer {
  values: string[];
  total?: number;
  hasMore?: boolean;
  /** How many values the server sent, of any type. */
  sent: number;
  /** Values that were not strings (not offered). */
  nonStrings: number;
  /** A `total` that is not a whole number (not used). */
  badTotal?: unknown;
  /** A `hasMore` that is not a boolean (not used). */
  badHasMore?: unknown;
}

export type CompletionReading = { ok: true; answer: CompletionAnswer } | { ok: false; problem: string };

/** Reads a completion/complete result; never throws. */
export function readCompletion(result: unknown): CompletionReading {
  const completion = isRecord(result) ? result.completion : undefined;
  if (!isRecord(completion)) return { ok: false, problem: 'The answer has no "completion" object.' };
  const raw = completion.values;
  if (!Array.isArray(raw)) return { ok: false, problem: 'The answer\'s "completion" has no "values" array.' };
  const strings = raw.filter((v): v is string => typeof v === 'string');
  const answer: CompletionAnswer = { values: strings.slice(0, MAX_COMPLETION_VALUES), sent: raw.length, nonStrings: raw.length - strings.length };
  const { total, hasMore } = completion;
  if (Number.isSafeInteger(total) && (total as number) >= 0) answer.total = total as number;
  else if (total !== undefined) answer.badTotal = total;
  if (typeof hasMore === 'boolean') answer.hasMore = hasMore;
  else if (hasMore !== undefined) answer.badHasMore = hasMore;
  return { ok: true, answer };
}

/** What breaks the rules in an answer: one clause each, to follow "The completion answer: ". */
export function completionProblems(answer: CompletionAnswer): string[] {
  const problems: string[] = [];
  if (answer.sent > MAX_COMPLETION_VALUES) problems.push(`${plural(answer.sent, 'value')} were sent; at most ${MAX_COMPLETION_VALUES} are allowed`);
  if (answer.nonStrings > 0) problems.push(`${plural(answer.nonStrings, 'value')} ${answer.nonStrings === 1 ? 'is' : 'are'} not a string`);
  if (answer.total !== undefined && answer.total < answer.sent) problems.push(`total is ${answer.total}, fewer than the ${plural(answer.sent, 'value')} sent`);
  if (answer.badTotal !== undefined) problems.push(`total is ${JSON.stringify(answer.badTotal)}, not a whole number`);
  if (answer.badHasMore !== undefined) problems.push(`hasMore is ${JSON.stringify(answer.badHasMore)}, not true or false`);
  return problems;
}

/** "showing 10 of 57", "showing 10; the server has more", "showing 100 of 150 sent", "3 values", "no values". */
export function completionSummary(answer: CompletionAnswer): string {
  const n = answer.values.length;
  // Values set aside (over the limit, not strings) are counted, not hidden.
  if (n < answer.sent) return `showing ${n} of ${answer.sent} sent`;
  if (answer.total !== undefined && answer.total > n) return `showing ${n} of ${answer.total}`;
  if (answer.hasMore === true) return `showing ${n}; the server has more`;
  return n === 0 ? 'no values' : plural(n, 'value');
}
