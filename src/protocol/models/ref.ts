// A model as a person writes it: `PROVIDER/MODEL` (`anthropic/claude-sonnet-4-5`,
// `openai/gpt-5`, `openai-compatible/llama3.2:8b`). The model's own name may hold
// further slashes (`openai-compatible/meta-llama/Llama-3.1-8B`): only the first one splits.
import { err, ok, type Result } from '../result.js';
import type { ModelProviderKind, ModelRef } from './contract.js';

export const MODEL_PROVIDERS: readonly ModelProviderKind[] = ['anthropic', 'openai', 'openai-compatible'];

const isProvider = (text: string): text is ModelProviderKind => (MODEL_PROVIDERS as readonly string[]).includes(text);

export function parseModelRef(text: string): Result<ModelRef> {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const example = 'write PROVIDER/MODEL, e.g. anthropic/claude-sonnet-4-5, openai/gpt-5 or openai-compatible/llama3.2';
  if (trimmed === '') return err(`No model given: ${example}.`);
  if (slash < 0) return err(`"${trimmed}" names no provider: ${example}.`);
  const provider = trimmed.slice(0, slash);
  const model = trimmed.slice(slash + 1);
  if (!isProvider(provider)) return err(`"${provider}" is not a provider mcpscope speaks to (${MODEL_PROVIDERS.join(', ')}): ${example}.`);
  if (model === '') return err(`"${trimmed}" names no model after the provider: ${example}.`);
  if (/\s/.test(model)) return err(`"${model}" has a space in it; a model name has none.`);
  return ok({ provider, model });
}

/** `provider/model`, as parseModelRef reads it. */
export const modelRefText = (ref: ModelRef): string => `${ref.provider}/${ref.model}`;
