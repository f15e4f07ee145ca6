// One step of a test file: its action (exactly one of call, read, prompt,
// list, ping, wait, request), its options, and the expectations its action can have.

import { isRecord } from '../json/guards.js';
import { PROVIDERS, type Provider } from '../lint/providers/types.js';
import { RULE_IDS, type RuleId } from '../lint/rules.js';
import { serverPattern } from '../schema/pattern.js';
import { ownValue } from '../text/own.js';
import { TEST_PING_INTERVAL_MS, type Expectations, type ListKind, type TestAction, type TestStep, type TextExpectation } from './format.js';
import { didYouMean } from './suggest.js';
import { describe, type Path, type YamlSource } from './yaml-source.js';
import { ignorePathProblem } from './paths.js';

type ActionKey = TestAction['kind'];
type ExpectKey = keyof Expectations;

interface ActionSpec {
  /** Keys of the step besides the action, name, timeout and expect. */
  options: readonly string[];
  expect: readonly ExpectKey[];
}

const VALUE: readonly ExpectKey[] = ['schema', 'match', 'text', 'snapshot', 'lint'];

const ACTIONS: Record<ActionKey, ActionSpec> = {
  call: { options: ['arguments', 'task'], expect: ['isError', 'structuredContent', ...VALUE, 'providers', 'error'] },
  read: { options: [], expect: [...VALUE, 'error'] },
  prompt: { options: ['arguments'], expect: [...VALUE, 'error'] },
  list: { options: [], expect: ['schema', 'match', 'snapshot', 'lint', 'interface', 'providers', 'error'] },
  ping: { options: ['interval'], expect: ['latency', 'lint'] },
  wait: { options: [], expect: ['schema', 'match', 'lint'] },
  request: { options: ['params'], expect: ['schema', 'match', 'snapshot', 'lint', 'error'] },
};
/** Keys a step may have besides its action, whatever the action. */
const STEP_KEYS = ['name', 'timeout', 'expect'];
const ACTION_KEYS = Object.keys(ACTIONS) as ActionKey[];
const LISTS: readonly ListKind[] = ['tools', 'resources', 'resourceTemplates', 'prompts'];

function actionOf(source: YamlSource, kind: ActionKey, step: Record<string, unknown>, path: Path): TestAction {
  const value = step[kind];
  const at = [...path, kind];
  switch (kind) {
    case 'call': {
      const args = step.arguments ?? {};
      if (!isRecord(args)) throw source.problem([...path, 'arguments'], `is ${describe(args)}, not a mapping of argument names to values.`);
      const task = step.task ?? false;
      if (typeof task !== 'boolean') throw source.problem([...path, 'task'], `is ${describe(task)}; write true to call the tool as a task.`);
      return { kind, tool: source.string(value, at, 'the name of a tool'), arguments: args, ...(task ? { task } : {}) };
    }
    case 'read':
      return { kind, uri: source.string(value, at, 'the URI of a resource') };
    case 'prompt':
      return { kind, prompt: source.string(value, at, 'the name of a prompt'), arguments: source.textMap(step.arguments, [...path, 'arguments']) };
    case 'list': {
      if (typeof value !== 'string' || !LISTS.includes(value as ListKind)) {
        const typed = typeof value === 'string' ? didYouMean(value, LISTS) : '';
        throw source.problem(at, `is ${describe(value)}${typed}; list takes ${LISTS.join(', ')}.`);
      }
      return { kind, list: value as ListKind };
    }
    case 'ping': {
      const count = value === null || value === true ? 1 : source.count(value, at, 1, 'how many pings to send, e.g. ping: 10');
      const interval =
        step.interval === undefined ? TEST_PING_INTERVAL_MS : source.count(step.interval, [...path, 'interval'], 0, 'the milliseconds between pings');
      return { kind, count, intervalMs: interval };
    }
    case 'wait':
      return { kind, method: source.string(value, at, 'the method of a notification, e.g. notifications/tools/list_changed') };
    case 'request': {
      const method = source.string(value, at, 'the method to send, e.g. tools/list');
      if (step.params === undefined) return { kind, method };
      if (!isRecord(step.params)) throw source.problem([...path, 'params'], `is ${describe(step.params)}, not a mapping (the request's params).`);
      return { kind, method, params: step.params };
    }
  }
}

function jsonPaths(source: YamlSource, value: unknown, path: Path): string[] {
  const paths = source.strings(value, path, 'a path such as structuredContent.timestamp');
  paths.forEach((p, i) => {
    const problem = ignorePathProblem(p);
    if (problem) throw source.problem(Array.isArray(value) ? [...path, i] : path, problem);
  });
  return paths;
}

/** `true`, or a mapping with `ignore`. */
function ignoring(source: YamlSource, value: unknown, path: Path): { ignore: string[] } {
  if (value === true) return { ignore: [] };
  const m = source.mapping(value, path, ['ignore']);
  return { ignore: jsonPaths(source, m.ignore, [...path, 'ignore']) };
}

function lintOf(source: YamlSource, value: unknown, path: Path): 'none' | RuleId[] {
  if (value === 'none') return 'none';
  if (!Array.isArray(value)) throw source.problem(path, `is ${describe(value)}; write none (no errors) or a list of rule ids (none of them found).`);
  return value.map((rule, i) => {
    const rid = source.string(rule, [...path, i], 'a rule id such as PING-RESULT');
    if (!(RULE_IDS as readonly string[]).includes(rid)) throw source.problem([...path, i], `there is no lint rule '${rid}'${didYouMean(rid, RULE_IDS) || '.'}`);
    return rid as RuleId;
  });
}

function textExpectation(source: YamlSource, value: unknown, at: Path): TextExpectation {
  const t = source.mapping(value, at, ['contains', 'matches']);
  const e: TextExpectation = { contains: source.strings(t.contains, [...at, 'contains'], 'the text to find') };
  if (t.matches !== undefined) {
    const pattern = source.string(t.matches, [...at, 'matches'], 'a regular expression');
    const compiled = serverPattern(pattern);
    // RE2, as for a server's patterns: linear time, so a test file cannot hang the run.
    if (compiled.status !== 'checked') throw source.problem([...at, 'matches'], `${compiled.message}: RE2 runs it, which has no lookaround or backreferences.`);
    e.matches = pattern;
  }
  return e;
}

function providersOf(source: YamlSource, kind: ActionKey, step: Record<string, unknown>, value: unknown, at: Path): NonNullable<Expectations['providers']> {
  const m = source.mapping(value, at, ['strict', 'tools']);
  const strict = source.strings(m.strict, [...at, 'strict'], `the providers, some of ${PROVIDERS.join(', ')}`);
  strict.forEach((p, i) => {
    if (!(PROVIDERS as readonly string[]).includes(p))
      throw source.problem([...at, 'strict', i], `is '${p}'${didYouMean(p, PROVIDERS)}; the providers are ${PROVIDERS.join(', ')}.`);
  });
  if (strict.length === 0) throw source.problem([...at, 'strict'], `names no provider; write some of ${PROVIDERS.join(', ')}.`);
  if (kind === 'list' && step.list !== 'tools') throw source.problem(at, `judges tools: put it on a "list: tools" step or a call step.`);
  const out: NonNullable<Expectations['providers']> = { strict: strict as Provider[] };
  if (m.tools !== undefined) {
    if (kind === 'call') throw source.problem([...at, 'tools'], 'is for a "list: tools" step: a call step judges the tool it calls.');
    out.tools = source.strings(m.tools, [...at, 'tools'], 'the names of tools');
  }
  return out;
}

function errorOf(source: YamlSource, m: Record<string, unknown>, at: Path): NonNullable<Expectations['error']> {
  const besides = Object.keys(m).filter((k) => k !== 'error' && k !== 'lint');
  if (besides.length > 0)
    throw source.problem(
      at.slice(0, -1),
      `expects an error and ${besides.join(', ')}: a step that gets an error has no result, so keep only error (and lint).`,
    );
  const e = m.error === true ? {} : source.mapping(m.error, at, ['code', 'message']);
  const out: NonNullable<Expectations['error']> = {};
  if (e.code !== undefined) {
    if (typeof e.code !== 'number' || !Number.isInteger(e.code))
      throw source.problem([...at, 'code'], `is ${describe(e.code)}; write the JSON-RPC error code, e.g. -32602.`);
    out.code = e.code;
  }
  if (e.message !== undefined) out.message = textExpectation(source, e.message, [...at, 'message']);
  return out;
}

export function valueExpectation(source: YamlSource, m: Record<string, unknown>, path: Path): { schema?: unknown; match?: unknown } {
  const out: { schema?: unknown; match?: unknown } = {};
  if (m.schema !== undefined) {
    if (!isRecord(m.schema) && typeof m.schema !== 'boolean')
      throw source.problem([...path, 'schema'], `is ${describe(m.schema)}, not a JSON Schema (a mapping).`);
    out.schema = m.schema;
  }
  if (Object.hasOwn(m, 'match')) out.match = m.match;
  return out;
}

function expectationsOf(source: YamlSource, kind: ActionKey, step: Record<string, unknown>, path: Path, label: string): Expectations {
  const value = step.expect;
  if (value === undefined) return {};
  const keys = ownValue(ACTIONS, kind)!.expect;
  const m = source.mapping(value, path, keys, `${label}.expect`);
  const e: Expectations = valueExpectation(source, m, path);
  if (m.isError !== undefined) {
    if (typeof m.isError !== 'boolean') throw source.problem([...path, 'isError'], `is ${describe(m.isError)}; write true or false.`);
    e.isError = m.isError;
  }
  if (m.structuredContent !== undefined) {
    const at = [...path, 'structuredContent'];
    e.structuredContent = valueExpectation(source, source.mapping(m.structuredContent, at, ['schema', 'match']), at);
  }
  if (m.text !== undefined) e.text = textExpectation(source, m.text, [...path, 'text']);
  if (m.providers !== undefined) e.providers = providersOf(source, kind, step, m.providers, [...path, 'providers']);
  if (m.error !== undefined) e.error = errorOf(source, m, [...path, 'error']);
  if (m.snapshot !== undefined) e.snapshot = ignoring(source, m.snapshot, [...path, 'snapshot']);
  if (m.interface !== undefined) e.interface = ignoring(source, m.interface, [...path, 'interface']);
  if (m.lint !== undefined) e.lint = lintOf(source, m.lint, [...path, 'lint']);
  if (m.latency !== undefined) {
    const at = [...path, 'latency'];
    const l = source.mapping(m.latency, at, ['p95']);
    if (typeof l.p95 !== 'number' || !(l.p95 > 0))
      throw source.problem([...at, 'p95'], `is ${describe(l.p95)}; write the most milliseconds the 95th percentile may take.`);
    e.latency = { p95: l.p95 };
  }
  return e;
}

/** A step's name when it gives none: its action and subject. */
function defaultName(a: TestAction): string {
  switch (a.kind) {
    case 'call':
      return `call ${a.tool}`;
    case 'read':
      return `read ${a.uri}`;
    case 'prompt':
      return `prompt ${a.prompt}`;
    case 'list':
      return `list ${a.list}`;
    case 'ping':
      return a.count === 1 ? 'ping' : `ping ×${a.count}`;
    case 'wait':
      return `wait ${a.method}`;
    case 'request':
      return `request ${a.method}`;
  }
}

export function stepOf(
  source: YamlSource,
  value: unknown,
  index: number,
  fileTimeoutMs: number,
): Omit<TestStep, 'name'> & { name?: string; fallbackName: string } {
  const path = ['steps', index];
  if (!isRecord(value)) throw source.problem(path, `is ${describe(value)}, not a step (a mapping with one of ${ACTION_KEYS.join(', ')}).`);
  const kinds = ACTION_KEYS.filter((k) => Object.hasOwn(value, k));
  if (kinds.length !== 1) {
    const options = Object.values(ACTIONS).flatMap((a) => a.options);
    const unknown = Object.keys(value).find((k) => !STEP_KEYS.includes(k) && !options.includes(k));
    const hint = kinds.length === 0 && unknown !== undefined ? `: '${unknown}' is not one${didYouMean(unknown, ACTION_KEYS)}` : '';
    throw source.problem(
      path,
      kinds.length === 0
        ? `has no action${hint}; a step has one of ${ACTION_KEYS.join(', ')}.`
        : `has ${kinds.join(' and ')}: a step does one thing, so split it in two.`,
    );
  }
  const kind = kinds[0]!;
  const label = `steps[${index}].${kind}`;
  source.mapping(value, path, [kind, ...STEP_KEYS, ...ownValue(ACTIONS, kind)!.options], label);
  const action = actionOf(source, kind, value, path);
  const name = value.name === undefined ? undefined : source.string(value.name, [...path, 'name'], 'a name for the step');
  const timeoutMs = value.timeout === undefined ? fileTimeoutMs : source.count(value.timeout, [...path, 'timeout'], 1, 'the milliseconds the step may take');
  return {
    ...(name !== undefined ? { name } : {}),
    fallbackName: defaultName(action),
    action,
    timeoutMs,
    expect: expectationsOf(source, kind, value, [...path, 'expect'], label),
    line: source.lineOf(path) ?? 0,
  };
}
