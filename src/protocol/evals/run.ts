// Running an eval file: each prompt asked of each model `runs` times with the
// server's tools offered, each reply judged, the tally kept per prompt and
// model. Runtime-agnostic: the caller lists the tools and gives the model call
// (the CLI its providers, the page the proxy's).

import { isRecord } from '../json/guards.js';
import type { ModelOutcome, ModelRef, ModelRequest, ModelTool } from '../models/contract.js';
import { err, ok, type Result } from '../result.js';
import type { EvalFile, EvalPrompt } from './format.js';
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
  runs: number;
  passed: number;
  /** Runs the model call itself failed (a wrong key, a timeout): they count as not passed. */
  errors: number;
  /** passed / runs. */
  rate: number;
  threshold: number;
  below: boolean;
  wrong: WrongChoice[];
  /** The model call failures, each sentence once. */
  failures: string[];
  inputTokens: number;
  outputTokens: number;
  /** Summed over the runs whose cost was known; absent when none was. */
  costUsd?: number;
  latencyMs: number;
}

export interface EvalReport {
  name: string;
  cells: EvalCell[];
  /** Every cell at or above its threshold. */
  passed: boolean;
  /** Not one run could be judged: every model call failed. */
  nothingJudged: boolean;
}

export interface EvalProgress {
  prompt: EvalPrompt;
  model: string;
  run: number;
  outcome: { judged: RunJudgement } | { failure: string };
}

export interface EvalDeps {
  /** The models to ask, in order, with how each is written. */
  models: ReadonlyArray<{ ref: ModelRef; label: string }>;
  /** The server's tools, as tools/list gave them. */
  tools: readonly unknown[];
  /** One model call; a failure is an outcome, never a throw. */
  generate(request: ModelRequest, timeoutMs: number): Promise<ModelOutcome>;
  onRun?(progress: EvalProgress): void;
  signal?: AbortSignal;
}

/** The tools to offer: the server's, or those the file names (each must exist). */
export function offeredTools(file: EvalFile, listed: readonly unknown[]): Result<ModelTool[]> {
  const all: ModelTool[] = listed.flatMap((t) =>
    isRecord(t) && typeof t.name === 'string' && isRecord(t.inputSchema)
      ? [{ name: t.name, ...(typeof t.description === 'string' ? { description: t.description } : {}), inputSchema: t.inputSchema }]
      : [],
  );
  if (all.length === 0) return err('the server lists no tools, so there is nothing for a model to choose.');
  const names = all.map((t) => t.name);
  const wanted = file.tools ?? names;
  const missing = wanted.filter((n) => !names.includes(n));
  if (missing.length > 0) return err(`the server has no tool ${missing.join(', ')} (it has ${names.join(', ')}).`);
  const expected = file.prompts.flatMap((p) => (p.expect.kind === 'tool' ? p.expect.tools : []));
  const unknown = [...new Set(expected.filter((n) => !wanted.includes(n)))];
  if (unknown.length > 0)
    return err(
      `a prompt expects ${unknown.join(', ')}, which ${file.tools ? 'the file does not offer' : 'the server does not have'} (offered: ${wanted.join(', ')}).`,
    );
  return ok(all.filter((t) => wanted.includes(t.name)));
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

/** Runs every prompt against every model; the tools must be checked first (`offeredTools`). */
export async function runEval(file: EvalFile, tools: readonly ModelTool[], deps: EvalDeps): Promise<EvalReport> {
  const schemas = new Map(tools.map((t) => [t.name, t.inputSchema]));
  const cells: EvalCell[] = [];
  for (const prompt of file.prompts) {
    for (const model of deps.models) {
      const cell: EvalCell = {
        prompt: prompt.name,
        model: model.label,
        runs: prompt.runs,
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
      };
      for (let run = 1; run <= prompt.runs; run++) {
        if (deps.signal?.aborted) break;
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
        if (!outcome.ok) {
          cell.errors++;
          if (!cell.failures.includes(outcome.failure.message)) cell.failures.push(outcome.failure.message);
          deps.onRun?.({ prompt, model: model.label, run, outcome: { failure: outcome.failure.message } });
          continue;
        }
        const { reply } = outcome;
        cell.inputTokens += reply.usage.inputTokens;
        cell.outputTokens += reply.usage.outputTokens;
        cell.latencyMs += reply.latencyMs;
        if (reply.costUsd !== undefined) cell.costUsd = (cell.costUsd ?? 0) + reply.costUsd;
        const judged = judgeReply(prompt.expect, reply.content, schemas);
        tally(cell, judged);
        deps.onRun?.({ prompt, model: model.label, run, outcome: { judged } });
      }
      cell.rate = cell.passed / cell.runs;
      cell.below = cell.rate < cell.threshold;
      cells.push(cell);
    }
  }
  const runs = cells.reduce((n, c) => n + c.runs, 0);
  const errors = cells.reduce((n, c) => n + c.errors, 0);
  return { name: file.name, cells, passed: cells.every((c) => !c.below), nothingJudged: runs > 0 && errors === runs };
}

/** Pairs of tools a model took one for the other: the tool expected, the one called, how often and by which models. */
export interface ToolConfusion {
  expected: string[];
  called: string;
  count: number;
  models: string[];
}

export function toolConfusions(file: EvalFile, report: EvalReport): ToolConfusion[] {
  const out: ToolConfusion[] = [];
  for (const cell of report.cells) {
    const prompt = file.prompts.find((p) => p.name === cell.prompt);
    if (!prompt || prompt.expect.kind !== 'tool') continue;
    const expected = prompt.expect.tools;
    for (const w of cell.wrong) {
      if (w.tool === undefined || expected.includes(w.tool)) continue;
      const same = out.find((c) => c.called === w.tool && c.expected.join() === expected.join());
      if (same) {
        same.count += w.count;
        if (!same.models.includes(cell.model)) same.models.push(cell.model);
      } else out.push({ expected: [...expected], called: w.tool, count: w.count, models: [cell.model] });
    }
  }
  return out.sort((a, b) => b.count - a.count);
}
