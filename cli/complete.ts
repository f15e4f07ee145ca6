// `mcpscope … complete prompt NAME ARG [VALUE] [--context K=V …]` and
// `complete resource TEMPLATE VAR [VALUE]`: one completion/complete, its
// values printed one a line, then total and hasMore.

import { completeParams, completionProblems, outcomeMessage, readCompletion, type CompletionAsk, type CompletionRef } from '../src/protocol/index.js';
import type { Checked } from '../options/values.js';
import { refused } from '../options/values.js';
import { CliError, type CliConnection } from './connection.js';

export interface CompleteCommand {
  name: 'complete';
  ref: CompletionRef;
  argument: string;
  value: string;
  context: Array<[string, string]>;
}

const USAGE = 'complete prompt NAME ARG [VALUE] or complete resource TEMPLATE VAR [VALUE]';

/** The words after "complete"; the value may be left out (or ""), which asks for every suggestion. */
export function parseComplete(words: readonly string[], context: Array<[string, string]> = []): Checked<CompleteCommand> {
  const [kind, target, argument, value = '', extra] = words;
  if (kind !== 'prompt' && kind !== 'resource') return refused(`complete needs what to complete: ${USAGE}.`);
  if (!target) return refused(`complete ${kind} needs the ${kind === 'prompt' ? 'prompt name' : "template's URI template"}: ${USAGE}.`);
  if (!argument) return refused(`complete ${kind} ${target} needs the ${kind === 'prompt' ? 'argument' : 'variable'} to complete: ${USAGE}.`);
  if (extra !== undefined)
    return refused(`Unexpected ${JSON.stringify(extra)} after the value; quote a value with spaces, and give other fields as --context NAME=VALUE.`);
  const ref: CompletionRef = kind === 'prompt' ? { type: 'ref/prompt', name: target } : { type: 'ref/resource', uri: target };
  return { ok: true, value: { name: 'complete', ref, argument, value, context } };
}

/** Where the server did not declare completions (a capability since 2025-03-26): a sentence to add to a failure. */
function undeclared(c: CliConnection): string {
  const info = c.info;
  if (!info || info.protocolVersion < '2025-03-26' || Object.hasOwn(info.capabilities, 'completions')) return '';
  return '\nThe server did not declare the "completions" capability when it initialized, so it need not answer completion/complete.';
}

export async function runComplete(c: CliConnection, command: CompleteCommand): Promise<{ ok: boolean; text: string[]; json: unknown }> {
  const version = c.info?.protocolVersion ?? '';
  if (command.context.length > 0 && version < '2025-06-18') {
    throw new CliError(
      `--context is sent as context.arguments, which exists from protocol 2025-06-18; ${version || 'no version'} is in use. Leave --context out, or offer a later --protocol-version.`,
    );
  }
  const ask: CompletionAsk = { ref: command.ref, argument: { name: command.argument, value: command.value }, context: Object.fromEntries(command.context) };
  const outcome = await c.request('completion/complete', completeParams(ask, version));
  if (outcome.status !== 'result') return { ok: false, text: [`completion/complete failed: ${outcomeMessage(outcome)}${undeclared(c)}`], json: outcome };
  const read = readCompletion(outcome.result);
  if (!read.ok) return { ok: false, text: [`The completion/complete answer cannot be read: ${read.problem}`], json: outcome.result };
  const { answer } = read;
  const problems = completionProblems(answer);
  const text = answer.values.length > 0 ? [...answer.values] : ['(no values)'];
  text.push(`total: ${answer.total ?? '(not given)'}, hasMore: ${answer.hasMore ?? '(not given)'}`);
  if (answer.values.length < answer.sent)
    text.push(`${answer.sent - answer.values.length} of the ${answer.sent} values sent are not shown (not strings, or over the limit of 100).`);
  if (problems.length > 0) text.push(`The answer breaks the completion limits: ${problems.join('; ')}.`);
  return { ok: problems.length === 0, text, json: outcome.result };
}
