// `mcpscope eval` end to end against server-everything over stdio, with the
// model calls scripted in the test: the tools offered, each reply judged, the
// text, JUnit and JSON reports, and the exit codes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelOutcome, ModelRequest } from '../../src/protocol/index.js';
import { everything } from '../../test/fixtures/cli-helpers.js';
import { checkAgainstXsd } from '../../test/fixtures/xsd-check.js';
import { runEvalCommand, type EvalModels } from './command.js';

const xsd = readFileSync(new URL('../../test/fixtures/junit.xsd', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-eval-'));
const SERVER = `server:\n  command: ${JSON.stringify(process.execPath)}\n  args: [${JSON.stringify(everything)}]\n`;
const PROMPTS = `prompts:
  - name: add
    prompt: What is 2 plus 3?
    expect: { tool: get-sum, arguments: { match: { a: 2, b: 3 } } }
  - name: repeat
    prompt: Repeat after me, hello
    expect: { tool: echo }
  - name: chat
    prompt: How are you?
    expect: { tool: none }
`;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const reply = (content: Array<Record<string, unknown> & { type: string }>): ModelOutcome => ({
  ok: true,
  reply: { role: 'assistant', content, model: 'scripted', stopReason: 'toolUse', usage: { inputTokens: 100, outputTokens: 10 }, latencyMs: 5 },
});

/** A model that adds well, echoes badly ("careless" sums with b wrong), and chats. */
function scripted(asked: ModelRequest[] = []): EvalModels {
  return {
    parse: (text) => {
      const [provider, model] = text.split('/');
      return provider === 'anthropic' || provider === 'openai'
        ? { ok: true, value: { provider, model: model! } }
        : { ok: false, error: `${text}: unknown provider.` };
    },
    generate: async (request) => {
      asked.push(request);
      const prompt = String(request.messages[0]!.content[0]!.text);
      if (request.model.model === 'down')
        return { ok: false, failure: { kind: 'unreachable', message: 'openai could not be reached (ECONNREFUSED).', retryable: true } };
      if (prompt.includes('plus') && request.model.model === 'mixup') return reply([{ type: 'tool_use', id: 'a', name: 'echo', input: { message: '2+3' } }]);
      if (prompt.includes('plus'))
        return reply([{ type: 'tool_use', id: 'a', name: 'get-sum', input: { a: 2, b: request.model.model === 'careless' ? 4 : 3 } }]);
      if (prompt.includes('Repeat')) return reply([{ type: 'tool_use', id: 'b', name: 'echo', input: { message: 'hello' } }]);
      return reply([{ type: 'text', text: 'Fine, thanks.' }]);
    },
  };
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

describe('mcpscope eval', () => {
  it('passes when every prompt and model pair is at or above its threshold', async () => {
    const asked: ModelRequest[] = [];
    const o = io();
    const path = file('good.eval.yaml', `${SERVER}models: [anthropic/good]\nruns: 2\n${PROMPTS}`);
    expect(await runEvalCommand(['eval', path], o.io, () => scripted(asked))).toBe(0);
    expect(asked).toHaveLength(6);
    expect(asked[0]!.tools!.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const text = o.out.join('\n');
    expect(text).toMatch(/good\.eval\.yaml — good\.eval \(mcp-servers\/everything .*; \d+ tools offered\)/);
    expect(text).toContain('✓ add · anthropic/good  2 of 2 runs chose right (100%; needs 80%)  200 in / 20 out tokens, cost unknown');
    expect(text).toContain('3 prompt and model pairs: 3 at or above the threshold, 0 under it');
  }, 60_000);

  it('fails a pair under its threshold, naming the wrong choice, and writes JUnit that validates', async () => {
    const o = io();
    const path = file('careless.eval.yaml', `${SERVER}models: [anthropic/good]\nruns: 2\n${PROMPTS}`);
    const code = await runEvalCommand(
      ['eval', '--model', 'anthropic/careless', '--model', 'anthropic/good', '--threshold', '1', '--reporter', 'junit', path],
      o.io,
      () => scripted(),
    );
    expect(code).toBe(1);
    const progress = o.err.join('\n');
    expect(progress).toContain('✗ add · anthropic/careless  0 of 2 runs chose right (0%; needs 100%)');
    expect(progress).toContain('2× called get-sum {"a":2,"b":4}, but arguments.match: b: expected 3, got 4.');
    expect(progress).toContain('✓ add · anthropic/good');
    expect(progress).not.toContain('Tools the models confused');
    const xml = o.out.join('\n');
    expect(xml).toContain('<testsuites name="mcpscope eval" tests="6" failures="1" errors="0" skipped="0"');
    expect(xml).toContain('name="add · anthropic/careless"');
    expect(checkAgainstXsd(xsd, xml)).toEqual([]);
  }, 60_000);

  it('names the tools a model took one for another', async () => {
    const o = io();
    const path = file('mixup.eval.yaml', `${SERVER}models: [openai/mixup]\nruns: 2\n${PROMPTS}`);
    expect(await runEvalCommand(['eval', path], o.io, () => scripted())).toBe(1);
    const text = o.out.join('\n');
    expect(text).toContain('2× called echo {"message":"2+3"}, not get-sum.');
    expect(text).toContain(
      'Tools the models confused (their names or descriptions may need to tell them apart):\n  echo where get-sum was wanted: 2 times (openai/mixup)',
    );
  }, 60_000);

  it('cannot run (2) when no model call is answered, a model is unknown, none is named, or a tool is missing', async () => {
    const down = io();
    expect(
      await runEvalCommand(['eval', '--model', 'openai/down', '--runs', '1', file('down.eval.yaml', `${SERVER}${PROMPTS}`)], down.io, () => scripted()),
    ).toBe(2);
    expect(down.out.join('\n')).toContain('the model call failed: openai could not be reached (ECONNREFUSED).');
    expect(down.out.join('\n')).toContain('not one model call was answered, so nothing could be judged');

    const unknown = io();
    expect(await runEvalCommand(['eval', '--model', 'mistral/x', file('u.eval.yaml', `${SERVER}${PROMPTS}`)], unknown.io, () => scripted())).toBe(2);
    expect(unknown.err[0]).toBe(
      'mcpscope: --model: "mistral" is not a provider mcpscope speaks to (anthropic, openai, openai-compatible): write PROVIDER/MODEL, e.g. anthropic/claude-sonnet-4-5, openai/gpt-5 or openai-compatible/llama3.2.',
    );

    const none = io();
    const noModels = file('none.eval.yaml', `${SERVER}${PROMPTS}`);
    expect(await runEvalCommand(['eval', noModels], none.io, () => scripted())).toBe(2);
    expect(none.out.join('\n')).toContain(`${noModels} names no model: add "models: [PROVIDER/MODEL]" to it, or give --model PROVIDER/MODEL.`);

    const missing = io();
    const path = file('missing.eval.yaml', `${SERVER}models: [openai/good]\nprompts: [{ prompt: hi, expect: { tool: get-weather } }]\n`);
    expect(await runEvalCommand(['eval', path], missing.io, () => scripted())).toBe(2);
    expect(missing.out.join('\n')).toMatch(/a prompt expects get-weather, which the server does not have \(offered: .*echo/);
  }, 90_000);

  it('runs the other prompts when one expects a tool the server does not have, and fails that one (1)', async () => {
    const o = io();
    const path = file(
      'one-lost.eval.yaml',
      `${SERVER}models: [anthropic/good]\nruns: 1\n${PROMPTS}  - name: lost\n    prompt: Weather?\n    expect: { tool: get-weather }\n`,
    );
    expect(await runEvalCommand(['eval', path], o.io, () => scripted())).toBe(1);
    const text = o.out.join('\n');
    expect(text).toContain('✓ add · anthropic/good  1 of 1 runs chose right (100%; needs 80%)');
    expect(text).toMatch(/✗ lost · anthropic\/good {2}not asked: tool get-weather is not offered by the server \(it has .*echo.*\)\.\n/);
    expect(text).toContain('4 prompt and model pairs: 3 at or above the threshold, 1 under it');
    expect(text).not.toContain('could not run');
  }, 60_000);

  it('refuses options that are not its own and a missing file argument', async () => {
    const o = io();
    expect(await runEvalCommand(['eval', '--count', '3', 'x.yaml'], o.io, () => scripted())).toBe(2);
    expect(o.err[0]).toBe('mcpscope: --count does not go with eval: each eval file names its server; the models come from --model or the file.');
    const p = io();
    expect(await runEvalCommand(['eval'], p.io, () => scripted())).toBe(2);
    expect(p.err[0]).toBe('mcpscope: eval needs at least one eval file, e.g. mcpscope eval evals/tools.eval.yaml.');
  });

  it('writes the results as JSON with the exit code', async () => {
    const o = io();
    const path = file('json.eval.yaml', `${SERVER}models: [anthropic/good]\nruns: 1\n${PROMPTS}`);
    expect(await runEvalCommand(['eval', '--json', path], o.io, () => scripted())).toBe(0);
    const json = JSON.parse(o.out.join('\n')) as { exitCode: number; files: Array<{ cells: Array<{ prompt: string; rate: number }> }> };
    expect(json.exitCode).toBe(0);
    expect(json.files[0]!.cells.map((c) => [c.prompt, c.rate])).toEqual([
      ['add', 1],
      ['repeat', 1],
      ['chat', 1],
    ]);
  }, 60_000);
});
