// Rule COMPLETION-RESULT: a completion/complete answer carries at most 100
// values, each a string, and a `total` no smaller than what it sent.

import { completionProblems, readCompletion } from '../mcp/completion.js';
import type { Report } from './report.js';

export function checkCompletionResult(result: unknown, report: Report): void {
  const read = readCompletion(result);
  // A missing "completion" or "values" is the schema's to report (rule SCHEMA).
  if (!read.ok) return;
  const problems = completionProblems(read.answer);
  if (problems.length > 0) report('COMPLETION-RESULT', `The completion/complete answer breaks the limits: ${problems.join('; ')}.`, 'server');
}
