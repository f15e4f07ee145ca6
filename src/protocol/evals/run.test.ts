import { describe, expect, it } from 'vitest';
import type { ModelOutcome, ModelRequest } from '../models/contract.js';
import { parseEvalFile } from './parse.js';
import { offeredTools, runEval, toolConfusions, type EvalProgress } from './run.js';

const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const TOOLS = [
  { name: 'get_weather', description: 'Current weather', inputSchema: schema },
  { name: 'get_forecast', description: 'Weather in coming days', inputSchema: schema },
  { name: 'echo', inputSchema: { type: 'object' } },
];

function fileOf(text: string) {
  const r = parseEvalFile(`server: { command: node }\nmodels: [anthropic/a, openai/b]\n${text}`, 'weather');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const FILE = fileOf(
  'runs: 4\nthreshold: 0.75\nsystem: Use the tools.\nprompts:\n' +
    '  - { name: now, prompt: Weather in Paris now?, expect: { tool: get_weather, arguments: { match: { city: Paris } } } }\n' +
    '  - { name: greet, prompt: Hi!, expect: { tool: none } }\n',
);
const MODELS = [
  { ref: { provider: 'anthropic' as const, model: 'a' }, label: 'anthropic/a' },
  { ref: { provider: 'openai' as const, model: 'b' }, label: 'openai/b' },
];

const toolUse = (name: string): ModelOutcome => ({
  ok: true,
  reply: {
    role: 'assistant',
    content: [{ type: 'tool_use', id: 'x', name, input: { city: 'Paris' } }],
    model: 'm',
    stopReason: 'toolUse',
    usage: { inputTokens: 10, outputTokens: 5 },
    costUsd: 0.001,
    latencyMs: 20,
  },
});
const text: ModelOutcome = {
  ok: true,
  reply: {
    role: 'assistant',
    content: [{ type: 'text', text: 'Hello!' }],
    model: 'm',
    stopReason: 'endTurn',
    usage: { inputTokens: 8, outputTokens: 2 },
    latencyMs: 10,
  },
};

describe('runEval', () => {
  it('asks each prompt of each model runs times, with the tools offered, and tallies the choices', async () => {
    const asked: ModelRequest[] = [];
    let bCalls = 0;
    const progress: EvalProgress[] = [];
    const tools = offeredTools(FILE, TOOLS);
    if (!tools.ok) throw new Error(tools.error);
    const report = await runEval(FILE, tools.value, {
      models: MODELS,
      tools: TOOLS,
      onRun: (p) => progress.push(p),
      generate: async (request, timeoutMs) => {
        asked.push(request);
        expect(timeoutMs).toBe(60_000);
        const prompt = request.messages[0]!.content[0]!.text;
        if (prompt === 'Hi!') return text;
        if (request.model.provider === 'anthropic') return toolUse('get_weather');
        bCalls++;
        if (bCalls === 4) return { ok: false, failure: { kind: 'timeout', message: 'openai did not answer within 60 s.', retryable: true } };
        return toolUse(bCalls === 1 ? 'get_weather' : 'get_forecast');
      },
    });
    expect(asked).toHaveLength(16);
    expect(asked[0]).toMatchObject({
      model: { provider: 'anthropic', model: 'a' },
      systemPrompt: 'Use the tools.',
      maxTokens: 1024,
      toolChoice: { mode: 'auto' },
    });
    expect(asked[0]!.tools!.map((t) => t.name)).toEqual(['get_weather', 'get_forecast', 'echo']);
    expect(progress).toHaveLength(16);
    expect(report.cells.map((c) => [c.prompt, c.model, c.passed, c.errors, c.rate, c.below])).toEqual([
      ['now', 'anthropic/a', 4, 0, 1, false],
      ['now', 'openai/b', 1, 1, 0.25, true],
      ['greet', 'anthropic/a', 4, 0, 1, false],
      ['greet', 'openai/b', 4, 0, 1, false],
    ]);
    const b = report.cells[1]!;
    expect(b.wrong).toEqual([
      { tool: 'get_forecast', arguments: { city: 'Paris' }, reason: 'called get_forecast {"city":"Paris"}, not get_weather.', count: 2 },
    ]);
    expect(b.failures).toEqual(['openai did not answer within 60 s.']);
    expect(report.cells[0]).toMatchObject({ inputTokens: 40, outputTokens: 20, latencyMs: 80 });
    expect(report.cells[0]!.costUsd).toBeCloseTo(0.004);
    expect(report.cells[2]!.costUsd).toBeUndefined();
    expect(report).toMatchObject({ passed: false, nothingJudged: false });
    expect(toolConfusions(FILE, report)).toEqual([{ expected: ['get_weather'], called: 'get_forecast', count: 2, models: ['openai/b'] }]);
  });

  it('says nothing was judged when every model call failed', async () => {
    const file = fileOf('runs: 2\nprompts: [{ prompt: hi, expect: { tool: echo } }]\n');
    const report = await runEval(file, [{ name: 'echo', inputSchema: {} }], {
      models: MODELS.slice(0, 1),
      tools: TOOLS,
      generate: async () => ({ ok: false, failure: { kind: 'auth', message: 'anthropic refused the key: invalid x-api-key.', retryable: false } }),
    });
    expect(report).toMatchObject({
      passed: false,
      nothingJudged: true,
      cells: [{ errors: 2, rate: 0, failures: ['anthropic refused the key: invalid x-api-key.'] }],
    });
  });
});

describe('offeredTools', () => {
  it.each([
    ['tools: [get_weather, nope]\n', 'the server has no tool nope (it has get_weather, get_forecast, echo).'],
    ['tools: [echo]\n', 'a prompt expects get_weather, which the file does not offer (offered: echo).'],
    ['', 'a prompt expects get_weather, which the server does not have (offered: echo).'],
  ])('refuses %j', (extra, message) => {
    const file = fileOf(`${extra}prompts: [{ prompt: hi, expect: { tool: get_weather } }]\n`);
    const listed = extra ? TOOLS : TOOLS.slice(2);
    expect(offeredTools(file, listed)).toEqual({ ok: false, error: message });
  });

  it('refuses a server with no tools', () => {
    expect(offeredTools(FILE, [])).toEqual({ ok: false, error: 'the server lists no tools, so there is nothing for a model to choose.' });
  });

  it('offers the named tools only', () => {
    const file = fileOf('tools: [get_weather]\nprompts: [{ prompt: hi, expect: { tool: get_weather } }]\n');
    expect(offeredTools(file, TOOLS)).toMatchObject({ ok: true, value: [{ name: 'get_weather', description: 'Current weather' }] });
  });
});
