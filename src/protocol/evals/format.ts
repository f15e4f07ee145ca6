// A tool-choice eval file, as read: the server whose tools are offered, the
// models asked, and the prompts, each with the tool a model should pick.
// `parse.ts` makes one from YAML (the test-file format's server and value
// expectations, reused); `judge.ts` judges one reply; `run.ts` runs them all.

import type { TestServer, ValueExpectation } from '../testfile/format.js';

/** What a model should do with one prompt. */
export type EvalChoice =
  /** Call one of these tools first (one name, or any of several that would do). */
  | { kind: 'tool'; tools: string[]; arguments?: ValueExpectation }
  /** Call no tool: answer in words. */
  | { kind: 'none' };

export interface EvalPrompt {
  /** Unique in the file; names the prompt in reports. */
  name: string;
  prompt: string;
  expect: EvalChoice;
  /** Asked this many times of each model; the file's `runs` when not given. */
  runs: number;
  /** The least pass rate (0–1) per model; the file's `threshold` when not given. */
  threshold: number;
  /** 1-based line of the prompt in the file, for reports. */
  line: number;
}

/** An eval's prompts and settings. The CLI starts the server the file names; the page offers the tools of the connection in view and starts none. */
export interface EvalSuite {
  name: string;
  server?: TestServer;
  protocolVersion?: string;
  /** `PROVIDER/MODEL` as written; a command line's `--model` replaces them. */
  models: string[];
  systemPrompt?: string;
  maxTokens: number;
  /** Milliseconds one model call may take. */
  timeoutMs: number;
  /** Only these of the server's tools are offered (all when not given). */
  tools?: string[];
  prompts: EvalPrompt[];
}

/** An eval file as the CLI reads it: one that names its server. */
export interface EvalFile extends EvalSuite {
  server: TestServer;
}

export const DEFAULT_EVAL_RUNS = 3;
export const DEFAULT_EVAL_THRESHOLD = 0.8;
export const DEFAULT_EVAL_MAX_TOKENS = 1024;
export const DEFAULT_EVAL_TIMEOUT_MS = 60_000;
/** At most this many runs of one prompt for one model: an eval is a sample, not a load test. */
export const MAX_EVAL_RUNS = 100;

/** The suite with the same runs and/or threshold for every prompt (the CLI's --runs and --threshold, the page's fields). */
export function withRunsAndThreshold<T extends EvalSuite>(suite: T, override: { runs?: number | undefined; threshold?: number | undefined }): T {
  const { runs, threshold } = override;
  return {
    ...suite,
    prompts: suite.prompts.map((p) => ({ ...p, ...(runs !== undefined ? { runs } : {}), ...(threshold !== undefined ? { threshold } : {}) })),
  };
}
