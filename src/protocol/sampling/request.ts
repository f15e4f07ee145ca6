// sampling/createMessage as the client receives it: what is wrong with a
// request in the version in use and for what this client declared. The page,
// the CLI and the linter all judge a request here, so they agree.

import { isRecord, isStringArray } from '../json/guards.js';
import { SAMPLING_ARRAYS_SINCE, blockType, samplingBlockProblem, samplingBlocks } from './content.js';

/** Tools in sampling, and the `sampling.tools` capability, arrived in this version. */
export const SAMPLING_TOOLS_SINCE = '2025-11-25';

export interface SamplingProblem {
  message: string;
  severity: 'error' | 'warning';
  /** Broken because the client did not declare a capability (rule CAP-UNDECLARED), not by its shape. */
  capability?: boolean;
  /** The spec says the client answers this request with -32602 (Invalid params). */
  invalidParams?: boolean;
}

export interface SamplingContext {
  /** The protocol version in use. */
  version: string;
  /** The capabilities this client declared in initialize. */
  clientCapabilities: Record<string, unknown>;
}

const PRIORITIES = ['costPriority', 'speedPriority', 'intelligencePriority'] as const;
const INCLUDE_CONTEXT = ['none', 'thisServer', 'allServers'];

/** Own member `name` of the client's `sampling` capability is declared. */
export function declaresSampling(capabilities: Record<string, unknown>, name?: 'tools' | 'context'): boolean {
  const sampling = Object.hasOwn(capabilities, 'sampling') ? capabilities.sampling : undefined;
  if (!isRecord(sampling)) return false;
  return name === undefined || (Object.hasOwn(sampling, name) && isRecord(sampling[name]));
}

/** The tools a request offers (2025-11-25), by name; empty when it offers none. */
export function offeredToolNames(params: unknown): string[] {
  const tools = isRecord(params) && Array.isArray(params.tools) ? params.tools : [];
  return tools.flatMap((t) => (isRecord(t) && typeof t.name === 'string' ? [t.name] : []));
}

/** Every problem of a sampling/createMessage request, in the order a reader meets them. */
export function samplingRequestProblems(params: unknown, context: SamplingContext): SamplingProblem[] {
  const problems: SamplingProblem[] = [];
  const add = (message: string, severity: SamplingProblem['severity'] = 'error', extra: Partial<SamplingProblem> = {}) =>
    problems.push({ message, severity, ...extra });
  if (!isRecord(params)) {
    add('sampling/createMessage came without a params object; it needs at least messages and maxTokens.', 'error', { invalidParams: true });
    return problems;
  }
  checkMessages(params.messages, context.version, add);
  const maxTokens = params.maxTokens;
  if (maxTokens === undefined) add('maxTokens is missing; the server must say how many tokens to sample at most.', 'error', { invalidParams: true });
  else if (typeof maxTokens !== 'number' || !Number.isFinite(maxTokens) || maxTokens <= 0) {
    add(`maxTokens is ${JSON.stringify(maxTokens)}; it must be a positive number.`, 'error', { invalidParams: true });
  }
  if (params.systemPrompt !== undefined && typeof params.systemPrompt !== 'string') add('systemPrompt is not a string.');
  if (params.temperature !== undefined && typeof params.temperature !== 'number') add('temperature is not a number.');
  if (params.stopSequences !== undefined && !isStringArray(params.stopSequences)) add('stopSequences is not an array of strings.');
  if (params.metadata !== undefined && !isRecord(params.metadata)) add('metadata is not an object.');
  checkModelPreferences(params.modelPreferences, add);
  checkIncludeContext(params.includeContext, context, add);
  checkTools(params, context, add);
  return problems;
}

type Add = (message: string, severity?: SamplingProblem['severity'], extra?: Partial<SamplingProblem>) => void;

function checkMessages(messages: unknown, version: string, add: Add): void {
  if (!Array.isArray(messages)) {
    add(messages === undefined ? 'messages is missing; there is nothing to sample from.' : `messages is ${JSON.stringify(messages)}, not an array.`, 'error', {
      invalidParams: true,
    });
    return;
  }
  if (messages.length === 0) {
    add('messages is empty; there is nothing to sample from.', 'warning', { invalidParams: true });
    return;
  }
  for (const [i, message] of messages.entries()) {
    const where = `messages[${i}]`;
    if (!isRecord(message)) {
      add(`${where} is not an object with role and content.`, 'error', { invalidParams: true });
      continue;
    }
    if (message.role !== 'user' && message.role !== 'assistant') add(`${where}.role is ${JSON.stringify(message.role)}; it must be "user" or "assistant".`);
    if (message.content === undefined) {
      add(`${where} has no content.`, 'error', { invalidParams: true });
      continue;
    }
    if (Array.isArray(message.content) && version < SAMPLING_ARRAYS_SINCE) {
      add(`${where}.content is an array; before ${SAMPLING_ARRAYS_SINCE} a sampling message holds exactly one content block (${version} is in use).`);
    }
    const blocks = samplingBlocks(message.content);
    for (const [j, block] of blocks.entries()) {
      const problem = samplingBlockProblem(block, version, Array.isArray(message.content) ? `${where}.content[${j}]` : `${where}.content`);
      if (problem) add(problem);
    }
    const types = blocks.map(blockType);
    if (types.includes('tool_result') && types.some((t) => t !== 'tool_result')) {
      add(`${where} mixes tool_result blocks with other content; a message with tool results must hold only tool results.`, 'error', {
        invalidParams: true,
      });
    }
  }
  checkToolBalance(messages, add);
}

/** Each assistant tool_use must be answered by a tool_result in the next message, which is a user message of tool results. */
function checkToolBalance(messages: unknown[], add: Add): void {
  for (const [i, message] of messages.entries()) {
    if (!isRecord(message) || message.role !== 'assistant') continue;
    const uses = samplingBlocks(message.content).flatMap((b) => (isRecord(b) && b.type === 'tool_use' && typeof b.id === 'string' ? [b.id] : []));
    if (uses.length === 0) continue;
    const next = messages[i + 1];
    if (next === undefined) continue; // The conversation ends on the tool use: the client's turn is not owed results yet.
    const results = new Set(
      isRecord(next)
        ? samplingBlocks(next.content).flatMap((b) => (isRecord(b) && b.type === 'tool_result' && typeof b.toolUseId === 'string' ? [b.toolUseId] : []))
        : [],
    );
    const missing = uses.filter((id) => !results.has(id));
    if (missing.length) {
      add(
        `messages[${i}] uses tool${missing.length === 1 ? '' : 's'} ${missing.map((m) => JSON.stringify(m)).join(', ')}, but messages[${i + 1}] holds no tool_result for ${missing.length === 1 ? 'it' : 'them'}; every tool use must be answered in the next message.`,
        'error',
        { invalidParams: true },
      );
    }
  }
}

function checkModelPreferences(prefs: unknown, add: Add): void {
  if (prefs === undefined) return;
  if (!isRecord(prefs)) {
    add('modelPreferences is not an object.');
    return;
  }
  for (const key of PRIORITIES) {
    const v = prefs[key];
    if (v !== undefined && (typeof v !== 'number' || v < 0 || v > 1))
      add(`modelPreferences.${key} is ${JSON.stringify(v)}; priorities are numbers from 0 to 1.`);
  }
  if (
    prefs.hints !== undefined &&
    (!Array.isArray(prefs.hints) || !prefs.hints.every((h) => isRecord(h) && (h.name === undefined || typeof h.name === 'string')))
  ) {
    add('modelPreferences.hints must be an array of objects with an optional "name" string.');
  }
}

function checkIncludeContext(include: unknown, context: SamplingContext, add: Add): void {
  if (include === undefined) return;
  if (typeof include !== 'string' || !INCLUDE_CONTEXT.includes(include)) {
    add(`includeContext is ${JSON.stringify(include)}; it must be "none", "thisServer" or "allServers".`);
    return;
  }
  if (include !== 'none' && context.version >= SAMPLING_TOOLS_SINCE && !declaresSampling(context.clientCapabilities, 'context')) {
    add(`includeContext is "${include}", which is soft-deprecated: a server should not use it unless the client declares sampling.context.`, 'warning', {
      capability: true,
    });
  }
}

function checkTools(params: Record<string, unknown>, context: SamplingContext, add: Add): void {
  const fields = ['tools', 'toolChoice'].filter((f) => params[f] !== undefined);
  if (fields.length === 0) return;
  const named = fields.join(' and ');
  if (context.version < SAMPLING_TOOLS_SINCE) {
    add(`${named} came in a sampling request, but sampling has tools only from ${SAMPLING_TOOLS_SINCE}; ${context.version} is in use.`, 'error', {
      invalidParams: true,
    });
    return;
  }
  if (!declaresSampling(context.clientCapabilities, 'tools')) {
    add(`${named} came in a sampling request, but this client did not declare sampling.tools; the client must answer with an error.`, 'error', {
      capability: true,
      invalidParams: true,
    });
  }
  if (
    params.tools !== undefined &&
    (!Array.isArray(params.tools) || !params.tools.every((t) => isRecord(t) && typeof t.name === 'string' && isRecord(t.inputSchema)))
  ) {
    add('tools must be an array of tools, each with a "name" and an "inputSchema" object.');
  }
  const mode = isRecord(params.toolChoice) ? params.toolChoice.mode : undefined;
  if (params.toolChoice !== undefined && (!isRecord(params.toolChoice) || (mode !== undefined && mode !== 'auto' && mode !== 'required' && mode !== 'none'))) {
    add(`toolChoice is ${JSON.stringify(params.toolChoice)}; it must be {mode: "auto" | "required" | "none"}.`);
  }
}
