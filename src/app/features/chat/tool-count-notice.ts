// The sentence the Chat view shows when the chosen connections offer the model more tools than its provider takes
// in one request (every tool of every ticked server goes into each turn). Framework-free.
import { parseModelRef, plural, toolCountFailures, toolCountLimit, type ModelProviderKind, type Provider } from '../../../protocol/index.js';

/** The tools one ticked connection offers. */
export interface OfferedTools {
  label: string;
  tools: number;
}

/** The lint provider whose count rules bind a chat model; an OpenAI-compatible endpoint's limit is its own. */
const BOUND: Readonly<Partial<Record<ModelProviderKind, Provider>>> = { openai: 'openai', anthropic: 'anthropic' };

/** Why the model would refuse the turn, or undefined when the tools are within its provider's limit. */
export function toolCountNotice(model: string, offered: readonly OfferedTools[]): string | undefined {
  const ref = parseModelRef(model);
  const provider = ref.ok ? BOUND[ref.value.provider] : undefined;
  if (provider === undefined) return undefined;
  const total = offered.reduce((n, o) => n + o.tools, 0);
  const [failure] = toolCountFailures(total, [provider]);
  if (!failure) return undefined;
  const each = offered.length > 1 ? ` (${offered.map((o) => `${o.label}: ${o.tools}`).join(', ')})` : '';
  return `${model} would be offered ${plural(total, 'tool')}${each}, and ${toolCountLimit(failure.rule)}: untick servers under “Tools of” until at most ${failure.max} are offered, or choose another model.`;
}
