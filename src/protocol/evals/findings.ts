// An eval's tool confusions as lint findings (MODEL-TOOLS-CONFUSED), so the page
// puts them into Problems beside the spec's rules and the provider ones: one per
// model and pair of tools, counted over the runs that model made of the prompts
// expecting the tool.

import type { ModelTool } from '../models/contract.js';
import { RULES } from '../lint/rules.js';
import type { Finding } from '../lint/state.js';
import type { EvalSuite } from './format.js';
import { modelConfusions, type EvalReport } from './run.js';

const RULE = 'MODEL-TOOLS-CONFUSED';

/** A tool the model made up is not one the server's descriptions could have confused: only offered tools count. */
export function confusionFindings(file: EvalSuite, report: EvalReport, offered: readonly ModelTool[]): Finding[] {
  const names = new Set(offered.map((t) => t.name));
  return modelConfusions(file, report)
    .filter((c) => names.has(c.called))
    .map((c) => ({
      rule: RULE,
      severity: RULES[RULE].severity,
      message: `${c.model} picked tool ${c.called} when ${c.expected.join(' or ')} was expected in ${c.count}/${c.runs} runs (eval "${report.name}"): their names or descriptions may need to tell them apart.`,
      specUrl: '',
      subject: 'server',
    }));
}
