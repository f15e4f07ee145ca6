// Tool schemas against the model providers' strict modes: the table, the
// per-tool verdicts, and the lint rule set.
export * from './types.js';
export { PROVIDER_RULES, PROVIDER_RULE_IDS, type ProviderRuleId } from './table.js';
export * from './lint.js';
export { providerRuleSet } from './rule-set.js';
export * from './tool-count.js';
