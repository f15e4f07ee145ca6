// Sampling rules: the server's sampling/createMessage (SAMPLING-REQUEST, and
// CAP-UNDECLARED for tools or context the client did not declare) and the
// client's CreateMessageResult (SAMPLING-RESULT), judged by the same functions
// that mcpscope's own sampling answers go through.

import { samplingRequestProblems } from '../sampling/request.js';
import { samplingResultProblems } from '../sampling/result.js';
import type { Report } from './report.js';
import type { SessionFacts } from './state.js';

export function checkSamplingRequest(facts: SessionFacts, params: unknown, report: Report): void {
  for (const problem of samplingRequestProblems(params, { version: facts.version, clientCapabilities: facts.clientCapabilities })) {
    report(problem.capability ? 'CAP-UNDECLARED' : 'SAMPLING-REQUEST', `sampling/createMessage: ${problem.message}`, 'server', problem.severity);
  }
}

export function checkSamplingResult(facts: SessionFacts, requestParams: unknown, result: unknown, report: Report): void {
  for (const problem of samplingResultProblems(result, requestParams, facts.version)) {
    report('SAMPLING-RESULT', `The sampling/createMessage result: ${problem}`, 'client');
  }
}
