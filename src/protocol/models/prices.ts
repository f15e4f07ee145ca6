// What a model's tokens cost, for the few models whose price a source lists;
// any other model's cost is unknown, and said so, rather than guessed.
import type { ModelProviderKind, ModelRef, ModelUsage } from './contract.js';

/** US dollars per million tokens. */
interface Price {
  input: number;
  output: number;
}

// Anthropic: https://docs.claude.com/en/docs/about-claude/pricing (standard rates, no caching or batch discount).
// OpenAI: https://platform.openai.com/docs/pricing (standard tier). Both as listed in late 2025; prices change,
// so a cost shown is an estimate from this table.
const PRICES: ReadonlyMap<string, Price> = new Map([
  ['anthropic/claude-opus-4-5', { input: 5, output: 25 }],
  ['anthropic/claude-opus-4-1', { input: 15, output: 75 }],
  ['anthropic/claude-sonnet-4-5', { input: 3, output: 15 }],
  ['anthropic/claude-sonnet-4', { input: 3, output: 15 }],
  ['anthropic/claude-haiku-4-5', { input: 1, output: 5 }],
  ['openai/gpt-5', { input: 1.25, output: 10 }],
  ['openai/gpt-5-mini', { input: 0.25, output: 2 }],
  ['openai/gpt-5-nano', { input: 0.05, output: 0.4 }],
  ['openai/gpt-4.1', { input: 2, output: 8 }],
  ['openai/gpt-4o', { input: 2.5, output: 10 }],
  ['openai/gpt-4o-mini', { input: 0.15, output: 0.6 }],
]);

/** A dated snapshot (claude-sonnet-4-5-20250929, gpt-4o-2024-08-06) costs what its model does. */
const undated = (model: string): string => model.replace(/-(?:\d{8}|\d{4}-\d{2}-\d{2})$/, '');

/** US dollars per million input and output tokens, if this model's price is listed. */
export function knownPrice(ref: ModelRef): Price | undefined {
  return PRICES.get(`${ref.provider}/${undated(ref.model)}`);
}

/** The cost of `usage` in US dollars, or undefined when the price of none of `models` is known. */
export function costUsd(provider: ModelProviderKind, models: readonly string[], usage: ModelUsage): number | undefined {
  for (const model of models) {
    const price = knownPrice({ provider, model });
    if (price) return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
  }
  return undefined;
}
