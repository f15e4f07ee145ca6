// `mcpscope eval` through the real providers' code against the fake Anthropic
// and OpenAI APIs on loopback: what each model is sent (the tools, the system
// prompt, the prompt), the tool calls judged, and a wrong key's refusal.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cli, everything } from '../../test/fixtures/cli-helpers.js';
import { startFakeAnthropic, startFakeOpenAI } from '../../test/fixtures/models/fakes.js';
import type { FakeProvider } from '../../test/fixtures/models/fake-provider.js';

const KEY = 'sk-ant-eval-0123456789abcdef';
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-eval-providers-'));
const fakes: FakeProvider[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

const evalFile = (models: string) => {
  const path = join(dir, `e${fakes.length}.eval.yaml`);
  writeFileSync(
    path,
    `server:\n  command: ${JSON.stringify(process.execPath)}\n  args: [${JSON.stringify(everything)}]\nmodels: [${models}]\nruns: 2\nsystem: Use the tools.\nprompts:\n` +
      '  - { name: add, prompt: What is 2 plus 3?, expect: { tool: get-sum, arguments: { match: { a: 2, b: 3 } } } }\n' +
      '  - { name: chat, prompt: How are you?, expect: { tool: none } }\n',
  );
  return path;
};

describe('mcpscope eval with the providers', () => {
  it('asks Anthropic and OpenAI with the tools offered, and judges their tool calls', async () => {
    const anthropic = await startFakeAnthropic({
      key: KEY,
      script: {
        'What is 2 plus 3?': { toolCalls: [{ name: 'get-sum', input: { a: 2, b: 3 } }], usage: { input: 300, output: 20 } },
        'How are you?': { text: 'Well.' },
      },
    });
    const openai = await startFakeOpenAI({
      key: 'sk-openai-eval',
      script: { 'What is 2 plus 3?': { toolCalls: [{ name: 'echo', input: { message: '5' } }] }, 'How are you?': { text: 'Fine.' } },
    });
    fakes.push(anthropic, openai);
    vi.stubEnv('ANTHROPIC_API_KEY', KEY);
    vi.stubEnv('ANTHROPIC_BASE_URL', anthropic.baseUrl);
    vi.stubEnv('OPENAI_API_KEY', 'sk-openai-eval');
    vi.stubEnv('OPENAI_BASE_URL', openai.baseUrl);
    const r = await cli('eval', evalFile('anthropic/claude-sonnet-4-5, openai/gpt-5'));
    expect(r.code).toBe(1);
    expect(r.out).toContain('✓ add · anthropic/claude-sonnet-4-5  2 of 2 runs chose right (100%; needs 80%)  600 in / 40 out tokens');
    expect(r.out).toContain('✗ add · openai/gpt-5  0 of 2 runs chose right (0%; needs 80%)');
    expect(r.out).toContain('2× called echo {"message":"5"}, not get-sum.');
    expect(r.out).toContain('✓ chat · openai/gpt-5  2 of 2 runs chose right');
    expect(r.out).toContain('echo where get-sum was wanted: 2 times (openai/gpt-5)');
    expect(anthropic.received).toHaveLength(4);
    const sent = anthropic.received[0]!.body as { system: unknown; tools: Array<{ name: string }>; messages: unknown[] };
    expect(sent.system).toEqual([{ type: 'text', text: 'Use the tools.' }]);
    expect(sent.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(sent.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'What is 2 plus 3?' }] }]);
    expect(JSON.stringify(r)).not.toContain(KEY);
  }, 90_000);

  it("says a wrong key in the provider's words, without the key, and cannot run (2)", async () => {
    const anthropic = await startFakeAnthropic({ key: KEY, script: {} });
    fakes.push(anthropic);
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-wrong-key-999999');
    vi.stubEnv('ANTHROPIC_BASE_URL', anthropic.baseUrl);
    const r = await cli('eval', '--runs', '1', evalFile('anthropic/claude-sonnet-4-5'));
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/the model call failed: .*invalid x-api-key/i);
    expect(r.out).toContain('not one model call was answered');
    expect(JSON.stringify(r)).not.toContain('sk-ant-wrong-key-999999');
  }, 90_000);
});
