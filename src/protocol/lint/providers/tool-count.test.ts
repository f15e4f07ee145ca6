// The count rules: a list over a provider's limit fails it, one at the limit does not; each rule is an error (the
// provider refuses the request), names its provider and links to the page that states the limit.
import { describe, expect, it } from 'vitest';
import { RULES, specUrl } from '../rules.js';
import { TOOL_COUNT_RULE_IDS, TOOL_COUNT_RULES, toolCountFailures, toolCountSentence } from './tool-count.js';

describe('the tool-count rules', () => {
  it('fail OpenAI above 128 tools and Gemini above 512', () => {
    expect(toolCountFailures(128)).toEqual([]);
    expect(toolCountFailures(129).map((f) => [f.rule, f.max, f.count])).toEqual([['PROVIDER-OPENAI-TOOL-COUNT', 128, 129]]);
    expect(toolCountFailures(513).map((f) => f.rule)).toEqual(['PROVIDER-OPENAI-TOOL-COUNT', 'PROVIDER-GEMINI-TOOL-COUNT']);
    expect(toolCountFailures(513, ['gemini', 'anthropic']).map((f) => f.rule)).toEqual(['PROVIDER-GEMINI-TOOL-COUNT']);
  });

  it('say the limit, the count and what a host can do', () => {
    const [f] = toolCountFailures(130);
    expect(toolCountSentence(f!)).toBe(
      'The tool list, OpenAI: OpenAI takes at most 128 tools in one request and refuses more; this list has 130 tools, so a host cannot offer the model all of them at once (offer a subset, or split the tools across servers).',
    );
  });

  it.each(TOOL_COUNT_RULE_IDS)('%s is an error of its provider, linked to the provider’s page', (id) => {
    const rule = TOOL_COUNT_RULES[id];
    expect(id.startsWith(`PROVIDER-${rule.provider.toUpperCase()}-`)).toBe(true);
    expect(RULES[id]).toMatchObject({ severity: 'error', title: rule.title });
    expect(specUrl(id, '2025-11-25')).toBe(rule.spec.url);
    expect(new URL(rule.spec.url).hostname).toMatch(/(^|\.)(openai\.com|google\.com)$/);
  });
});
