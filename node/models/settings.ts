// Where a provider is and which key it takes: from the providers' usual
// variables, or what the person passed. The key stays in the Node process.
import type { ModelKeySource, ModelProviderKind } from '../../src/protocol/wire.js';

export interface ModelSettings {
  /** The API key; absent: none (fine for a local OpenAI-compatible endpoint). */
  apiKey?: string;
  /** Where the key came from, so a refusal names the place to fix it; absent: the provider's variable (the CLI). */
  keySource?: ModelKeySource;
  /** The endpoint's base URL (ending in /v1); absent: the provider's own. Required for openai-compatible. */
  baseUrl?: string;
  /** Longest wait for one model request, in ms (default 120 s); past it the request is given up and may be tried again. */
  timeoutMs?: number;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
}

/** Each provider's name, key variable and endpoint variable. */
export const PROVIDER_VARIABLES: Readonly<Record<ModelProviderKind, { name: string; key: string; baseUrl: string }>> = {
  anthropic: { name: 'Anthropic', key: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' },
  openai: { name: 'OpenAI', key: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  'openai-compatible': { name: 'The OpenAI-compatible endpoint', key: 'OPENAI_COMPATIBLE_API_KEY', baseUrl: 'OPENAI_COMPATIBLE_BASE_URL' },
};

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** Settings from the environment; `given` (flags, the page) wins over it. */
export function modelSettingsFromEnv(provider: ModelProviderKind, env: NodeJS.ProcessEnv, given: ModelSettings = {}): ModelSettings {
  const vars = PROVIDER_VARIABLES[provider];
  const apiKey = nonEmpty(given.apiKey) ?? nonEmpty(env[vars.key]);
  const baseUrl = nonEmpty(given.baseUrl) ?? nonEmpty(env[vars.baseUrl]);
  return { ...given, ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}) };
}
