// One reply of a model to one eval prompt, judged: did it call the tool it
// should have, with arguments its schema and the eval's expectation accept?
// Each failure is a sentence that says what the model did instead.

import { isRecord } from '../json/guards.js';
import type { ModelContent } from '../models/contract.js';
import { formatProblems, validateAgainstSchema } from '../schema/validate.js';
import { shown } from '../testfile/json-compare.js';
import { valueFailures } from '../testfile/expect.js';
import type { EvalChoice } from './format.js';

/** The first tool call of a reply, as the model made it. */
export interface ToolChoice {
  name: string;
  arguments: unknown;
}

export interface RunJudgement {
  pass: boolean;
  /** The model's first tool call; absent when it answered in words. */
  called?: ToolChoice;
  /** Why it failed; absent when it passed. */
  reason?: string;
}

/** The reply's first `tool_use` block, if it has one. */
export function firstToolCall(content: readonly ModelContent[]): ToolChoice | undefined {
  for (const block of content) {
    if (block.type === 'tool_use' && typeof block.name === 'string') return { name: block.name, arguments: block.input };
  }
  return undefined;
}

function wordsOf(content: readonly ModelContent[]): string {
  const text = content
    .flatMap((b) => (typeof b.text === 'string' ? [b.text] : []))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function named(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `one of ${names.join(', ')}`;
}

/**
 * Judges a reply. `inputSchemas` holds each offered tool's `inputSchema` by name: a call to a tool that was not offered,
 * or with arguments its own schema refuses, fails whatever the eval expects.
 */
export function judgeReply(expect: EvalChoice, content: readonly ModelContent[], inputSchemas: ReadonlyMap<string, unknown>): RunJudgement {
  const called = firstToolCall(content);
  if (!called) {
    if (expect.kind === 'none') return { pass: true };
    const words = wordsOf(content);
    return { pass: false, reason: `called no tool${words ? `; it answered "${words}"` : ''}, where it should have called ${named(expect.tools)}.` };
  }
  const fail = (reason: string): RunJudgement => ({ pass: false, called, reason });
  if (!inputSchemas.has(called.name)) return fail(`called ${called.name}, a tool it was not offered.`);
  if (expect.kind === 'none') return fail(`called ${called.name} ${shown(called.arguments)}, where it should have answered in words.`);
  if (!expect.tools.includes(called.name)) return fail(`called ${called.name} ${shown(called.arguments)}, not ${named(expect.tools)}.`);
  if (!isRecord(called.arguments)) return fail(`called ${called.name} with ${shown(called.arguments)}, not an object of arguments.`);
  const own = validateAgainstSchema(inputSchemas.get(called.name), called.arguments);
  if (!('schemaError' in own) && !own.valid) {
    return fail(`called ${called.name} with arguments its inputSchema refuses: ${formatProblems(own.problems).join('; ')}.`);
  }
  const failures = expect.arguments ? valueFailures('arguments.', expect.arguments, called.arguments) : [];
  if (failures.length > 0) return fail(`called ${called.name} ${shown(called.arguments)}, but ${failures.join('; ')}.`);
  return { pass: true, called };
}
