// The Evals tab's run: an eval suite's prompts asked of the chosen models with the connection's tools offered, through
// the proxy's model route (nothing is called on the server: each reply's first tool call is judged), progress as runs
// are made, Stop, and the report with its tool confusions handed on as findings. Framework-free: the model call, the
// connection's tools and where findings go come from its deps.
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  confusionFindings,
  modelRefText,
  offeredTools,
  parseModelRef,
  runEval,
  type EvalCell,
  type EvalReport,
  type EvalSuite,
  type Finding,
  type ModelOutcome,
  type ModelRef,
  type ModelRequest,
  type ModelTool,
} from '../../../protocol/index.js';

/** The connection's tools/list, with the connection it was read on; or why it could not be read. */
export type ListedTools = { ok: true; connection: number; tools: readonly unknown[] } | { ok: false; error: string };

export interface EvalDeps {
  generate: (request: ModelRequest, signal: AbortSignal) => Promise<ModelOutcome>;
  tools: () => Promise<ListedTools>;
  /** The run's MODEL-TOOLS-CONFUSED findings, for Problems under `connection`; what it returns takes them out again. */
  findings: (connection: number, findings: readonly Finding[]) => () => void;
}

export interface EvalRun {
  suite: EvalSuite;
  report: EvalReport;
  /** The tools offered to the models. */
  tools: readonly ModelTool[];
  models: readonly string[];
  confusions: number;
  startedAt: string;
}

/** The run in progress: its prompt and model pairs whose runs are made, in order, of `pairs`. */
export interface LiveResults {
  name: string;
  cells: readonly EvalCell[];
  pairs: number;
}

export interface EvalState {
  running: boolean;
  /** Runs made of `total`; `last`, the prompt and model of the latest. */
  progress?: { done: number; total: number; last?: string };
  /** Why the last Run could not start or ended early, in a sentence. */
  problem?: string;
  last?: EvalRun;
  /** While a run is made, once its tools are offered: the rows of the results table so far. */
  live?: LiveResults;
  /** `models`: `PROVIDER/MODEL` each, as the person ticked them. */
  run(suite: EvalSuite, models: readonly string[]): Promise<void>;
  stop(): void;
}

export type EvalStore = StoreApi<EvalState>;

/** The model call within the suite's timeout; a stop or the timeout is an outcome (a stopped run is not counted). */
async function within(deps: EvalDeps, request: ModelRequest, timeoutMs: number, stop: AbortSignal): Promise<ModelOutcome> {
  const signal = AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)]);
  try {
    return await deps.generate(request, signal);
  } catch (error) {
    const model = modelRefText(request.model);
    if (stop.aborted) return { ok: false, failure: { kind: 'provider', message: `The eval was stopped while ${model} was asked.`, retryable: false } };
    if (signal.aborted)
      return {
        ok: false,
        failure: {
          kind: 'timeout',
          message: `${model} did not answer within ${timeoutMs / 1000} s (the eval file's timeout): raise timeout in the file, or pick another model.`,
          retryable: true,
        },
      };
    return {
      ok: false,
      failure: { kind: 'provider', message: `The call to ${model} failed: ${error instanceof Error ? error.message : String(error)}`, retryable: true },
    };
  }
}

export function createEvalStore(deps: EvalDeps): EvalStore {
  let controller: AbortController | undefined;
  /** Per connection and eval, how to take back the findings its latest run put in Problems: a run again replaces them. */
  const published = new Map<string, () => void>();
  return createStore<EvalState>()((set, get) => ({
    running: false,
    run: async (suite, modelTexts) => {
      if (get().running) return;
      const models: Array<{ ref: ModelRef; label: string }> = [];
      for (const label of modelTexts) {
        const ref = parseModelRef(label);
        if (!ref.ok) return set({ problem: ref.error });
        models.push({ ref: ref.value, label });
      }
      if (models.length === 0) return set({ problem: 'Tick at least one model to ask.' });
      controller = new AbortController();
      const { signal } = controller;
      set({ running: true, problem: undefined, progress: { done: 0, total: 0 } });
      try {
        const listed = await deps.tools();
        if (!listed.ok) return set({ problem: listed.error });
        const offered = offeredTools(suite, listed.tools);
        if (!offered.ok) return set({ problem: `The eval cannot run on this connection: ${offered.error}` });
        const startedAt = new Date().toISOString();
        set({ live: { name: suite.name, cells: [], pairs: suite.prompts.length * models.length } });
        const report = await runEval(suite, offered.value, {
          models,
          tools: listed.tools,
          signal,
          generate: (request, timeoutMs) => within(deps, request, timeoutMs, signal),
          onRun: (p) => set({ progress: { done: p.done, total: p.total, last: `${p.prompt.name} · ${p.model}` } }),
          onCell: (cell) => set((s) => (s.live ? { live: { ...s.live, cells: [...s.live.cells, cell] } } : {})),
        });
        const findings = confusionFindings(suite, report, offered.value);
        const key = JSON.stringify([listed.connection, suite.name]);
        published.get(key)?.();
        published.set(key, deps.findings(listed.connection, findings));
        set({
          last: { suite, report, tools: offered.value, models: modelTexts, confusions: findings.length, startedAt },
          ...(report.notAsked !== undefined ? { problem: `No prompt could be asked: ${report.notAsked}` } : {}),
        });
      } catch (error) {
        set({ problem: `The eval stopped: ${error instanceof Error ? error.message : String(error)}` });
      } finally {
        if (controller?.signal === signal) controller = undefined;
        set({ running: false, progress: undefined, live: undefined });
      }
    },
    stop: () => controller?.abort(),
  }));
}
