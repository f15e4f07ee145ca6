import { describe, expect, it } from 'vitest';
import { parseEvalFile } from './parse.js';
import { confusionFindings } from './findings.js';
import { modelConfusions, type EvalCell, type EvalReport } from './run.js';

const file = (() => {
  const r = parseEvalFile(
    'server: { command: node }\nprompts:\n' +
      '  - { name: now, prompt: Weather now?, expect: { tool: get_weather } }\n' +
      '  - { name: today, prompt: Weather today?, expect: { tool: get_weather } }\n' +
      '  - { name: hi, prompt: Hi, expect: { tool: none } }\n',
    'weather',
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

const cell = (prompt: string, model: string, runs: number, wrong: EvalCell['wrong']): EvalCell => ({
  prompt,
  model,
  runs,
  planned: runs,
  passed: runs - wrong.reduce((n, w) => n + w.count, 0),
  errors: 0,
  rate: 0,
  threshold: 0.8,
  below: false,
  wrong,
  failures: [],
  inputTokens: 0,
  outputTokens: 0,
  latencyMs: 0,
});
const forecast = (count: number) => ({ tool: 'get_forecast', arguments: { city: 'Paris' }, reason: 'called get_forecast, not get_weather.', count });

const report: EvalReport = {
  name: 'weather',
  passed: false,
  nothingJudged: false,
  stopped: false,
  cells: [
    cell('now', 'openai/b', 4, [forecast(2), { tool: 'made_up', reason: 'called made_up, a tool it was not offered.', count: 1 }]),
    cell('now', 'anthropic/a', 4, []),
    cell('today', 'openai/b', 3, [forecast(1)]),
    cell('hi', 'openai/b', 3, [{ tool: 'get_weather', reason: 'called get_weather, where it should have answered in words.', count: 3 }]),
  ],
};
const offered = [
  { name: 'get_weather', inputSchema: {} },
  { name: 'get_forecast', inputSchema: {} },
];

describe('modelConfusions', () => {
  it('counts, per model, the wrong tool over the runs of the prompts expecting the right one', () => {
    expect(modelConfusions(file, report)).toEqual([
      { model: 'openai/b', expected: ['get_weather'], called: 'get_forecast', count: 3, runs: 7 },
      { model: 'openai/b', expected: ['get_weather'], called: 'made_up', count: 1, runs: 7 },
    ]);
  });
});

describe('confusionFindings', () => {
  it('is a MODEL-TOOLS-CONFUSED warning per model and offered pair, about the server', () => {
    expect(confusionFindings(file, report, offered)).toEqual([
      {
        rule: 'MODEL-TOOLS-CONFUSED',
        severity: 'warning',
        message:
          'openai/b picked tool get_forecast when get_weather was expected in 3/7 runs (eval "weather"): their names or descriptions may need to tell them apart.',
        specUrl: '',
        subject: 'server',
      },
    ]);
  });

  it('finds nothing where no model confused two tools', () => {
    expect(confusionFindings(file, { ...report, cells: report.cells.slice(1, 2) }, offered)).toEqual([]);
  });
});
