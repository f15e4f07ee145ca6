// What running test files produced, for every reporter.

export type StepStatus = 'passed' | 'failed' | 'skipped';

export interface StepReport {
  name: string;
  status: StepStatus;
  durationMs: number;
  /** One sentence per failed expectation (or why the step produced nothing). */
  failures: string[];
  /** Snapshots created or updated; why a step was skipped. */
  notes: string[];
}

export interface FileReport {
  /** As given on the command line. */
  file: string;
  name: string;
  /** Set when the file could not run at all (not valid, the server would not start): exit 2. */
  error?: string;
  /** The server's name and version and the protocol spoken, once connected. */
  server?: string;
  startedAt: string;
  durationMs: number;
  steps: StepReport[];
}

export interface RunReport {
  /** The top suite's name in JUnit (default "mcpscope test"). */
  name?: string;
  files: FileReport[];
  durationMs: number;
}

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  errors: number;
}

export function tally(files: readonly FileReport[]): Tally {
  const steps = files.flatMap((f) => f.steps);
  return {
    passed: steps.filter((s) => s.status === 'passed').length,
    failed: steps.filter((s) => s.status === 'failed').length,
    skipped: steps.filter((s) => s.status === 'skipped').length,
    errors: files.filter((f) => f.error !== undefined).length,
  };
}

/** 0 every step passed, 1 a step failed, 2 a file could not run. */
export function exitCode(run: RunReport): 0 | 1 | 2 {
  const t = tally(run.files);
  return t.errors > 0 ? 2 : t.failed > 0 ? 1 : 0;
}
