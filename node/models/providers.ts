// The three providers on the AI SDK: a ModelRef and its settings → the SDK's
// language model. OpenAI is spoken through its Chat Completions API
// (`.chat()`), not the SDK's default Responses API: Chat Completions is the
// API every OpenAI-compatible endpoint (Ollama, LM Studio, vLLM) also speaks,
// so one mapping and one fake serve both, and the current models take it.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ModelRef } from '../../src/protocol/wire.js';
import { modelFetch } from './model-fetch.js';
import type { ModelSettings } from './settings.js';

/** Where requests go when no base URL is set. */
const DEFAULT_BASE_URLS: Readonly<Record<'anthropic' | 'openai', string>> = {
  anthropic: 'https://api.anthropic.com/v1',
  openai: 'https://api.openai.com/v1',
};

/** The endpoint a request goes to: the ref's, the settings', else the provider's own (none for openai-compatible). */
export function endpointOf(ref: ModelRef, settings: ModelSettings): string | undefined {
  const given = ref.baseUrl ?? settings.baseUrl;
  if (given !== undefined) return given.replace(/\/+$/, '');
  return ref.provider === 'openai-compatible' ? undefined : DEFAULT_BASE_URLS[ref.provider];
}

export function languageModel(ref: ModelRef, settings: ModelSettings, baseURL: string): LanguageModel {
  const fetch = modelFetch(settings.fetch);
  // The key settings resolved (generate refuses to go on without one); undefined would have the SDK read the variable itself.
  const apiKey = settings.apiKey ?? '';
  switch (ref.provider) {
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL, fetch })(ref.model);
    case 'openai':
      return createOpenAI({ apiKey, baseURL, fetch }).chat(ref.model);
    case 'openai-compatible':
      return createOpenAICompatible({ name: 'openai-compatible', baseURL, fetch, includeUsage: true, ...(settings.apiKey ? { apiKey } : {}) })(ref.model);
  }
}
