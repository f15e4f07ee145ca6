// --sampling model:PROVIDER/MODEL: a server's sampling/createMessage answered
// by a real model. The request is checked as for any --sampling answer, a model
// chosen among those given (chooseModel: the request's hints, then its
// priorities), asked through node/models, and its reply sent only if it is a
// result the version in use accepts. Each answer is said on stderr with its
// tokens, cost and latency; a failure answers the server with an error (-32603)
// and says why. A request the server cancels (or whose connection closes) while
// the model answers stops the model's call, and nothing is sent.
import {
  ErrorCode,
  chooseModel,
  handlerAbortOf,
  isRecord,
  modelRefText,
  modelRequestFromSampling,
  samplingResultFromReply,
  type ModelContent,
  type ModelOutcome,
  type ModelReply,
  type ModelRequest,
  type SamplingContext,
} from '../src/protocol/index.js';
import { generate } from '../node/models/generate.js';
import { modelSettingsFromEnv, type ModelSettings } from '../node/models/settings.js';
import type { SamplingPolicy } from '../options/sampling.js';
import { checkedRequest, quoted, type SamplingReplyNote } from './sampling.js';

export type ModelPolicy = Extract<SamplingPolicy, { kind: 'model' }>;
export type Generate = (request: ModelRequest, settings: ModelSettings, signal?: AbortSignal) => Promise<ModelOutcome>;

/** The reply's blocks, briefly: text quoted, a tool call by name and arguments. */
function describeReply(content: readonly ModelContent[]): string {
  const said = content.map((b) =>
    b.type === 'text' ? quoted(String(b.text)) : b.type === 'tool_use' ? `tool_use ${String(b.name)} ${JSON.stringify(b.input ?? {})}` : `[${b.type}]`,
  );
  return said.join(' ') || '(no content)';
}

const figures = (reply: ModelReply): string =>
  [
    `stopReason ${reply.stopReason}`,
    `${reply.usage.inputTokens} input + ${reply.usage.outputTokens} output tokens`,
    reply.costUsd !== undefined ? `$${reply.costUsd.toFixed(6)}` : 'cost unknown',
    `${reply.latencyMs} ms`,
  ].join('; ');

/** What the provider did not take as the request asked (the SDK's warnings). */
const notAsAsked = (reply: ModelReply): string => (reply.warnings?.length ? ` Not as asked: ${reply.warnings.join(' ')}` : '');

const failed = (message: string, note: string): SamplingReplyNote => ({ answer: { error: { code: ErrorCode.InternalError, message } }, note });

export async function modelSamplingAnswer(
  policy: ModelPolicy,
  params: unknown,
  context: SamplingContext,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
  ask: Generate = generate,
): Promise<SamplingReplyNote> {
  const { request, refusal, others } = checkedRequest(params, context);
  if (refusal) return refusal;
  const p = isRecord(params) ? params : {};
  const choice = chooseModel(p.modelPreferences, policy.models);
  if (!choice) return failed('No model to answer with.', `answered -32603 to ${request}: --sampling model: named no model.`);
  const name = modelRefText(choice.model);
  const settings = modelSettingsFromEnv(choice.model.provider, env, {
    ...(policy.baseUrl !== undefined ? { baseUrl: policy.baseUrl } : {}),
    ...(policy.timeoutMs !== undefined ? { timeoutMs: policy.timeoutMs } : {}),
  });
  const outcome = await ask(modelRequestFromSampling(p, choice.model), settings, signal);
  const ended = signal && handlerAbortOf(signal);
  if (ended) return failed(ended.message, `${name} was stopped while answering ${request}: ${ended.message} No answer was sent.`);
  if (!outcome.ok) {
    const { message, retryable } = outcome.failure;
    return failed(message, `${name} could not answer ${request}. ${message}${retryable ? ' Worth trying again.' : ''} The server got error -32603.${others}`);
  }
  const reply = outcome.reply;
  const result = samplingResultFromReply(reply, params, context.version);
  if (!result.ok) {
    const why = result.error.join(' ');
    return failed(
      `The model's reply cannot answer this request: ${why}`,
      `${name} (model ${reply.model}) replied ${describeReply(reply.content)} to ${request}, which cannot answer it: ${why} The server got error -32603 (${figures(reply)}).${notAsAsked(reply)}${others}`,
    );
  }
  return {
    answer: { result: result.value },
    note: `${name} (${choice.reason}; model ${reply.model}) answered ${request}: ${describeReply(reply.content)} (${figures(reply)}).${notAsAsked(reply)}${others}`,
  };
}
