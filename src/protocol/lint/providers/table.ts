// The one table of provider strict-mode rules: id → provider, severity, the
// provider's page, the check, and a passing and a failing example. lint/rules.ts
// takes these ids into RULES, so findings, Problems and the Log treat them as
// every other rule.

import { ANTHROPIC_RULES } from './anthropic.js';
import { GEMINI_RULES } from './gemini.js';
import { OPENAI_RULES } from './openai.js';

export const PROVIDER_RULES = { ...OPENAI_RULES, ...ANTHROPIC_RULES, ...GEMINI_RULES };

export type ProviderRuleId = keyof typeof PROVIDER_RULES;

export const PROVIDER_RULE_IDS = Object.keys(PROVIDER_RULES) as ProviderRuleId[];
