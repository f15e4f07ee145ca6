// A non-interactive answer to sampling/createMessage, as --sampling says:
// reply with the given text, or decline (-1, the spec's rejection); a model's
// answer is sampling-model.ts, on the same checks. A request
// the spec says the client must or should refuse gets -32602 either way. Each
// request and its answer are said on stderr: never a silent answer.

import {
  ErrorCode,
  SAMPLING_REJECTED,
  isRecord,
  samplingRequestProblems,
  samplingResult,
  type SamplingContext,
  type ServerRequestAnswer,
} from '../src/protocol/index.js';
import type { SamplingPolicy } from '../options/sampling.js';

export const CLI_SAMPLING_MODEL = 'mcpscope-cli';
const TEXT_CHARS = 120;

export function quoted(text: string): string {
  return JSON.stringify(text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS)}…` : text);
}

/** One line per message: role and each block (text quoted, other types by name). */
export function describeRequest(params: unknown): string {
  const p = isRecord(params) ? params : {};
  const messages = Array.isArray(p.messages) ? p.messages : [];
  const parts = messages.map((m) => {
    const role = isRecord(m) && typeof m.role === 'string' ? m.role : '?';
    const content = isRecord(m) ? m.content : undefined;
    const blocks = content === undefined ? [] : Array.isArray(content) ? content : [content];
    const said = blocks.map((b) =>
      isRecord(b) && b.type === 'text' && typeof b.text === 'string' ? quoted(b.text) : `[${isRecord(b) ? String(b.type) : '?'}]`,
    );
    return `${role}: ${said.join(' ') || '(no content)'}`;
  });
  const extras = [
    `maxTokens ${JSON.stringify(p.maxTokens)}`,
    ...(typeof p.systemPrompt === 'string' ? [`systemPrompt ${quoted(p.systemPrompt)}`] : []),
    ...(Array.isArray(p.tools) ? [`${p.tools.length} tool(s) offered`] : []),
  ];
  return `sampling/createMessage (${messages.length} message(s); ${extras.join('; ')})${parts.length ? `: ${parts.join(' | ')}` : ''}`;
}

export interface SamplingReplyNote {
  answer: ServerRequestAnswer;
  /** The request and what was answered, for stderr. */
  note: string;
}

/** The request said in one line, the -32602 answer when the spec calls for one, and the other problems to say. */
export function checkedRequest(params: unknown, context: SamplingContext): { request: string; refusal?: SamplingReplyNote; others: string } {
  const request = describeRequest(params);
  const problems = samplingRequestProblems(params, context);
  const invalid = problems.filter((p) => p.invalidParams).map((p) => p.message);
  // Problems that do not call for -32602 are still said (the same sentences as rule SAMPLING-REQUEST).
  const others = problems.length ? ` Problems of the request: ${problems.map((p) => `${p.severity}: ${p.message}`).join(' ')}` : '';
  if (!invalid.length) return { request, others };
  const message = `Invalid sampling request: ${invalid.join(' ')}`;
  return {
    request,
    others,
    refusal: { answer: { error: { code: ErrorCode.InvalidParams, message } }, note: `answered -32602 to ${request}: ${invalid.join(' ')}` },
  };
}

export function samplingAnswer(policy: Exclude<SamplingPolicy, { kind: 'model' }>, params: unknown, context: SamplingContext): SamplingReplyNote {
  const { request, refusal, others } = checkedRequest(params, context);
  if (refusal) return refusal;
  if (policy.kind === 'decline') {
    return {
      answer: { error: { ...SAMPLING_REJECTED } },
      note: `declined ${request} with error -1, as --sampling decline says. Pass --sampling reply:TEXT to answer it.${others}`,
    };
  }
  const result = samplingResult({ content: [{ type: 'text', text: policy.text }], model: CLI_SAMPLING_MODEL, stopReason: 'endTurn' });
  return { answer: { result }, note: `replied ${quoted(policy.text)} (model ${CLI_SAMPLING_MODEL}) to ${request}.${others}` };
}
