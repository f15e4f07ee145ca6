import { describe, expect, it } from 'vitest';
import { parseEvalFile, parseEvalSuite } from './parse.js';

const HEAD = 'server: { command: node, args: [s.js] }\nmodels: [anthropic/claude-sonnet-4-5]\n';

function problem(text: string): string {
  const r = parseEvalFile(text, 'f');
  if (r.ok) throw new Error('parsed');
  return r.error.message;
}

describe('parseEvalFile', () => {
  it('reads a file with defaults and per-prompt overrides', () => {
    const r = parseEvalFile(
      `${HEAD}runs: 4\nthreshold: 0.5\nsystem: Be brief.\ntools: [get_weather, echo]\nprompts:\n` +
        '  - prompt: Weather in Paris?\n    expect: { tool: get_weather, arguments: { match: { city: Paris } } }\n' +
        '  - name: chit-chat\n    prompt: Hello!\n    runs: 2\n    threshold: 1\n    expect: { tool: none }\n' +
        '  - prompt: Say hi back\n    expect: { tool: [echo, get_weather] }\n',
      'weather',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      name: 'weather',
      models: ['anthropic/claude-sonnet-4-5'],
      systemPrompt: 'Be brief.',
      maxTokens: 1024,
      tools: ['get_weather', 'echo'],
    });
    expect(r.value.prompts).toEqual([
      {
        name: 'Weather in Paris?',
        prompt: 'Weather in Paris?',
        expect: { kind: 'tool', tools: ['get_weather'], arguments: { match: { city: 'Paris' } } },
        runs: 4,
        threshold: 0.5,
        line: 8,
      },
      { name: 'chit-chat', prompt: 'Hello!', expect: { kind: 'none' }, runs: 2, threshold: 1, line: 10 },
      { name: 'Say hi back', prompt: 'Say hi back', expect: { kind: 'tool', tools: ['echo', 'get_weather'] }, runs: 4, threshold: 0.5, line: 15 },
    ]);
  });

  it('has three runs, a threshold of 0.8 and no models by default', () => {
    const r = parseEvalFile('server: { command: node }\nprompts: [{ prompt: hi, expect: { tool: echo } }]\n', 'f');
    expect(r.ok && r.value).toMatchObject({ models: [], prompts: [{ runs: 3, threshold: 0.8 }], timeoutMs: 60_000 });
  });

  it.each([
    [`${HEAD}prompt: [x]\n`, "line 3: the eval file: unknown key 'prompt' — did you mean 'prompts'?"],
    [`${HEAD}prompts: []\n`, 'line 3: prompts: is a list; write a list of at least one prompt.'],
    [`${HEAD}prompts: [hello]\n`, 'line 3: prompts[0]: is only the text "hello": write it as "prompt:", with "expect: { tool: … }" beside it.'],
    [`${HEAD}prompts:\n  - { prompt: hi }\n`, "line 4: prompts[0]: has no 'expect': write the tool a model should call, e.g. expect: { tool: get_weather }."],
    [`${HEAD}prompts:\n  - { prompt: hi, expect: { tol: echo } }\n`, "line 4: prompts[0].expect: unknown key 'tol' — did you mean 'tool'?"],
    [
      `${HEAD}prompts:\n  - { prompt: hi, expect: { tool: none, arguments: { match: {} } } }\n`,
      'line 4: prompts[0].expect.arguments: is given, but tool is none: a reply in words has no arguments.',
    ],
    [`${HEAD}prompts:\n  - { prompt: hi, expect: { tool: [] } }\n`, 'line 4: prompts[0].expect.tool: is an empty list; write at least one tool, or none.'],
    [`${HEAD}prompts:\n  - { prompt: hi, runs: 1000, expect: { tool: a } }\n`, 'line 4: prompts[0].runs: is 1000; at most 100 runs per prompt and model.'],
    [
      `${HEAD}threshold: 80\nprompts: [{ prompt: hi, expect: { tool: a } }]\n`,
      'line 3: threshold: is the number 80; write the least pass rate, from 0 to 1 (0.8: four runs in five).',
    ],
    [
      'server: { command: node }\nmodels: [claude]\nprompts: [{ prompt: hi, expect: { tool: a } }]\n',
      'line 2: models[0]: "claude" names no provider: write PROVIDER/MODEL, e.g. anthropic/claude-sonnet-4-5, openai/gpt-5 or openai-compatible/llama3.2.',
    ],
    [
      `${HEAD}prompts:\n  - { prompt: hi, expect: { tool: a } }\n  - { prompt: hi, expect: { tool: b } }\n`,
      'line 5: prompts[1].prompt: names the same prompt as prompts[0]: give each a name of its own.',
    ],
    [
      'models: [openai/gpt-5]\nprompts: [{ prompt: hi, expect: { tool: a } }]\n',
      "line 1: has no 'server': write one inline (command and args, or url), or 'config' and the 'server' name in it.",
    ],
  ])('names the line and field of %j', (text, message) => {
    expect(problem(text)).toBe(message);
  });
});

describe("parseEvalSuite (the page: the tools are the connection's)", () => {
  const PROMPTS = 'prompts: [{ prompt: hi, expect: { tool: echo } }]\n';

  it('needs no server', () => {
    const r = parseEvalSuite(`models: [openai/gpt-5]\n${PROMPTS}`, 'pasted');
    expect(r.ok && r.value).toMatchObject({ name: 'pasted', models: ['openai/gpt-5'], prompts: [{ name: 'hi' }] });
    expect(r.ok && 'server' in r.value).toBe(false);
  });

  it('keeps a server it is given, and checks it', () => {
    expect(parseEvalSuite(`server: { command: node }\n${PROMPTS}`, 'f')).toMatchObject({ ok: true, value: { server: { kind: 'stdio' } } });
    const bad = parseEvalSuite(`server: weather\n${PROMPTS}`, 'f');
    expect(!bad.ok && bad.error.message).toBe('line 1: server: is the name "weather": a server named in a config file needs \'config: FILE\' beside it.');
  });

  it('reads the same file written as JSON', () => {
    const r = parseEvalSuite(JSON.stringify({ runs: 2, prompts: [{ prompt: 'hi', expect: { tool: 'none' } }] }), 'json');
    expect(r.ok && r.value.prompts).toMatchObject([{ name: 'hi', runs: 2, expect: { kind: 'none' } }]);
  });

  it('names the line and field of a problem', () => {
    const r = parseEvalSuite('runs: 2\nprompts:\n  - { prompt: hi, expect: { tool: echo }, runz: 3 }\n', 'f');
    expect(!r.ok && r.error).toMatchObject({ line: 3, field: 'prompts[0]' });
    expect(!r.ok && r.error.message).toMatch(/^line 3: prompts\[0\]: unknown key 'runz' — did you mean 'runs'\?$/);
  });
});
