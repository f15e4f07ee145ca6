// `mcpscope check --reporter junit|tap`: the check's report as a test run, so
// CI reads it with the same reporters as `mcpscope test` — a suite per protocol
// generation checked, a case per step, and one for the lint findings.

import { plural } from '../../src/protocol/index.js';
import type { CheckReport } from '../check.js';
import type { GenerationsReport } from '../check-generations.js';
import type { FileReport, RunReport, StepReport } from './report.js';

function suite(r: CheckReport, startedAt: string): FileReport {
  const steps: StepReport[] = r.steps.map((s) => {
    const base = { name: s.name, durationMs: 0 };
    if (s.status === 'fail') return { ...base, status: 'failed', failures: [s.detail], notes: [] };
    if (s.status === 'skip') return { ...base, status: 'skipped', failures: [], notes: [s.detail] };
    return { ...base, status: 'passed', failures: [], notes: s.status === 'warn' ? [`warning: ${s.detail}`] : [] };
  });
  const errors = r.findings.filter((f) => f.severity === 'error').map((f) => `${f.rule}: ${f.message}`);
  steps.push({
    name: 'lint findings about the server',
    status: errors.length ? 'failed' : 'passed',
    durationMs: 0,
    failures: errors,
    notes: [plural(r.warnings, 'warning')],
  });
  const protocol = r.protocolVersion ?? 'not negotiated';
  return {
    file: 'mcpscope check',
    name: `check ${r.era} (protocol ${protocol})`,
    server: `${r.server.name} ${r.server.version}, protocol ${protocol}`,
    startedAt,
    durationMs: 0,
    steps,
  };
}

export function checkRunReport(report: GenerationsReport, startedAt: Date, durationMs: number): RunReport {
  const at = startedAt.toISOString();
  return { name: 'mcpscope check', files: [suite(report, at), ...(report.also ? [suite(report.also, at)] : [])], durationMs };
}
