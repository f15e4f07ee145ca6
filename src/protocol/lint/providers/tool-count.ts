// The rules on the tool list as a whole: how many tools a provider takes in
// one request. A host that offers a model every tool of a server (or of several)
// is refused above the limit, whatever each tool looks like. Anthropic's pages,
// as far as we found, state no count, so it has no rule here.

import { plural } from '../../text/plural.js';
import type { Severity } from '../rules.js';
import { PROVIDER_NAMES, PROVIDERS, type Provider } from './types.js';

export interface ToolCountRule {
  provider: Provider;
  severity: Severity;
  title: string;
  /** The provider's own page the limit is stated on. */
  spec: { url: string };
  /** The most tools the provider takes in one request. */
  max: number;
  /** What is counted, in the provider's words: "tools in one request". */
  counted: string;
}

export const TOOL_COUNT_RULES = {
  // The API reference of `tools`: "A max of 128 functions are supported"; the API refuses more (array_above_max_length).
  'PROVIDER-OPENAI-TOOL-COUNT': {
    provider: 'openai',
    severity: 'error',
    title: 'OpenAI: at most 128 tools in one request',
    spec: { url: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools' },
    max: 128,
    counted: 'tools in one request',
  },
  // The Tool reference of `functionDeclarations`: "Maximum 512 function declarations can be provided".
  'PROVIDER-GEMINI-TOOL-COUNT': {
    provider: 'gemini',
    severity: 'error',
    title: 'Gemini: at most 512 function declarations in one tool',
    spec: { url: 'https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/Tool' },
    max: 512,
    counted: 'function declarations in one tool',
  },
} as const satisfies Record<string, ToolCountRule>;

export type ToolCountRuleId = keyof typeof TOOL_COUNT_RULES;

export const TOOL_COUNT_RULE_IDS = Object.keys(TOOL_COUNT_RULES) as ToolCountRuleId[];

export interface ToolCountFailure {
  rule: ToolCountRuleId;
  provider: Provider;
  max: number;
  count: number;
  message: string;
}

/** The limit in words: "OpenAI takes at most 128 tools in one request and refuses more". */
export function toolCountLimit(rule: ToolCountRuleId): string {
  const { provider, max, counted } = TOOL_COUNT_RULES[rule];
  return `${PROVIDER_NAMES[provider]} takes at most ${max} ${counted} and refuses more`;
}

/** The count rules `count` tools break, for the providers asked (all by default). */
export function toolCountFailures(count: number, providers: readonly Provider[] = PROVIDERS): ToolCountFailure[] {
  return TOOL_COUNT_RULE_IDS.flatMap((rule) => {
    const { provider, max } = TOOL_COUNT_RULES[rule];
    if (count <= max || !providers.includes(provider)) return [];
    return [
      {
        rule,
        provider,
        max,
        count,
        message: `${toolCountLimit(rule)}; this list has ${plural(count, 'tool')}, so a host cannot offer the model all of them at once (offer a subset, or split the tools across servers)`,
      },
    ];
  });
}

/** The sentence of a finding on the list: the provider, then what fails. */
export const toolCountSentence = (f: ToolCountFailure): string => `The tool list, ${PROVIDER_NAMES[f.provider]}: ${f.message}.`;
