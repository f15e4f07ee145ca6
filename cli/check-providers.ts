// The `check` step that judges the listed tools against the model providers'
// strict modes, each tool and the list's count: a warning each by default, an
// error for the providers named by --strict-providers. The JSON report carries
// every failure with its path and the rewrite that would pass.

import {
  PROVIDER_NAMES,
  PROVIDER_RULES,
  PROVIDERS,
  TOOL_COUNT_RULES,
  plural,
  providerVerdicts,
  toolCountFailures,
  type PatchOp,
  type Provider,
  type Tool,
} from '../src/protocol/index.js';
import type { CheckStep } from './check.js';

/** What a finding on the whole list names as its tool. */
export const THE_LIST = 'tools/list';

export interface ProviderCheckFinding {
  rule: string;
  provider: Provider;
  /** The tool's name (its place in the list when it has none), or `tools/list` for a finding on the list as a whole. */
  tool: string;
  /** A JSON Pointer into the tool; into the result (`/tools`) for a finding on the list. */
  path: string;
  /** An error for a provider --strict-providers names, unless the rule is advice. */
  severity: 'error' | 'warning';
  /** Advice on what the model reads, not a refusal: a warning even for a strict provider. */
  advice?: true;
  message: string;
  specUrl: string;
  rewrite?: { summary: string; patch: readonly PatchOp[] };
}

export interface ProviderCheck {
  /** The providers whose failures are errors (--strict-providers). */
  strict: Provider[];
  tools: number;
  /** Tools that fail each provider. */
  failing: Record<Provider, number>;
  findings: ProviderCheckFinding[];
}

export function checkProviders(tools: readonly Tool[], strict: readonly Provider[]): { step: CheckStep; report: ProviderCheck } {
  const findings: ProviderCheckFinding[] = [];
  const failing = { openai: 0, anthropic: 0, gemini: 0 };
  for (const [i, tool] of tools.entries()) {
    const verdicts = providerVerdicts(tool, `tools[${i}]`);
    for (const p of PROVIDERS) if (verdicts[p].length > 0) failing[p]++;
    for (const f of PROVIDERS.flatMap((p) => verdicts[p])) {
      const advice = PROVIDER_RULES[f.rule].advice === true;
      findings.push({
        rule: f.rule,
        provider: f.provider,
        tool: f.tool,
        path: f.path,
        severity: strict.includes(f.provider) && !advice ? 'error' : 'warning',
        ...(advice ? { advice } : {}),
        message: f.message,
        specUrl: PROVIDER_RULES[f.rule].spec.url,
        ...(f.rewrite ? { rewrite: f.rewrite } : {}),
      });
    }
  }
  for (const f of toolCountFailures(tools.length)) {
    findings.push({
      rule: f.rule,
      provider: f.provider,
      tool: THE_LIST,
      path: '/tools',
      severity: strict.includes(f.provider) ? 'error' : 'warning',
      message: f.message,
      specUrl: TOOL_COUNT_RULES[f.rule].spec.url,
    });
  }
  const of = plural(tools.length, 'tool');
  const passes = tools.length === 1 ? 'the tool passes' : `all ${of} pass`;
  const tooMany = new Set(findings.filter((f) => f.tool === THE_LIST).map((f) => f.provider));
  const detail = PROVIDERS.map((p) => {
    const verdict = failing[p] === 0 ? passes : `${failing[p]} of ${of} ${failing[p] === 1 ? 'fails' : 'fail'}`;
    return `${PROVIDER_NAMES[p]}${strict.includes(p) ? ' (strict)' : ''}: ${verdict}${tooMany.has(p) ? ', and the list is too long' : ''}`;
  }).join('; ');
  const status = findings.some((f) => f.severity === 'error') ? 'fail' : findings.length > 0 ? 'warn' : 'pass';
  return { step: { name: 'provider strict modes', status, detail }, report: { strict: [...strict], tools: tools.length, failing, findings } };
}

/** The failures as lines for the text report, grouped by tool. */
export function providerLines(report: ProviderCheck | undefined): string[] {
  if (!report || report.findings.length === 0) return [];
  const lines = ['Tools against the model providers’ strict modes (the rule, where, what, the fix):'];
  for (const f of report.findings) {
    lines.push(`  ${f.advice ? 'advice' : f.severity} ${f.rule} ${f.tool} ${f.path}: ${f.message}${f.rewrite ? `. Fix: ${f.rewrite.summary}` : ''}`);
  }
  lines.push('');
  return lines;
}
