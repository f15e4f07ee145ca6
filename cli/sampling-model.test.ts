// --sampling model:PROVIDER/MODEL end to end: the CLI in-process against
// server-everything and the sampling fixture (stdio), each sampling request
// answered by a fake provider on loopback.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCliArgs } from './args.js';
import { modelSamplingAnswer, type Generate } from './sampling-model.js';
import { cli, everything, node } from '../test/fixtures/cli-helpers.js';
import { startFakeAnthropic, startFakeOpenAI } from '../test/fixtures/models/fakes.js';
import type { FakeProvider } from '../test/fixtures/models/fake-provider.js';

const fixture = fileURLToPath(new URL('../test/fixtures/sampling-server.mjs', import.meta.url));
const everythingTarget = ['--stdio', `${node} ${JSON.stringify(everything)} stdio`];
const fixtureTarget = ['--stdio', `${node} ${JSON.stringify(fixture)}`];
const askEverything = ['tools', 'call', 'trigger-sampling-request', '--arg', 'prompt=Capital?'];
const KEY = 'sk-ant-test-0123456789';
const fakes: FakeProvider[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

describe('modelSamplingAnswer', () => {
  const context = { version: '2025-11-25', clientCapabilities: { sampling: { tools: {} } } };
  const params = {
    messages: [{ role: 'user', content: { type: 'text', text: 'Weather?' } }],
    maxTokens: 20,
    temperature: 0.3,
    modelPreferences: { hints: [{ name: 'mini' }] },
    tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
  };
  const replying =
    (content: Array<Record<string, unknown> & { type: string }>): Generate =>
    (request) =>
      Promise.resolve({
        ok: true,
        reply: {
          role: 'assistant',
          content,
          model: request.model.model,
          stopReason: 'toolUse',
          usage: { inputTokens: 7, outputTokens: 2 },
          latencyMs: 5,
          warnings: ['temperature was not supported: temperature is not supported for reasoning models.'],
        },
      });
  const policy = {
    kind: 'model' as const,
    models: [
      { provider: 'openai' as const, model: 'gpt-5' },
      { provider: 'openai' as const, model: 'gpt-5-mini' },
    ],
  };

  it('asks the model the hint chose, and says what the provider did not take as asked', async () => {
    const use = { type: 'tool_use', id: 'c1', name: 'get_weather', input: { city: 'Oslo' } };
    const r = await modelSamplingAnswer(policy, params, context, { OPENAI_API_KEY: 'k' }, undefined, replying([use]));
    expect(r.answer).toEqual({ result: { role: 'assistant', content: use, model: 'gpt-5-mini', stopReason: 'toolUse' } });
    expect(r.note).toBe(
      'openai/gpt-5-mini (hint "mini"; model gpt-5-mini) answered sampling/createMessage (1 message(s); maxTokens 20; 1 tool(s) offered): user: "Weather?": tool_use get_weather {"city":"Oslo"} (stopReason toolUse; 7 input + 2 output tokens; cost unknown; 5 ms). Not as asked: temperature was not supported: temperature is not supported for reasoning models.',
    );
  });

  it('does not send a reply that calls a tool the request did not offer: the server gets -32603 saying why', async () => {
    const r = await modelSamplingAnswer(policy, params, context, {}, undefined, replying([{ type: 'tool_use', id: 'c2', name: 'rm_rf', input: {} }]));
    expect(r.answer).toEqual({
      error: { code: -32603, message: 'The model\'s reply cannot answer this request: content uses tool "rm_rf", which the request did not offer.' },
    });
    expect(r.note).toContain('which cannot answer it: content uses tool "rm_rf", which the request did not offer. The server got error -32603 (');
  });
});

describe('--sampling model:…', () => {
  it('reads one model or several, and says what is wrong with a ref or a stray model flag', () => {
    const target = ['--stdio', 'node s.js'];
    expect(parseCliArgs([...target, '--sampling', 'model:anthropic/claude-sonnet-4-5,openai/gpt-5', '--model-timeout', '500', 'ping'])).toMatchObject({
      ok: true,
      value: {
        sampling: {
          kind: 'model',
          models: [
            { provider: 'anthropic', model: 'claude-sonnet-4-5' },
            { provider: 'openai', model: 'gpt-5' },
          ],
          timeoutMs: 500,
        },
      },
    });
    expect(parseCliArgs([...target, '--sampling', 'model:gpt-5', 'ping'])).toEqual({
      ok: false,
      error:
        '--sampling model:… "gpt-5" names no provider: write PROVIDER/MODEL, e.g. anthropic/claude-sonnet-4-5, openai/gpt-5 or openai-compatible/llama3.2.',
    });
    expect(parseCliArgs([...target, '--sampling', 'reply:hi', '--model-base-url', 'http://localhost:11434/v1', 'ping'])).toEqual({
      ok: false,
      error: '--model-base-url goes with --sampling model:PROVIDER/MODEL.',
    });
  });

  it("answers server-everything's request with the model's text, sending its system prompt and max tokens, and says tokens, cost and latency", async () => {
    const fake = await startFakeAnthropic({ key: KEY, script: () => ({ text: 'Paris.', usage: { input: 40, output: 3 } }) });
    fakes.push(fake);
    vi.stubEnv('ANTHROPIC_API_KEY', KEY);
    vi.stubEnv('ANTHROPIC_BASE_URL', fake.baseUrl);
    const r = await cli(...everythingTarget, '--sampling', 'model:anthropic/claude-sonnet-4-5', ...askEverything);
    expect(r.code).toBe(0);
    expect(r.out).toContain('"text": "Paris."');
    expect(r.err).toMatch(
      /mcpscope: anthropic\/claude-sonnet-4-5 \(the request gives no hint; model claude-sonnet-4-5\) answered sampling\/createMessage \(1 message\(s\); maxTokens 100; systemPrompt "You are a helpful test server\."\): user: ".*Capital\?": "Paris\." \(stopReason endTurn; 40 input \+ 3 output tokens; \$0\.000165; \d+ ms\)\./,
    );
    expect(fake.received[0]?.body).toMatchObject({ system: [{ type: 'text', text: 'You are a helpful test server.' }], max_tokens: 100 });
    expect(JSON.stringify(r)).not.toContain(KEY);
  }, 30_000);

  it('sends the offered tools and toolChoice, and returns the tool call as tool_use', async () => {
    const fake = await startFakeOpenAI({
      script: { 'What is the weather in Paris?': { toolCalls: [{ id: 'call_7', name: 'get_weather', input: { city: 'Paris' } }] } },
    });
    fakes.push(fake);
    const r = await cli(
      ...fixtureTarget,
      '--sampling',
      'model:openai-compatible/llama3.2',
      '--model-base-url',
      fake.baseUrl,
      'tools',
      'call',
      'ask',
      '--arg',
      'kind=tools',
    );
    expect(r.out).toContain(
      '"content":{"type":"tool_use","id":"call_7","name":"get_weather","input":{"city":"Paris"}},"model":"llama3.2","stopReason":"toolUse"',
    );
    expect(r.err).toContain('answered sampling/createMessage');
    expect(r.err).toContain('tool_use get_weather {"city":"Paris"} (stopReason toolUse; 10 input + 5 output tokens; cost unknown;');
    expect(fake.received[0]?.body).toMatchObject({
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city' } }],
      tool_choice: 'auto',
    });
  }, 30_000);

  it("answers -32603 with the provider's words for a wrong key, and says why on stderr", async () => {
    const fake = await startFakeAnthropic({ key: KEY, script: {} });
    fakes.push(fake);
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-wrong-000000000');
    const r = await cli(...everythingTarget, '--sampling', 'model:anthropic/claude-sonnet-4-5', '--model-base-url', fake.baseUrl, ...askEverything);
    expect(`${r.out}\n${r.err}`).toContain('Anthropic refused the key (HTTP 401): invalid x-api-key. Check ANTHROPIC_API_KEY.');
    expect(r.err).toContain('mcpscope: anthropic/claude-sonnet-4-5 could not answer sampling/createMessage');
    expect(r.err).toContain('Anthropic refused the key (HTTP 401): invalid x-api-key. Check ANTHROPIC_API_KEY. The server got error -32603.');
    expect(JSON.stringify(r)).not.toContain('sk-ant-wrong-000000000');
  }, 30_000);

  it('says a provider that is down, and one too slow for --model-timeout, both worth trying again', async () => {
    const down = await startFakeOpenAI({ script: {} });
    await down.close();
    const r = await cli(
      ...fixtureTarget,
      '--sampling',
      'model:openai-compatible/llama3.2',
      '--model-base-url',
      down.baseUrl,
      'tools',
      'call',
      'ask',
      '--arg',
      'kind=tools',
    );
    expect(r.out).toContain('error -32603: Could not reach The OpenAI-compatible endpoint at');
    expect(r.err).toContain('(ECONNREFUSED): is the local model server running? Worth trying again. The server got error -32603.');
    const slow = await startFakeOpenAI({ script: () => ({ hang: true }) });
    fakes.push(slow);
    vi.stubEnv('OPENAI_API_KEY', 'sk-openai-test-123456');
    const s = await cli(
      ...fixtureTarget,
      '--sampling',
      'model:openai/gpt-5',
      '--model-base-url',
      slow.baseUrl,
      '--model-timeout',
      '300',
      'tools',
      'call',
      'ask',
      '--arg',
      'kind=tools',
    );
    expect(s.out).toContain(`error -32603: OpenAI did not answer within 300 ms (${slow.baseUrl}); try again, or allow longer.`);
  }, 30_000);

  it('says there is no key before asking anybody', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const r = await cli(...fixtureTarget, '--sampling', 'model:openai/gpt-5', 'tools', 'call', 'ask', '--arg', 'kind=tools');
    expect(r.out).toContain('error -32603: No OpenAI API key: set OPENAI_API_KEY.');
  }, 30_000);

  it('stops the model when the server cancels the request mid-answer, says so, and sends no late answer', async () => {
    // Slower than the cancel (300 ms) but quicker than the tool's wait after it (1 s): a call not stopped would finish.
    const slow = await startFakeOpenAI({ script: () => ({ text: 'Too late.', delayMs: 900 }) });
    fakes.push(slow);
    vi.stubEnv('OPENAI_API_KEY', 'sk-openai-test-123456');
    const r = await cli(
      ...fixtureTarget,
      '--sampling',
      'model:openai/gpt-5',
      '--model-base-url',
      slow.baseUrl,
      'tools',
      'call',
      'ask_then_cancel',
      '--arg',
      'prompt=Take your time.',
      '--arg',
      'afterMs=300',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('Cancelled sampling request s-1 after 300 ms. Answers to it after the cancel: 0.');
    expect(r.err).toContain(
      'mcpscope: openai/gpt-5 was stopped while answering sampling/createMessage (1 message(s); maxTokens 50): user: "Take your time.": The server cancelled this request (notifications/cancelled) before it was answered. Its reason: "The fixture no longer needs it.". No answer was sent.',
    );
    expect(r.err).not.toContain('answered sampling/createMessage');
    expect(slow.received).toHaveLength(1);
    expect(slow.received[0]!.aborted).toBe(true);
  }, 30_000);
});
