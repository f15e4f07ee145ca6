// A model's reply as the CreateMessageResult the version in use accepts, judged
// by samplingResultProblems (the rule SAMPLING-RESULT's judgment) before it is
// sent: what mcpscope answers for a model is what its own linter would pass.
import { err, ok, type Result } from '../result.js';
import { SAMPLING_ARRAYS_SINCE } from '../sampling/content.js';
import { samplingResult, samplingResultProblems } from '../sampling/result.js';
import type { ModelContent, ModelReply } from './contract.js';

/** Before 2025-11-25 a result holds one block: several text blocks are joined into one. */
function fitted(content: readonly ModelContent[], version: string): ModelContent[] {
  if (content.length === 0) return [{ type: 'text', text: '' }];
  if (version >= SAMPLING_ARRAYS_SINCE || content.length === 1) return [...content];
  if (content.every((b) => b.type === 'text')) return [{ type: 'text', text: content.map((b) => String(b.text)).join('\n\n') }];
  return [...content];
}

/** The result to send, or the sentences saying why this reply cannot answer the request. */
export function samplingResultFromReply(reply: ModelReply, requestParams: unknown, version: string): Result<Record<string, unknown>, string[]> {
  const result = samplingResult({ content: fitted(reply.content, version), model: reply.model, stopReason: reply.stopReason });
  const problems = samplingResultProblems(result, requestParams, version);
  return problems.length ? err(problems) : ok(result);
}
