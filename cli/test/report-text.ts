// The text a person reads: each file, each step with its verdict and timing,
// the reasons of a failure under it, and the totals.

import { formatDuration, plural } from '../../src/protocol/index.js';
import { tally, type FileReport, type RunReport, type StepReport } from './report.js';

const MARK = { passed: '✓', failed: '✗', skipped: '–' } as const;

export function fileHeader(f: FileReport): string {
  const name = f.name === f.file ? f.file : `${f.file} — ${f.name}`;
  return f.server ? `${name} (${f.server})` : name;
}

export function stepLines(s: StepReport): string[] {
  const time = s.status === 'skipped' ? '' : `  ${formatDuration(s.durationMs)}`;
  const notes = s.notes.length ? `  (${s.notes.join('; ')})` : '';
  const reasons = s.failures.flatMap((f) => f.split('\n').map((line, i) => `${i === 0 ? '      ' : '        '}${line}`));
  return [`  ${MARK[s.status]} ${s.name}${time}${notes}`, ...reasons];
}

export function couldNotRun(f: FileReport): string[] {
  return [`  ✗ could not run: ${f.error}`];
}

export function totalsLine(run: RunReport): string {
  const t = tally(run.files);
  const steps = t.passed + t.failed + t.skipped;
  const parts = [`${t.passed} passed`, `${t.failed} failed`, ...(t.skipped ? [`${t.skipped} skipped`] : [])];
  const notRun = t.errors ? `; ${plural(t.errors, 'file')} could not run` : '';
  return `${plural(steps, 'step')}: ${parts.join(', ')}${notRun} (${plural(run.files.length, 'file')}, ${formatDuration(run.durationMs)}).`;
}
