// A tool judged by every provider rule: the failures with their rule, and the
// verdict per provider that the Tools tab and `check` show.

import { isRecord } from '../../json/guards.js';
import { PROVIDER_RULE_IDS, PROVIDER_RULES, type ProviderRuleId } from './table.js';
import { PROVIDER_NAMES, PROVIDERS, type Failure, type Provider } from './types.js';

export interface ProviderFailure extends Failure {
  rule: ProviderRuleId;
  provider: Provider;
  /** The tool's name, or where it is in the list when it has none. */
  tool: string;
}

/** What each provider makes of one tool: the failures, by provider, in table order. */
export type ProviderVerdicts = Readonly<Record<Provider, readonly ProviderFailure[]>>;

/** Every failure of `tool` (an item of a tools/list result), for the providers asked (all by default). */
export function providerFailures(tool: unknown, providers: readonly Provider[] = PROVIDERS, fallbackName = 'tool'): ProviderFailure[] {
  if (!isRecord(tool)) return [];
  const name = typeof tool.name === 'string' ? tool.name : fallbackName;
  return PROVIDER_RULE_IDS.flatMap((rule) => {
    const spec = PROVIDER_RULES[rule];
    if (!providers.includes(spec.provider)) return [];
    return spec.check(tool).map((f) => ({ ...f, rule, provider: spec.provider, tool: name }));
  });
}

/** The failures that make the provider refuse the tool (its advice left out), as `expect.providers` judges. */
export const providerRefusals = (tool: unknown, providers: readonly Provider[], fallbackName?: string): ProviderFailure[] =>
  providerFailures(tool, providers, fallbackName).filter((f) => PROVIDER_RULES[f.rule].advice !== true);

export function providerVerdicts(tool: unknown, fallbackName?: string): ProviderVerdicts {
  const all = providerFailures(tool, PROVIDERS, fallbackName);
  return {
    openai: all.filter((f) => f.provider === 'openai'),
    anthropic: all.filter((f) => f.provider === 'anthropic'),
    gemini: all.filter((f) => f.provider === 'gemini'),
  };
}

/** "OpenAI ✓ · Anthropic ✗ 2 · Gemini ✓": the verdict in words and marks, never in colour alone. */
export function verdictLine(verdicts: ProviderVerdicts): string {
  return PROVIDERS.map((p) => `${PROVIDER_NAMES[p]} ${verdicts[p].length === 0 ? '✓' : `✗ ${verdicts[p].length}`}`).join(' · ');
}

/** The sentence of a finding: the tool, the provider, the place, what fails and the rewrite. */
export function failureSentence(f: ProviderFailure): string {
  const fix = f.rewrite ? ` Fix: ${f.rewrite.summary} (${JSON.stringify(f.rewrite.patch)}).` : '';
  return `Tool ${f.tool}, ${PROVIDER_NAMES[f.provider]}: at ${f.path}, ${f.message}.${fix}`;
}
