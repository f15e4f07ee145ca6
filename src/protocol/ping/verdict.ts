// The verdict on one ping exchange: did an answer come (the session pairs it
// by id and JSON type, through the request ledger), and is it what the
// specification asks for (see compliance.ts)?

import type { RequestOutcome } from '../session/types.js';
import { pingAnswerProblem } from './compliance.js';
import { judgeDiscover } from '../session/discover.js';

export interface PingVerdict {
  compliant: boolean;
  /** Each failing check, as a sentence; empty when compliant. */
  failures: string[];
}

export function pingVerdict(outcome: RequestOutcome): PingVerdict {
  const failures: string[] = [];
  switch (outcome.status) {
    case 'refused':
    case 'closed':
    case 'timeout':
    case 'cancelled':
      failures.push(outcome.message);
      break;
    case 'error':
    case 'result': {
      const problem = pingAnswerProblem(outcome.status === 'error' ? { error: outcome.error } : { result: outcome.result });
      if (problem?.kind === 'error') failures.push(`answered with an error instead of a result: ${problem.code} ${problem.message}`);
      if (problem?.kind === 'not-empty') failures.push(`result is not empty: ${JSON.stringify(problem.result)}`);
      break;
    }
  }
  return { compliant: failures.length === 0, failures };
}

/**
 * 2026-07-28 has no ping: a server/discover round trip stands in for it, compliant when the
 * answer is a well-formed DiscoverResult.
 */
export function discoverRoundTripVerdict(outcome: RequestOutcome): PingVerdict {
  if (outcome.status !== 'result' && outcome.status !== 'error') return { compliant: false, failures: [outcome.message] };
  const judged = judgeDiscover(outcome, true);
  if (judged.kind === 'discovered') return { compliant: true, failures: [] };
  if (judged.kind === 'malformed') return { compliant: false, failures: [judged.message] };
  return {
    compliant: false,
    failures: [
      outcome.status === 'error' ? `answered with an error instead of a result: ${outcome.error.code} ${outcome.error.message}` : 'not a DiscoverResult',
    ],
  };
}
