// An eval's results for people and for CI: a line per prompt and model with its
// pass rate against the threshold, tokens, cost and time, the wrong choices
// under it; and the same as the test reporters' steps, for JUnit, TAP and JSON.

import { formatDuration, plural, type EvalCell, type EvalReport, type ToolConfusion } from '../../src/protocol/index.js';
import type { FileReport, StepReport } from '../test/report.js';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

export function cellName(cell: EvalCell): string {
  return `${cell.prompt} · ${cell.model}`;
}

function rateText(cell: EvalCell): string {
  if (cell.notAsked !== undefined) return `not asked: ${cell.notAsked}`;
  const made = cell.runs < cell.planned ? ` (${cell.planned} planned)` : '';
  return `${cell.passed} of ${cell.runs} runs${made} chose right (${percent(cell.rate)}; needs ${percent(cell.threshold)})`;
}

function usageText(cell: EvalCell): string {
  const cost = cell.costUsd === undefined ? 'cost unknown' : `$${cell.costUsd.toFixed(4)}`;
  return `${cell.inputTokens} in / ${cell.outputTokens} out tokens, ${cost}, ${formatDuration(cell.latencyMs)}`;
}

/** The wrong choices and failed calls of a cell, most frequent first. */
export function reasonLines(cell: EvalCell): string[] {
  const wrong = [...cell.wrong].sort((a, b) => b.count - a.count).map((w) => `${w.count}× ${w.reason}`);
  const failed = cell.failures.map((f) => `the model call failed${cell.errors > 1 ? ` (${cell.errors} runs)` : ''}: ${f}`);
  return [...wrong, ...failed];
}

export function cellLines(cell: EvalCell): string[] {
  const usage = cell.notAsked !== undefined ? '' : `  ${usageText(cell)}`;
  return [`  ${cell.below ? '✗' : '✓'} ${cellName(cell)}  ${rateText(cell)}${usage}`, ...reasonLines(cell).map((l) => `      ${l}`)];
}

export function evalTotals(reports: readonly EvalReport[], couldNotRun: number, durationMs: number): string {
  const cells = reports.flatMap((r) => r.cells);
  const below = cells.filter((c) => c.below).length;
  const notRun = couldNotRun ? `; ${plural(couldNotRun, 'file')} could not run` : '';
  return `${plural(cells.length, 'prompt and model pair')}: ${cells.length - below} at or above the threshold, ${below} under it${notRun} (${formatDuration(durationMs)}).`;
}

/** The cell as a test step: passed at or above its threshold, failed under it with the reasons. */
function asStep(cell: EvalCell): StepReport {
  const reasons = reasonLines(cell);
  return {
    name: cellName(cell),
    status: cell.below ? 'failed' : 'passed',
    durationMs: cell.latencyMs,
    failures: cell.below ? [cell.notAsked !== undefined ? rateText(cell) : `${rateText(cell)}.`, ...reasons] : [],
    notes: [rateText(cell), usageText(cell), ...(cell.below ? [] : reasons)],
  };
}

export function asFileReport(file: string, report: EvalReport, base: Omit<FileReport, 'file' | 'name' | 'steps'>): FileReport {
  return { ...base, file, name: report.name, steps: report.cells.map(asStep) };
}

/** Tools a model took one for another: a hint to tell them apart in their names or descriptions. */
export function confusionLines(confusions: readonly ToolConfusion[]): string[] {
  if (confusions.length === 0) return [];
  return [
    'Tools the models confused (their names or descriptions may need to tell them apart):',
    ...confusions.map((c) => `  ${c.called} where ${c.expected.join(' or ')} was wanted: ${plural(c.count, 'time')} (${c.models.join(', ')})`),
  ];
}
