// One model call made for the page: the request checked, the endpoint and key taken from the proxy's store (never
// from the page), a time limit, and the outcome with every known key masked — a provider that echoes a key in its
// error gets it hidden before the page sees it. The provider call itself is node/models/' `generate`.
import { isRecord, type ModelFailure, type ModelOutcome, type ModelRequest } from '../../src/protocol/wire.js';
import { isModelProvider } from '../../node/models/keys-file.js';
import type { ModelKeys, ProviderCallSettings } from '../../node/models/keys.js';
import { generate } from '../../node/models/generate.js';

/** What a provider call gets: the store's endpoint and key, the time limit, and a signal that aborts it. */
export interface ModelCallSettings extends ProviderCallSettings {
  timeoutMs: number;
  signal: AbortSignal;
}

export type GenerateModel = (request: ModelRequest, settings: ModelCallSettings) => Promise<ModelOutcome>;

function failure(kind: ModelFailure['kind'], message: string, retryable = false): ModelOutcome {
  return { ok: false, failure: { kind, message, retryable } };
}

/** The request, or the sentence saying what is wrong with it (a page of another version). */
export function modelRequestOf(value: unknown): { ok: true; request: ModelRequest } | { ok: false; error: string } {
  if (!isRecord(value)) return { ok: false, error: 'Send { "request": … }: a model request.' };
  const model = value.model;
  if (!isRecord(model) || !isModelProvider(model.provider) || typeof model.model !== 'string' || model.model.trim() === '')
    return { ok: false, error: 'The request names no model: pick a provider (anthropic, openai, openai-compatible) and a model.' };
  if (!Array.isArray(value.messages) || value.messages.length === 0) return { ok: false, error: 'The request has no messages to send to the model.' };
  if (typeof value.maxTokens !== 'number' || !Number.isInteger(value.maxTokens) || value.maxTokens < 1)
    return { ok: false, error: 'The request needs maxTokens, a whole number of at least 1.' };
  return { ok: true, request: value as unknown as ModelRequest };
}

export async function generateFor(
  keys: ModelKeys,
  generate: GenerateModel,
  request: ModelRequest,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<ModelOutcome> {
  const { provider, model } = request.model;
  const view = keys.view(provider);
  if (!view.ready) {
    return provider === 'openai-compatible'
      ? failure('no-key', 'No local endpoint is set: add one in Models (like http://127.0.0.1:11434/v1 for Ollama), or answer by hand.')
      : failure(
          'no-key',
          `No ${provider} key: add one in Models (or start mcpscope with ${provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'} set), or answer by hand.`,
        );
  }
  if (view.models.length > 0 && !view.models.includes(model))
    return failure('bad-request', `${provider}/${model} is not among the models allowed (${view.models.join(', ')}): add it in Models, or pick another.`);
  const settings = keys.settings(provider);
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
  let outcome: ModelOutcome;
  try {
    outcome = await generate(
      { ...request, model: { ...request.model, ...(settings.baseUrl !== undefined ? { baseUrl: settings.baseUrl } : {}) } },
      {
        ...settings,
        timeoutMs: options.timeoutMs,
        signal,
      },
    );
  } catch (error) {
    outcome = signal.aborted
      ? failure('timeout', `${provider}/${model} did not answer within ${options.timeoutMs / 1000} s: try again, or pick another model.`, true)
      : failure('provider', `The call to ${provider}/${model} failed: ${error instanceof Error ? error.message : String(error)}.`, true);
  }
  return keys.secrets().maskAll(outcome);
}

/** node/models/' generate, with the store's settings. */
export const providerGenerate: GenerateModel = (request, { apiKey, keySource, baseUrl, timeoutMs, signal }) =>
  generate(
    request,
    {
      ...(apiKey !== undefined ? { apiKey, ...(keySource !== undefined ? { keySource } : {}) } : {}),
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      timeoutMs,
    },
    signal,
  );
