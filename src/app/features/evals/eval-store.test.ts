import { describe, expect, it, vi } from 'vitest';
import { parseEvalSuite, type EvalSuite, type Finding, type ModelContent, type ModelOutcome, type ModelRequest } from '../../../protocol/index.js';
import { createEvalStore, type EvalDeps, type ListedTools } from './eval-store.js';
import { evalRunJson } from './export.js';
import { overridesOf } from './overrides.js';

const schema = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
const TOOLS = [
  { name: 'echo', description: 'Echoes', inputSchema: schema },
  { name: 'shout', description: 'Echoes loudly', inputSchema: schema },
];

function suiteOf(text: string): EvalSuite {
  const r = parseEvalSuite(text, 'pasted');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const SUITE = suiteOf(
  'runs: 2\nprompts:\n  - { name: repeat, prompt: Repeat hello, expect: { tool: echo } }\n  - { name: chat, prompt: Hi, expect: { tool: none } }\n',
);

const reply = (content: ModelContent[]): ModelOutcome => ({
  ok: true,
  reply: { role: 'assistant', content, model: 'fake', stopReason: 'endTurn', usage: { inputTokens: 3, outputTokens: 1 }, latencyMs: 4 },
});
const call = (name: string): ModelOutcome => reply([{ type: 'tool_use', id: 'u', name, input: { message: 'hello' } }]);

function setup(generate: EvalDeps['generate'], tools: ListedTools = { ok: true, connection: 7, tools: TOOLS }) {
  const found: Array<{ connection: number; findings: readonly Finding[] }> = [];
  /** What Problems shows now: each run's findings until they are taken back. */
  const problems = new Set<{ connection: number; findings: readonly Finding[] }>();
  const asked: ModelRequest[] = [];
  const store = createEvalStore({
    generate: (request, signal) => {
      asked.push(request);
      return generate(request, signal);
    },
    tools: async () => tools,
    findings: (connection, findings) => {
      const given = { connection, findings };
      found.push(given);
      problems.add(given);
      return () => problems.delete(given);
    },
  });
  const shown = () => [...problems].flatMap((p) => p.findings.map((f) => `${p.connection}: ${f.message}`));
  return { store, found, asked, shown };
}

describe('the Evals tab store', () => {
  it("asks each prompt of each model with the connection's tools and puts the confusions in Problems for that connection", async () => {
    const { store, found, asked } = setup(async (request) => {
      const prompt = String(request.messages[0]!.content[0]!.text);
      if (prompt === 'Hi') return reply([{ type: 'text', text: 'Hello!' }]);
      return call(request.model.provider === 'openai' ? 'shout' : 'echo');
    });
    await store.getState().run(SUITE, ['anthropic/a', 'openai/b']);
    expect(asked).toHaveLength(8);
    expect(asked[0]!.tools!.map((t) => t.name)).toEqual(['echo', 'shout']);
    const { last, running, progress, problem } = store.getState();
    expect({ running, progress, problem }).toEqual({ running: false, progress: undefined, problem: undefined });
    expect(last!.report.cells.map((c) => [c.prompt, c.model, c.rate, c.below])).toEqual([
      ['repeat', 'anthropic/a', 1, false],
      ['repeat', 'openai/b', 0, true],
      ['chat', 'anthropic/a', 1, false],
      ['chat', 'openai/b', 1, false],
    ]);
    expect(last!.confusions).toBe(1);
    expect(found).toEqual([{ connection: 7, findings: [expect.objectContaining({ rule: 'MODEL-TOOLS-CONFUSED' })] }]);
    expect(found[0]!.findings[0]!.message).toBe(
      'openai/b picked tool shout when echo was expected in 2/2 runs (eval "pasted"): their names or descriptions may need to tell them apart.',
    );
    const exported = JSON.parse(evalRunJson(last!)) as Record<string, unknown>;
    expect(exported).toMatchObject({
      eval: 'pasted',
      stopped: false,
      passed: false,
      models: ['anthropic/a', 'openai/b'],
      toolsOffered: ['echo', 'shout'],
      confusions: [{ expected: ['echo'], called: 'shout', count: 2, models: ['openai/b'] }],
    });
    expect((exported.cells as unknown[]).length).toBe(4);
  });

  it("a run again replaces that connection's findings of the same eval, not adding them twice; another eval's stay", async () => {
    let confused = true;
    const { store, shown } = setup(async (request) => {
      const prompt = String(request.messages[0]!.content[0]!.text);
      if (prompt === 'Hi') return reply([{ type: 'text', text: 'Hello!' }]);
      return call(confused ? 'shout' : 'echo');
    });
    const confusion = (evalName: string) =>
      `7: openai/b picked tool shout when echo was expected in 2/2 runs (eval "${evalName}"): their names or descriptions may need to tell them apart.`;
    await store.getState().run(SUITE, ['openai/b']);
    await store.getState().run(SUITE, ['openai/b']);
    expect(shown()).toEqual([confusion('pasted')]);

    const other = parseEvalSuite('runs: 2\nprompts:\n  - { name: repeat, prompt: Repeat hello, expect: { tool: echo } }\n', 'other.yaml');
    if (!other.ok) throw new Error(other.error.message);
    await store.getState().run(other.value, ['openai/b']);
    expect(shown()).toEqual([confusion('pasted'), confusion('other.yaml')]);

    // The tools told apart now: the run again takes its earlier finding back.
    confused = false;
    await store.getState().run(SUITE, ['openai/b']);
    expect(shown()).toEqual([confusion('other.yaml')]);
  });

  it('fills the rows in as each prompt and model pair is done, not only at the end', async () => {
    const gates: Array<() => void> = [];
    const { store } = setup(
      (request) =>
        new Promise<ModelOutcome>((resolve) =>
          gates.push(() => resolve(String(request.messages[0]!.content[0]!.text) === 'Hi' ? reply([{ type: 'text', text: 'Hello!' }]) : call('echo'))),
        ),
    );
    const answer = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0));
        gates.shift()!();
      }
    };
    const rows = () => store.getState().live?.cells.map((c) => `${c.prompt} · ${c.model}: ${c.passed} of ${c.runs}`);
    const done = store.getState().run(SUITE, ['anthropic/a', 'openai/b']);
    await vi.waitFor(() => expect(store.getState().live).toMatchObject({ name: 'pasted', cells: [], pairs: 4 }));
    await answer(1);
    await vi.waitFor(() => expect(store.getState().progress?.done).toBe(1));
    // One run of the pair's two: no row yet.
    expect(rows()).toEqual([]);
    await answer(1);
    await vi.waitFor(() => expect(rows()).toEqual(['repeat · anthropic/a: 2 of 2']));
    expect(store.getState().running).toBe(true);
    expect(store.getState().last).toBeUndefined();
    await answer(2);
    await vi.waitFor(() => expect(rows()).toEqual(['repeat · anthropic/a: 2 of 2', 'repeat · openai/b: 2 of 2']));
    await answer(4);
    await done;
    expect(store.getState().live).toBeUndefined();
    expect(store.getState().last!.report.cells).toHaveLength(4);
  });

  it('shows progress while it runs, and Stop ends it with the runs made', async () => {
    let release: (() => void) | undefined;
    const { store } = setup(
      (_request, signal) =>
        new Promise<ModelOutcome>((resolve, reject) => {
          release = () => resolve(call('echo'));
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
        }),
    );
    const done = store.getState().run(SUITE, ['anthropic/a']);
    await vi.waitFor(() => expect(release).toBeDefined());
    release!();
    await vi.waitFor(() => expect(store.getState().progress?.done).toBe(1));
    expect(store.getState()).toMatchObject({ running: true, progress: { done: 1, total: 4, last: 'repeat · anthropic/a' } });
    store.getState().stop();
    await done;
    const { last } = store.getState();
    expect(last!.report).toMatchObject({ stopped: true, cells: [{ prompt: 'repeat', runs: 1, planned: 2, passed: 1, rate: 1, errors: 0 }] });
    expect(store.getState().running).toBe(false);
  });

  it('says a model call that passes the file’s timeout is a timeout, counted as a failed call', async () => {
    const suite = suiteOf('timeout: 20\nruns: 1\nprompts: [{ prompt: hi, expect: { tool: echo } }]\n');
    const { store } = setup(
      (_request, signal) =>
        new Promise<ModelOutcome>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true }),
        ),
    );
    await store.getState().run(suite, ['openai/b']);
    expect(store.getState().last!.report.cells[0]).toMatchObject({
      errors: 1,
      failures: ["openai/b did not answer within 0.02 s (the eval file's timeout): raise timeout in the file, or pick another model."],
    });
  });

  it('says why it cannot run: no tools on the connection, a tool the file names missing, no model ticked, a model it cannot read', async () => {
    const never = async (): Promise<ModelOutcome> => {
      throw new Error('no model call was expected');
    };
    const notConnected = setup(never, { ok: false, error: 'Not connected: connect to a server first.' });
    await notConnected.store.getState().run(SUITE, ['openai/b']);
    expect(notConnected.store.getState().problem).toBe('Not connected: connect to a server first.');

    const missing = setup(never);
    await missing.store.getState().run(suiteOf('tools: [echo, nope]\nprompts: [{ prompt: hi, expect: { tool: echo } }]\n'), ['openai/b']);
    expect(missing.store.getState().problem).toBe('The eval cannot run on this connection: the server has no tool nope (it has echo, shout).');

    const none = setup(never);
    await none.store.getState().run(SUITE, []);
    expect(none.store.getState().problem).toBe('Tick at least one model to ask.');
    await none.store.getState().run(SUITE, ['gpt-5']);
    expect(none.store.getState().problem).toMatch(/^"gpt-5" names no provider/);

    const lost = setup(never);
    await lost.store.getState().run(suiteOf('prompts: [{ prompt: hi, expect: { tool: get_weather } }]\n'), ['openai/b']);
    expect(lost.store.getState().problem).toBe(
      'No prompt could be asked: a prompt expects get_weather, which the server does not have (offered: echo, shout).',
    );
    expect(lost.store.getState().last!.report.cells[0]!.notAsked).toBe('tool get_weather is not offered by the server (it has echo, shout).');
  });
});

describe('overridesOf', () => {
  it.each([
    ['', '', { ok: true, value: {} }],
    ['5', '0.5', { ok: true, value: { runs: 5, threshold: 0.5 } }],
    ['0', '', { ok: false, error: `Runs is "0": write a whole number from 1 to 100, or leave it empty for the file's.` }],
    ['2.5', '', { ok: false, error: `Runs is "2.5": write a whole number from 1 to 100, or leave it empty for the file's.` }],
    ['', '80', { ok: false, error: `Threshold is "80": write the least pass rate from 0 to 1 (0.8: four runs in five), or leave it empty for the file's.` }],
  ])('runs %j, threshold %j', (runs, threshold, expected) => {
    expect(overridesOf(runs, threshold)).toEqual(expected);
  });
});
