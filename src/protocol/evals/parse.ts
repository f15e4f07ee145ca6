// An eval file from its YAML text, every problem at its line and field, as for
// test files (whose server section and value expectations it shares):
//
//   server: { command: node, args: [server.js] }
//   models: [anthropic/claude-sonnet-4-5]
//   runs: 5
//   prompts:
//     - prompt: What is the weather in Paris?
//       expect: { tool: get_weather, arguments: { match: { city: Paris } } }

import type { Result } from '../result.js';
import { parseModelRef } from '../models/ref.js';
import { parseYamlFile, protocolVersionOf, serverOf, type TestFileError } from '../testfile/parse.js';
import { valueExpectation } from '../testfile/parse-step.js';
import { describe, type Path, type YamlSource } from '../testfile/yaml-source.js';
import {
  DEFAULT_EVAL_MAX_TOKENS,
  DEFAULT_EVAL_RUNS,
  DEFAULT_EVAL_THRESHOLD,
  DEFAULT_EVAL_TIMEOUT_MS,
  MAX_EVAL_RUNS,
  type EvalChoice,
  type EvalFile,
  type EvalPrompt,
  type EvalSuite,
} from './format.js';

const TOP = [
  '$schema',
  'name',
  'server',
  'config',
  'protocolVersion',
  'models',
  'system',
  'maxTokens',
  'timeout',
  'tools',
  'runs',
  'threshold',
  'prompts',
] as const;
const PROMPT_KEYS = ['name', 'prompt', 'expect', 'runs', 'threshold'] as const;

function runsOf(source: YamlSource, value: unknown, path: Path, fallback: number): number {
  if (value === undefined) return fallback;
  const runs = source.count(value, path, 1, `how many times to ask each model, 1 to ${MAX_EVAL_RUNS}`);
  if (runs > MAX_EVAL_RUNS) throw source.problem(path, `is ${runs}; at most ${MAX_EVAL_RUNS} runs per prompt and model.`);
  return runs;
}

function thresholdOf(source: YamlSource, value: unknown, path: Path, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1))
    throw source.problem(path, `is ${describe(value)}; write the least pass rate, from 0 to 1 (0.8: four runs in five).`);
  return value;
}

function choiceOf(source: YamlSource, value: unknown, path: Path): EvalChoice {
  const m = source.mapping(value, path, ['tool', 'arguments']);
  const tool = m.tool;
  if (tool === 'none' || tool === null) {
    if (m.arguments !== undefined) throw source.problem([...path, 'arguments'], 'is given, but tool is none: a reply in words has no arguments.');
    return { kind: 'none' };
  }
  if (tool === undefined) throw source.problem(path, "has no 'tool': write the tool a model should call (a name, a list of names, or none).");
  const tools = source.strings(tool, [...path, 'tool'], 'the name of a tool, or none');
  if (tools.length === 0) throw source.problem([...path, 'tool'], 'is an empty list; write at least one tool, or none.');
  if (m.arguments === undefined) return { kind: 'tool', tools };
  const at = [...path, 'arguments'];
  const args = valueExpectation(source, source.mapping(m.arguments, at, ['schema', 'match']), at);
  return { kind: 'tool', tools, arguments: args };
}

function promptsOf(source: YamlSource, value: unknown, runs: number, threshold: number): EvalPrompt[] {
  if (!Array.isArray(value) || value.length === 0) throw source.problem(['prompts'], `is ${describe(value)}; write a list of at least one prompt.`);
  const names = new Map<string, number>();
  return value.map((item, i) => {
    const path = ['prompts', i];
    if (typeof item === 'string')
      throw source.problem(path, `is only the text ${JSON.stringify(item)}: write it as "prompt:", with "expect: { tool: … }" beside it.`);
    const m = source.mapping(item, path, PROMPT_KEYS, `prompts[${i}]`);
    const prompt = source.string(m.prompt, [...path, 'prompt'], 'what the person asks the model');
    if (m.expect === undefined) throw source.problem(path, "has no 'expect': write the tool a model should call, e.g. expect: { tool: get_weather }.");
    const name = m.name === undefined ? prompt.replace(/\s+/g, ' ').slice(0, 60) : source.string(m.name, [...path, 'name'], 'a name for the prompt');
    const before = names.get(name);
    if (before !== undefined)
      throw source.problem([...path, m.name === undefined ? 'prompt' : 'name'], `names the same prompt as prompts[${before}]: give each a name of its own.`);
    names.set(name, i);
    return {
      name,
      prompt,
      expect: choiceOf(source, m.expect, [...path, 'expect']),
      runs: runsOf(source, m.runs, [...path, 'runs'], runs),
      threshold: thresholdOf(source, m.threshold, [...path, 'threshold'], threshold),
      line: source.lineOf(path) ?? 0,
    };
  });
}

function evalSuiteOf(source: YamlSource, fallbackName: string, serverOptional: boolean): EvalSuite {
  const top = source.mapping(source.value, [], TOP, 'the eval file');
  const name = top.name === undefined ? fallbackName : source.string(top.name, ['name'], 'a name for the eval');
  const server = serverOptional && top.server === undefined && top.config === undefined ? undefined : serverOf(source, top);
  const protocolVersion = protocolVersionOf(source, top);
  const models = source.strings(top.models, ['models'], 'a model as PROVIDER/MODEL, e.g. anthropic/claude-sonnet-4-5');
  models.forEach((text, i) => {
    const ref = parseModelRef(text);
    if (!ref.ok) throw source.problem(['models', i], ref.error);
  });
  const tools = top.tools === undefined ? undefined : source.strings(top.tools, ['tools'], 'the name of a tool to offer');
  const runs = runsOf(source, top.runs, ['runs'], DEFAULT_EVAL_RUNS);
  const threshold = thresholdOf(source, top.threshold, ['threshold'], DEFAULT_EVAL_THRESHOLD);
  return {
    name,
    ...(server !== undefined ? { server } : {}),
    ...(protocolVersion !== undefined ? { protocolVersion } : {}),
    models,
    ...(top.system !== undefined ? { systemPrompt: source.string(top.system, ['system'], 'the system prompt') } : {}),
    maxTokens: top.maxTokens === undefined ? DEFAULT_EVAL_MAX_TOKENS : source.count(top.maxTokens, ['maxTokens'], 1, 'the most tokens a reply may have'),
    timeoutMs: top.timeout === undefined ? DEFAULT_EVAL_TIMEOUT_MS : source.count(top.timeout, ['timeout'], 1, 'the milliseconds one model call may take'),
    ...(tools !== undefined ? { tools } : {}),
    prompts: promptsOf(source, top.prompts, runs, threshold),
  };
}

/** `fallbackName`: the eval's name when the file gives none (the file's name). */
export function parseEvalFile(text: string, fallbackName: string): Result<EvalFile, TestFileError> {
  // Not optional, so serverOf has given one or thrown the problem that says it is missing.
  return parseYamlFile(text, (source) => evalSuiteOf(source, fallbackName, false) as EvalFile);
}

/** The same format where the tools come from a connection (the page): a server, when given, is checked but not required. */
export function parseEvalSuite(text: string, fallbackName: string): Result<EvalSuite, TestFileError> {
  return parseYamlFile(text, (source) => evalSuiteOf(source, fallbackName, true));
}
