// The client's answer to sampling/createMessage: built here from what the
// person (or the CLI's --sampling) wrote, and judged here for rule
// SAMPLING-RESULT, so what mcpscope sends is what its linter accepts.

import type { JsonRpcErrorObject } from '../jsonrpc/codec.js';
import { isRecord } from '../json/guards.js';
import { SAMPLING_ARRAYS_SINCE, blockType, samplingBlockProblem, samplingBlocks } from './content.js';
import { offeredToolNames } from './request.js';

/** The spec's example answer when the person rejects a sampling request. */
export const SAMPLING_REJECTED: JsonRpcErrorObject = { code: -1, message: 'User rejected sampling request' };

export interface SamplingReply {
  /** The blocks of the answer: text, image, audio or tool_use. */
  content: Array<Record<string, unknown>>;
  model: string;
  stopReason?: string;
}

/** The CreateMessageResult of a reply: one block as an object, several (2025-11-25) as an array. */
export function samplingResult(reply: SamplingReply): Record<string, unknown> {
  const content = reply.content.length === 1 ? reply.content[0] : reply.content;
  return { role: 'assistant', content, model: reply.model, ...(reply.stopReason ? { stopReason: reply.stopReason } : {}) };
}

/** Problems of a CreateMessageResult in `version`, given the request it answers. */
export function samplingResultProblems(result: unknown, requestParams: unknown, version: string): string[] {
  if (!isRecord(result)) return ['The sampling result is not an object.'];
  const problems: string[] = [];
  if (result.role !== 'assistant' && result.role !== 'user') problems.push(`role is ${JSON.stringify(result.role)}; it must be "assistant" (or "user").`);
  if (typeof result.model !== 'string') problems.push('model is missing: the result names the model that generated it.');
  if (result.stopReason !== undefined && typeof result.stopReason !== 'string') problems.push('stopReason is not a string.');
  if (result.content === undefined) {
    problems.push('content is missing.');
    return problems;
  }
  if (Array.isArray(result.content) && version < SAMPLING_ARRAYS_SINCE) {
    problems.push(`content is an array; before ${SAMPLING_ARRAYS_SINCE} a sampling result holds exactly one content block (${version} is in use).`);
  }
  const blocks = samplingBlocks(result.content);
  if (blocks.length === 0) problems.push('content is an empty array.');
  for (const [i, block] of blocks.entries()) {
    const problem = samplingBlockProblem(block, version, Array.isArray(result.content) ? `content[${i}]` : 'content');
    if (problem) problems.push(problem);
  }
  const uses = blocks.filter((b) => blockType(b) === 'tool_use');
  const offered = offeredToolNames(requestParams);
  const choice = isRecord(requestParams) && isRecord(requestParams.toolChoice) ? requestParams.toolChoice.mode : undefined;
  if (uses.length > 0 && offered.length === 0) problems.push('content uses a tool, but the request offered no tools.');
  else if (uses.length > 0 && choice === 'none') problems.push('content uses a tool, but the request said toolChoice {mode: "none"}.');
  for (const use of uses) {
    const name = isRecord(use) ? use.name : undefined;
    if (offered.length > 0 && typeof name === 'string' && !offered.includes(name))
      problems.push(`content uses tool ${JSON.stringify(name)}, which the request did not offer.`);
  }
  if (result.stopReason === 'toolUse' && uses.length === 0) problems.push('stopReason is "toolUse", but content holds no tool_use block.');
  return problems;
}
