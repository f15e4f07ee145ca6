// The Runs and Threshold fields of the Evals tab: empty keeps each prompt's own, else one value for every prompt,
// within the limits the eval file has.
import { MAX_EVAL_RUNS } from '../../../protocol/index.js';

export interface RunOverrides {
  runs?: number;
  threshold?: number;
}

export function overridesOf(runsText: string, thresholdText: string): { ok: true; value: RunOverrides } | { ok: false; error: string } {
  const value: RunOverrides = {};
  if (runsText.trim() !== '') {
    const runs = Number(runsText);
    if (!Number.isInteger(runs) || runs < 1 || runs > MAX_EVAL_RUNS)
      return { ok: false, error: `Runs is "${runsText}": write a whole number from 1 to ${MAX_EVAL_RUNS}, or leave it empty for the file's.` };
    value.runs = runs;
  }
  if (thresholdText.trim() !== '') {
    const threshold = Number(thresholdText);
    if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1)
      return {
        ok: false,
        error: `Threshold is "${thresholdText}": write the least pass rate from 0 to 1 (0.8: four runs in five), or leave it empty for the file's.`,
      };
    value.threshold = threshold;
  }
  return { ok: true, value };
}
