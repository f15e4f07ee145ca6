// Running an eval file: each prompt asked of each model `runs` times with the
// server's tools offered, each reply judged, the tally kept per prompt and
// model. Runtime-agnostic: the caller lists the tools and gives the model call
// (the CLI its providers, the page the proxy's).

import { isRecord } from '../json/guards.js';
import type { ModelOutcome, ModelRef, ModelRequest, ModelTool } from '../models/contract.js';
import { err, ok, type Result } from '../result.js';
import type { EvalPrompt, EvalSuite } from './format.js';
import { judgeReply, type RunJudgement } from './judge.js';

/** A wrong choice and how many runs made it. */
export interface WrongChoice {
  tool?: string;
  arguments?: unknown;
  reason: string;
  count: number;
}

/** One prompt asked of one model. */
export interface EvalCell {
  prompt: string;
  /** `PROVIDER/MODEL`. */
  model: string;
  /** Runs made: fewer than `planned` when the eval was stopped, none when the prompt could not be asked. */
  runs: number;
  /** Runs asked for (the prompt's `runs`). */
  planned: number;
  passed: number;
  /** Runs the model call itself failed (a wrong key, a timeout): they count as not passed. */
  errors: number;
  /** passed / runs (0 when no run was made). */
  rate: number;
  threshold: number;
  below: boolean;
  wrong: WrongChoice[];
  /** The model call failures, each sentence once. */
  failures: string[];
  /** Why the prompt was not asked at all: a tool it expects is not offered. Such a cell is under its threshold. */
  notAsked?: string;
  inputTokens: number;
  outputTokens: number;
  /** Summed over the runs whose cost was known; absent when none was. */
  costUsd?: number;
  latencyMs: number;
}

export interface EvalReport {
  name: string;
  /** Each prompt and model pair, in order; after a stop, only those begun. */
  cells: EvalCell[];
  /** Every cell at or above its threshold. */
  passed: boolean;
  /** Not one run could be judged: every model call failed, or no prompt could be asked (not said of a stopped eval). */
  nothingJudged: boolean;
  /** The signal stopped it before every run was made: the rates are over the runs made. */
  stopped: boolean;
  /** When no prompt could be asked: the tools expected and not offered, in one sentence. */
  notAsked?: string;
}

export interface EvalProgress {
  prompt: EvalPrompt;
  model: string;
  run: number;
  outcome: { judged: RunJudgement } | { failure: string };
  /** Runs made so far, of `total` (every prompt that can be asked, times the models, times its runs). */
  done: number;
  total: number;
}

export interface EvalDeps {
  /** The models to ask, in order, with how each is written. */
  models: ReadonlyArray<{ ref: ModelRef; label: string }>;
  /** The server's tools, as tools/list gave them. */
  tools: readonly unknown[];
  /** One model call; a failure is an outcome, never a throw. */
  generate(request: ModelRequest, timeoutMs: number): Promise<ModelOutcome>;
  onRun?(progress: EvalProgress): void;
  /** A prompt and model pair, once its runs are made (or the eval stopped within them), or once it is found not askable. */
  onCell?(cell: EvalCell): void;
  /** Stops the eval: no run is begun after it aborts, and the run in flight when it does is not counted. */
  signal?: AbortSignal;
}

function toolsOf(listed: readonly unknown[]): ModelTool[] {
  return listed.flatMap((t) =>
    isRecord(t) && typeof t.name === 'string' && isRecord(t.inputSchema)
      ? [{ name: t.name, ...(typeof t.description === 'string' ? { description: t.description } : {}), inputSchema: t.inputSchema }]
      : [],
  );
}

/**
 * The tools to offer: the server's, or those the file names (each must exist). A prompt expecting a tool that is not
 * among them is the prompt's own problem (`runEval` says so in its cells), not the file's.
 */
export function offeredTools(file: EvalSuite, listed: readonly unknown[]): Result<ModelTool[]> {
  const all = toolsOf(listed);
  if (all.length === 0) return err('the server lists no tools, so there is nothing for a model to choose.');
  const names = all.map((t) => t.name);
  const wanted = file.tools ?? names;
  const missing = wanted.filter((n) => !names.includes(n));
  if (missing.length > 0) return err(`the server has no tool ${missing.join(', ')} (it has ${names.join(', ')}).`);
  return ok(all.filter((t) => wanted.includes(t.name)));
}

const toolWord = (names: readonly string[]) => `${names.length === 1 ? 'tool' : 'tools'} ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'}`;

/** Why a prompt cannot be asked: the tools it expects that are not offered, and where they went; undefined when it can. */
function notOffered(prompt: EvalPrompt, offered: readonly ModelTool[], listed: readonly string[]): string | undefined {
  if (prompt.expect.kind !== 'tool') return undefined;
  const names = offered.map((t) => t.name);
  const missing = prompt.expect.tools.filter((n) => !names.includes(n));
  if (missing.length === 0) return undefined;
  const onServer = missing.filter((n) => listed.includes(n));
  const absent = missing.filter((n) => !listed.includes(n));
  const parts = [
    ...(absent.length > 0 ? [`${toolWord(absent)} not offered by the server (it has ${listed.join(', ') || 'none'})`] : []),
    ...(onServer.length > 0
      ? [`${toolWord(onServer)} not offered: the file's tools leave ${onServer.length === 1 ? 'it' : 'them'} out (offered: ${names.join(', ')})`]
      : []),
  ];
  return `${parts.join('; ')}.`;
}

/** The file-wide sentence when not one prompt can be asked. */
function noneAskable(file: EvalSuite, offered: readonly ModelTool[]): string {
  const names = offered.map((t) => t.name);
  const expected = file.prompts.flatMap((p) => (p.expect.kind === 'tool' ? p.expect.tools : []));
  const unknown = [...new Set(expected.filter((n) => !names.includes(n)))];
  return `a prompt expects ${unknown.join(', ')}, which ${file.tools ? 'the file does not offer' : 'the server does not have'} (offered: ${names.join(', ')}).`;
}

function tally(cell: EvalCell, judged: RunJudgement): void {
  if (judged.pass) {
    cell.passed++;
    return;
  }
  const reason = judged.reason ?? 'failed.';
  const same = cell.wrong.find((w) => w.reason === reason);
  if (same) same.count++;
  else cell.wrong.push({ ...(judged.called ? { tool: judged.called.name, arguments: judged.called.arguments } : {}), reason, count: 1 });
}

const emptyCell = (prompt: EvalPrompt, model: string): EvalCell => ({
  prompt: prompt.name,
  model,
  runs: 0,
  planned: prompt.runs,
  passed: 0,
  errors: 0,
  rate: 0,
  threshold: prompt.threshold,
  below: false,
  wrong: [],
  failures: [],
  inputTokens: 0,
  outputTokens: 0,
  latencyMs: 0,
});

/** Runs every prompt against every model; the tools must be checked first (`offeredTools`). */
export async function runEval(file: EvalSuite, tools: readonly ModelTool[], deps: EvalDeps): Promise<EvalReport> {
  const schemas = new Map(tools.map((t) => [t.name, t.inputSchema]));
  const listed = toolsOf(deps.tools).map((t) => t.name);
  const plan = file.prompts.map((prompt) => ({ prompt, notAsked: notOffered(prompt, tools, listed) }));
  const total = plan.reduce((n, p) => n + (p.notAsked === undefined ? p.prompt.runs * deps.models.length : 0), 0);
  const aborted = () => deps.signal?.aborted === true;
  const cells: EvalCell[] = [];
  const finish = (cell: EvalCell) => {
    cells.push(cell);
    deps.onCell?.(cell);
  };
  let done = 0;
  for (const { prompt, notAsked } of plan) {
    for (const model of deps.models) {
      if (aborted()) break;
      const cell = emptyCell(prompt, model.label);
      if (notAsked !== undefined) {
        finish({ ...cell, notAsked, below: true });
        continue;
      }
      for (let run = 1; run <= prompt.runs && !aborted(); run++) {
        const outcome = await deps.generate(
          {
            model: model.ref,
            ...(file.systemPrompt !== undefined ? { systemPrompt: file.systemPrompt } : {}),
            messages: [{ role: 'user', content: [{ type: 'text', text: prompt.prompt }] }],
            maxTokens: file.maxTokens,
            tools,
            toolChoice: { mode: 'auto' },
          },
          file.timeoutMs,
        );
        // Stopped while the model was asked: that run is not counted.
        if (aborted()) break;
        cell.runs++;
        done++;
        if (!outcome.ok) {
          cell.errors++;
          if (!cell.failures.includes(outcome.failure.message)) cell.failures.push(outcome.failure.message);
          deps.onRun?.({ prompt, model: model.label, run, outcome: { failure: outcome.failure.message }, done, total });
          continue;
        }
        const { reply } = outcome;
        cell.inputTokens += reply.usage.inputTokens;
        cell.outputTokens += reply.usage.outputTokens;
        cell.latencyMs += reply.latencyMs;
        if (reply.costUsd !== undefined) cell.costUsd = (cell.costUsd ?? 0) + reply.costUsd;
        const judged = judgeReply(prompt.expect, reply.content, schemas);
        tally(cell, judged);
        deps.onRun?.({ prompt, model: model.label, run, outcome: { judged }, done, total });
      }
      if (cell.runs === 0) continue;
      cell.rate = cell.passed / cell.runs;
      cell.below = cell.rate < cell.threshold;
      finish(cell);
    }
  }
  const stopped = aborted() && done < total;
  const judged = cells.reduce((n, c) => n + c.runs - c.errors, 0);
  const askable = plan.some((p) => p.notAsked === undefined);
  return {
    name: file.name,
    cells,
    passed: cells.every((c) => !c.below),
    nothingJudged: !stopped && deps.models.length > 0 && judged === 0,
    stopped,
    ...(!askable && deps.models.length > 0 ? { notAsked: noneAskable(file, tools) } : {}),
  };
}

/** Pairs of tools a model took one for the other: the tool expected, the one called, how often and by which models. */
export interface ToolConfusion {
  expected: string[];
  called: string;
  count: number;
  models: string[];
}

/** One model's confusion: it called `called` in `count` of the `runs` it made of prompts expecting `expected`. */
export interface ModelConfusion {
  model: string;
  expected: string[];
  called: string;
  count: number;
  runs: number;
}

const sameExpected = (a: readonly string[], b: readonly string[]) => a.join() === b.join();

/** Per model, in the order the cells first show each confusion. */
export function modelConfusions(file: EvalSuite, report: EvalReport): ModelConfusion[] {
  const out: ModelConfusion[] = [];
  const expectedOf = (cell: EvalCell) => {
    const prompt = file.prompts.find((p) => p.name === cell.prompt);
    return prompt?.expect.kind === 'tool' ? prompt.expect.tools : undefined;
  };
  for (const cell of report.cells) {
    const expected = expectedOf(cell);
    if (!expected) continue;
    for (const w of cell.wrong) {
      if (w.tool === undefined || expected.includes(w.tool)) continue;
      const same = out.find((c) => c.model === cell.model && c.called === w.tool && sameExpected(c.expected, expected));
      if (same) same.count += w.count;
      else out.push({ model: cell.model, expected: [...expected], called: w.tool, count: w.count, runs: 0 });
    }
  }
  for (const c of out) {
    for (const cell of report.cells) {
      const expected = expectedOf(cell);
      if (cell.model === c.model && expected && sameExpected(expected, c.expected)) c.runs += cell.runs;
    }
  }
  return out;
}

export function toolConfusions(file: EvalSuite, report: EvalReport): ToolConfusion[] {
  const out: ToolConfusion[] = [];
  for (const c of modelConfusions(file, report)) {
    const same = out.find((o) => o.called === c.called && sameExpected(o.expected, c.expected));
    if (same) {
      same.count += c.count;
      if (!same.models.includes(c.model)) same.models.push(c.model);
    } else out.push({ expected: [...c.expected], called: c.called, count: c.count, models: [c.model] });
  }
  return out.sort((a, b) => b.count - a.count);
}
