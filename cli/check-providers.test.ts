// check judges the listed tools against the providers' strict modes: warnings by
// default, errors for the providers --strict-providers names; the JSON has each
// failure with its path and rewrite. Figures for server-everything (15 tools to a
// client that declares elicitation, as check's does).
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { cli, everything, node } from '../test/fixtures/cli-helpers.js';
import type { ProviderCheck } from './check-providers.js';

const target = ['--stdio', `${node} ${JSON.stringify(everything)}`];
const refused = fileURLToPath(new URL('../test/fixtures/provider-lint-server.mjs', import.meta.url));
/** The fixture whose tools lack a description, have one too long or a name a provider rejects, padded to 130 tools on pages of 50. */
const refusedTarget = ['--stdio', `${node} ${JSON.stringify(refused)} --tools 130 --page-size 50`];
const LONG_NAME = `l${'o'.repeat(66)}g`;

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

describe('check on tools the providers refuse or a model cannot use', () => {
  /** rule tool severity (advice marked), in the order check reports them; the Gemini field the closed objects all fail left out. */
  const summary = (report: ProviderCheck) =>
    report.findings.filter((f) => f.rule !== 'PROVIDER-GEMINI-FIELD').map((f) => `${f.rule} ${f.tool} ${f.severity}${f.advice ? ' advice' : ''}`);

  it('names each missing or too long description, each rejected name and the list too long, all warnings by default', async () => {
    const r = await cli(...refusedTarget, '--json', 'check');
    const report = JSON.parse(r.out) as Report;
    expect(r.code).toBe(0);
    expect(report.providers.tools).toBe(130);
    expect(summary(report.providers)).toEqual([
      'PROVIDER-OPENAI-DESCRIPTION no_description warning advice',
      'PROVIDER-ANTHROPIC-DESCRIPTION no_description warning advice',
      'PROVIDER-GEMINI-DESCRIPTION no_description warning advice',
      'PROVIDER-OPENAI-DESCRIPTION-LENGTH long_description warning',
      'PROVIDER-OPENAI-FUNCTION-NAME weather.get warning',
      'PROVIDER-ANTHROPIC-TOOL-NAME weather.get warning',
      'PROVIDER-GEMINI-FUNCTION-NAME 9lives warning',
      `PROVIDER-OPENAI-FUNCTION-NAME ${LONG_NAME} warning`,
      `PROVIDER-GEMINI-FUNCTION-NAME ${LONG_NAME} warning`,
      'PROVIDER-OPENAI-TOOL-COUNT tools/list warning',
    ]);
    expect(report.providers.findings).toContainEqual({
      rule: 'PROVIDER-OPENAI-TOOL-COUNT',
      provider: 'openai',
      tool: 'tools/list',
      path: '/tools',
      severity: 'warning',
      message:
        'OpenAI takes at most 128 tools in one request and refuses more; this list has 130 tools, so a host cannot offer the model all of them at once (offer a subset, or split the tools across servers)',
      specUrl: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
    });
    expect(report.providers.findings.find((f) => f.rule === 'PROVIDER-OPENAI-DESCRIPTION-LENGTH')?.message).toBe(
      "OpenAI refuses a function description over 1024 characters; this one has 1106 (move the detail into the parameters' descriptions or the prompt)",
    );
    expect(report.steps.find((s) => s.name === 'provider strict modes')).toMatchObject({
      status: 'warn',
      detail: 'OpenAI: 4 of 130 tools fail, and the list is too long; Anthropic: 2 of 130 tools fail; Gemini: 130 of 130 tools fail',
    });
  }, 60_000);

  it('makes a strict provider’s refusals errors, its advice still a warning, and check fails', async () => {
    const r = await cli(...refusedTarget, '--strict-providers', 'openai', '--json', 'check');
    const report = JSON.parse(r.out) as Report;
    expect(r.code).toBe(1);
    expect(summary(report.providers).filter((line) => line.includes('-OPENAI-'))).toEqual([
      'PROVIDER-OPENAI-DESCRIPTION no_description warning advice',
      'PROVIDER-OPENAI-DESCRIPTION-LENGTH long_description error',
      'PROVIDER-OPENAI-FUNCTION-NAME weather.get error',
      `PROVIDER-OPENAI-FUNCTION-NAME ${LONG_NAME} error`,
      'PROVIDER-OPENAI-TOOL-COUNT tools/list error',
    ]);
    expect(report.steps.find((s) => s.name === 'provider strict modes')?.status).toBe('fail');
  }, 60_000);

  it('prints advice as advice and refusals with their severity in the text report', async () => {
    const r = await cli(...refusedTarget, '--strict-providers', 'openai', 'check');
    expect(r.out).toContain(
      '  advice PROVIDER-OPENAI-DESCRIPTION no_description /description: the tool has no description: OpenAI gives the model the description to decide when to call it, so a model cannot tell what this tool is for',
    );
    expect(r.out).toContain(
      '  error PROVIDER-OPENAI-DESCRIPTION-LENGTH long_description /description: OpenAI refuses a function description over 1024 characters',
    );
    expect(r.out).toContain(
      '  error PROVIDER-OPENAI-TOOL-COUNT tools/list /tools: OpenAI takes at most 128 tools in one request and refuses more; this list has 130 tools',
    );
    expect(r.out).toContain('  warning PROVIDER-GEMINI-FUNCTION-NAME 9lives /name: the name "9lives" is not accepted');
  }, 60_000);
});
