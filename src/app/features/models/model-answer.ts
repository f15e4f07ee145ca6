// A sampling request answered by a model, without React: the models the person allowed (of the providers that
// are ready), the one the request's modelPreferences pick, the request mapped and sent through the proxy, and
// the reply as the reply form's draft (to review) or as the result itself (automatic answers).
import {
  DEFAULT_MODEL_TIMEOUT_MS,
  chooseModel,
  isRecord,
  modelRefText,
  modelRequestFromSampling,
  parseModelRef,
  samplingResultFromReply,
  type ModelContent,
  type ModelFailure,
  type ModelKeysListing,
  type ModelOutcome,
  type ModelRef,
  type ModelReply,
  type ModelRequest,
} from '../../../protocol/index.js';
import type { ReplyDraft } from '../sampling/reply.js';
import type { AnswerWithModel, ModelAnswer } from '../sampling/sampling-store.js';
import { modelsApi } from './models-api.js';

/** Every model the person allowed, of the providers that can be called now, in their order. */
export function allowedModels(listing: ModelKeysListing | undefined): ModelRef[] {
  return (listing?.providers ?? []).filter((p) => p.ready).flatMap((p) => p.models.map((model) => ({ provider: p.provider, model })));
}

/** The model pre-selected for a request: its hints and priorities among the allowed ones. */
export function preselected(params: unknown, allowed: readonly ModelRef[]): { ref: string; reason: string } | undefined {
  const choice = chooseModel(isRecord(params) ? params.modelPreferences : undefined, allowed);
  return choice && { ref: modelRefText(choice.model), reason: choice.reason };
}

export function modelRequestOf(params: unknown, refText: string): ModelRequest | string {
  const ref = parseModelRef(refText);
  if (!ref.ok) return ref.error;
  return modelRequestFromSampling(isRecord(params) ? params : {}, ref.value);
}

/** The reply in the reply form's fields, so the person can change it before it is sent. */
export function draftFromReply(reply: ModelReply): ReplyDraft {
  const text = reply.content.filter((b) => b.type === 'text').map((b) => String(b.text ?? ''));
  const toolUses = reply.content
    .filter((b): b is ModelContent & { name: string } => b.type === 'tool_use' && typeof b.name === 'string')
    .map((b) => ({ name: b.name, inputText: JSON.stringify(b.input ?? {}, null, 2) }));
  const standard = ['endTurn', 'stopSequence', 'maxTokens', 'toolUse'].includes(reply.stopReason);
  return {
    text: text.join('\n\n'),
    model: reply.model,
    stopReason: standard ? reply.stopReason : 'custom',
    customStopReason: standard ? '' : reply.stopReason,
    toolUses,
  };
}

/** "$0.00051", or "cost unknown" where the model's price is not known. */
export function costText(usd: number | undefined): string {
  return usd === undefined ? 'cost unknown' : `$${usd < 0.01 ? usd.toPrecision(2) : usd.toFixed(4)}`;
}

/** "12 + 34 tokens · $0.00051 · 1.2 s", or "cost unknown" where the model's price is not. */
export function usageLine(reply: ModelReply): string {
  const cost = costText(reply.costUsd);
  const latency = reply.latencyMs < 1000 ? `${Math.round(reply.latencyMs)} ms` : `${(reply.latencyMs / 1000).toFixed(1)} s`;
  return `${reply.usage.inputTokens} in + ${reply.usage.outputTokens} out tokens · ${cost} · ${latency}`;
}

/** A failure to show: the proxy's, or the page's own (a model ref it cannot read, the proxy out of reach). */
export type FailureToSay = Pick<ModelFailure, 'message' | 'retryable'> & { kind?: ModelFailure['kind'] };

const SAMPLING_NEXT = 'The request still waits: try again, allow longer, or reply by hand below.';

/**
 * A time limit reached is said with the limit, where to change it and `next` (what the person can do now, where
 * they are looking); any other failure in its own words.
 */
export function failureSentence(failure: FailureToSay, ref: string, timeoutSeconds: number | undefined, next = SAMPLING_NEXT): string {
  if (failure.kind !== 'timeout') return failure.message;
  const limit = timeoutSeconds ?? DEFAULT_MODEL_TIMEOUT_MS / 1000;
  const where = timeoutSeconds === undefined ? "the proxy's default; set another under Models in the settings" : 'set under Models in the settings';
  return `${ref} timed out: it did not answer within ${limit} s (${where}). ${next}`;
}

/** An automatic answer: the model's reply as the result the version accepts, or why there is none. */
export async function answerAutomatically(
  generate: (request: ModelRequest, signal: AbortSignal) => Promise<ModelOutcome>,
  pending: { params: unknown; version: string },
  refText: string,
  signal: AbortSignal,
): Promise<ModelAnswer> {
  const request = modelRequestOf(pending.params, refText);
  if (typeof request === 'string') return { ok: false, message: request };
  const outcome = await generate(request, signal);
  if (!outcome.ok) return { ok: false, message: outcome.failure.message };
  const result = samplingResultFromReply(outcome.reply, pending.params, pending.version);
  if (!result.ok) return { ok: false, message: `${refText} answered, but its reply cannot be sent: ${result.error.join(' ')}` };
  return { ok: true, result: result.value, summary: `Answered by ${refText} automatically (${usageLine(outcome.reply)}).` };
}

/** The sampling store's automatic answerer, through the proxy with this page's token and time limit. */
export function modelAnswerer(token: string | null, timeoutSeconds: () => number | undefined): AnswerWithModel {
  const api = modelsApi(token ?? '', undefined, timeoutSeconds);
  return (pending, ref, signal) => answerAutomatically((request, s) => api.generate(request, s), pending, ref, signal);
}
