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

  it('hands on each prompt and model pair as soon as its runs are made, before the next pair is asked', async () => {
    const file = fileOf(
      'runs: 2\nprompts:\n  - { name: lost, prompt: x, expect: { tool: nope } }\n  - { name: now, prompt: Weather now?, expect: { tool: get_weather } }\n',
    );
    const events: string[] = [];
    const report = await runEval(file, [{ name: 'get_weather', inputSchema: schema }], {
      models: MODELS,
      tools: TOOLS,
      generate: async (request) => {
        events.push(`asked ${request.model.model}`);
        return toolUse('get_weather');
      },
      onCell: (cell) => events.push(`cell ${cell.prompt} · ${cell.model}: ${cell.notAsked !== undefined ? 'not asked' : `${cell.passed} of ${cell.runs}`}`),
    });
    expect(events).toEqual([
      'cell lost · anthropic/a: not asked',
      'cell lost · openai/b: not asked',
      'asked a',
      'asked a',
      'cell now · anthropic/a: 2 of 2',
      'asked b',
      'asked b',
      'cell now · openai/b: 2 of 2',
    ]);
    expect(report.cells).toHaveLength(4);
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

describe('runEval: a prompt whose tool is not offered', () => {
  const never = async (): Promise<ModelOutcome> => {
    throw new Error('no model call was expected');
  };

  it('is not asked, its rows saying why, while the other prompts run', async () => {
    const file = fileOf(
      'runs: 2\nprompts:\n  - { name: lost, prompt: x, expect: { tool: [get_weather, nope] } }\n  - { name: hi, prompt: Hi!, expect: { tool: none } }\n',
    );
    const tools = offeredTools(file, TOOLS);
    if (!tools.ok) throw new Error(tools.error);
    const progress: EvalProgress[] = [];
    const report = await runEval(file, tools.value, { models: MODELS, tools: TOOLS, generate: async () => text, onRun: (p) => progress.push(p) });
    expect(report.cells.map((c) => [c.prompt, c.model, c.runs, c.planned, c.below, c.notAsked])).toEqual([
      ['lost', 'anthropic/a', 0, 2, true, 'tool nope is not offered by the server (it has get_weather, get_forecast, echo).'],
      ['lost', 'openai/b', 0, 2, true, 'tool nope is not offered by the server (it has get_weather, get_forecast, echo).'],
      ['hi', 'anthropic/a', 2, 2, false, undefined],
      ['hi', 'openai/b', 2, 2, false, undefined],
    ]);
    expect(progress.map((p) => `${p.done}/${p.total}`)).toEqual(['1/4', '2/4', '3/4', '4/4']);
    expect(report).toMatchObject({ passed: false, nothingJudged: false, stopped: false });
    expect(report.notAsked).toBeUndefined();
  });

  it("says when the file's tools leave the expected one out", async () => {
    const file = fileOf('tools: [echo]\nprompts: [{ prompt: hi, expect: { tool: get_weather } }, { prompt: yo, expect: { tool: echo } }]\n');
    const tools = offeredTools(file, TOOLS);
    expect(tools).toMatchObject({ ok: true, value: [{ name: 'echo' }] });
    if (!tools.ok) return;
    const report = await runEval(file, tools.value, { models: MODELS.slice(0, 1), tools: TOOLS, generate: async () => toolUse('echo') });
    expect(report.cells[0]!.notAsked).toBe("tool get_weather is not offered: the file's tools leave it out (offered: echo).");
    expect(report.cells[1]).toMatchObject({ prompt: 'yo', runs: 3, passed: 3 });
  });

  it('says so for the whole file when no prompt can be asked, and asks no model', async () => {
    const file = fileOf('prompts: [{ prompt: hi, expect: { tool: get_weather } }]\n');
    const listed = TOOLS.slice(2);
    const tools = offeredTools(file, listed);
    if (!tools.ok) throw new Error(tools.error);
    const report = await runEval(file, tools.value, { models: MODELS, tools: listed, generate: never });
    expect(report).toMatchObject({
      nothingJudged: true,
      stopped: false,
      notAsked: 'a prompt expects get_weather, which the server does not have (offered: echo).',
    });
    expect(report.cells.map((c) => c.notAsked)).toEqual([
      'tool get_weather is not offered by the server (it has echo).',
      'tool get_weather is not offered by the server (it has echo).',
    ]);
  });
});

describe('runEval: stopped', () => {
  it('begins no run after the signal aborts, does not count the run in flight, and rates the runs made', async () => {
    const stop = new AbortController();
    let calls = 0;
    const progress: EvalProgress[] = [];
    const report = await runEval(FILE, [...TOOLS], {
      models: MODELS,
      tools: TOOLS,
      signal: stop.signal,
      onRun: (p) => progress.push(p),
      generate: async () => {
        calls++;
        if (calls === 7) stop.abort();
        return calls === 2 ? toolUse('get_forecast') : toolUse('get_weather');
      },
    });
    expect(calls).toBe(7);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.every((p) => p.total === 16)).toBe(true);
    expect(report.cells.map((c) => [c.model, c.runs, c.planned, c.passed, c.rate, c.below])).toEqual([
      ['anthropic/a', 4, 4, 3, 0.75, false],
      ['openai/b', 2, 4, 2, 1, false],
    ]);
    expect(report).toMatchObject({ stopped: true, nothingJudged: false });
  });

  it('is not stopped when the signal aborts after the last run', async () => {
    const stop = new AbortController();
    const file = fileOf('runs: 1\nprompts: [{ prompt: hi, expect: { tool: none } }]\n');
    const report = await runEval(file, [...TOOLS], {
      models: MODELS.slice(0, 1),
      tools: TOOLS,
      signal: stop.signal,
      generate: async () => text,
      onRun: () => stop.abort(),
    });
    expect(report).toMatchObject({ stopped: false, passed: true, cells: [{ runs: 1, passed: 1 }] });
  });
});

describe('offeredTools', () => {
  it('refuses a file naming a tool the server does not have', () => {
    const file = fileOf('tools: [get_weather, nope]\nprompts: [{ prompt: hi, expect: { tool: get_weather } }]\n');
    expect(offeredTools(file, TOOLS)).toEqual({ ok: false, error: 'the server has no tool nope (it has get_weather, get_forecast, echo).' });
  });

  it("leaves a prompt's missing tool to the prompt (runEval says it in its rows)", () => {
    const file = fileOf('prompts: [{ prompt: hi, expect: { tool: get_weather } }]\n');
    expect(offeredTools(file, TOOLS.slice(2))).toMatchObject({ ok: true, value: [{ name: 'echo' }] });
  });

  it('refuses a server with no tools', () => {
    expect(offeredTools(FILE, [])).toEqual({ ok: false, error: 'the server lists no tools, so there is nothing for a model to choose.' });
  });

  it('offers the named tools only', () => {
    const file = fileOf('tools: [get_weather]\nprompts: [{ prompt: hi, expect: { tool: get_weather } }]\n');
    expect(offeredTools(file, TOOLS)).toMatchObject({ ok: true, value: [{ name: 'get_weather', description: 'Current weather' }] });
  });
});
