// An eval run as a JSON file: the eval, the models, the tools offered, every prompt and model pair's tally (wrong
// choices with their arguments, failed calls), and the tools the models confused.
import { toolConfusions } from '../../../protocol/index.js';
import { offerDownload } from '../../download.js';
import type { EvalRun } from './eval-store.js';

export function evalRunJson(run: EvalRun): string {
  const { suite, report } = run;
  return JSON.stringify(
    {
      eval: report.name,
      startedAt: run.startedAt,
      stopped: report.stopped,
      passed: report.passed,
      models: run.models,
      toolsOffered: run.tools.map((t) => t.name),
      cells: report.cells,
      confusions: toolConfusions(suite, report),
    },
    null,
    2,
  );
}

export function exportEvalRun(run: EvalRun): void {
  const name = run.report.name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'eval';
  offerDownload(`mcpscope-eval-${name}.json`, evalRunJson(run), 'application/json');
}
