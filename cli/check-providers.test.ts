// check judges the listed tools against the providers' strict modes: warnings by
// default, errors for the providers --strict-providers names; the JSON has each
// failure with its path and rewrite. Figures for server-everything (15 tools to a
// client that declares elicitation, as check's does).
import { describe, expect, it } from 'vitest';
import { cli, everything, node } from '../test/fixtures/cli-helpers.js';
import type { ProviderCheck } from './check-providers.js';

const target = ['--stdio', `${node} ${JSON.stringify(everything)}`];

interface Report {
  ok: boolean;
  steps: Array<{ name: string; status: string; detail: string }>;
  providers: ProviderCheck;
}

/** Tools failing each rule: one count per tool, however many places fail in it. */
function toolsByRule(report: ProviderCheck): Record<string, number> {
  const seen = new Map<string, Set<string>>();
  for (const f of report.findings) seen.set(f.rule, (seen.get(f.rule) ?? new Set()).add(f.tool));
  return Object.fromEntries([...seen].map(([rule, tools]) => [rule, tools.size]));
}

describe('check --strict-providers', () => {
  it('warns about every provider by default, with the figures for server-everything', async () => {
    const r = await cli(...target, '--json', 'check');
    const report = JSON.parse(r.out) as Report;
    expect(r.code).toBe(0);
    expect(report.providers.tools).toBe(15);
    expect(report.providers.failing).toEqual({ openai: 15, anthropic: 15, gemini: 15 });
    expect(toolsByRule(report.providers)).toEqual({
      'PROVIDER-OPENAI-ADDITIONAL-PROPERTIES': 15,
      'PROVIDER-OPENAI-REQUIRED': 7,
      'PROVIDER-OPENAI-KEYWORD': 7,
      'PROVIDER-OPENAI-FORMAT': 2,
      'PROVIDER-ANTHROPIC-ADDITIONAL-PROPERTIES': 15,
      'PROVIDER-ANTHROPIC-CONSTRAINTS': 1,
      'PROVIDER-GEMINI-FIELD': 15,
    });
    expect(report.providers.findings.every((f) => f.severity === 'warning')).toBe(true);
    expect(report.steps.find((s) => s.name === 'provider strict modes')).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('OpenAI: 15 of 15 tools fail'),
    });
    // A finding names the tool, the place, the rule's page and the rewrite.
    expect(report.providers.findings).toContainEqual({
      rule: 'PROVIDER-OPENAI-ADDITIONAL-PROPERTIES',
      provider: 'openai',
      tool: 'echo',
      path: '/inputSchema',
      severity: 'warning',
      message: 'OpenAI strict mode needs "additionalProperties": false on every object schema; this one does not say',
      specUrl: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
      rewrite: { summary: 'set "additionalProperties": false', patch: [{ op: 'add', path: '/inputSchema/additionalProperties', value: false }] },
    });
  }, 60_000);

  it('makes the named providers errors, and check fails', async () => {
    const r = await cli(...target, '--strict-providers', 'gemini,anthropic', '--json', 'check');
    const report = JSON.parse(r.out) as Report;
    expect(r.code).toBe(1);
    expect(report.ok).toBe(false);
    expect(report.providers.strict).toEqual(['gemini', 'anthropic']);
    const severities = new Set(report.providers.findings.map((f) => `${f.provider} ${f.severity}`));
    expect([...severities].sort()).toEqual(['anthropic error', 'gemini error', 'openai warning']);
    expect(report.steps.find((s) => s.name === 'provider strict modes')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('Gemini (strict): 15 of 15 tools fail'),
    });
  }, 60_000);

  it('prints the failures in the text report', async () => {
    const r = await cli(...target, 'check');
    expect(r.out).toContain('provider strict modes');
    expect(r.out).toMatch(
      /warning PROVIDER-GEMINI-FIELD echo \/inputSchema\/\$schema: Gemini function declarations \(an OpenAPI 3\.0 subset\) has no field "\$schema"\. Fix: remove "\$schema"/,
    );
  }, 60_000);

  it('refuses an unknown provider, and the option on another command', async () => {
    const unknown = await cli(...target, '--strict-providers', 'openai,mistral', 'check');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain(
      '--strict-providers takes openai, anthropic or gemini, comma-separated (e.g. --strict-providers openai,anthropic,gemini), not "mistral".',
    );
    const elsewhere = await cli(...target, '--strict-providers', 'openai', 'ping');
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.err).toContain('--strict-providers goes with check, not with ping.');
  });
});
