// The verdict on one ping exchange: did an answer come (the session pairs it
// by id and JSON type, through the request ledger), and is it what the
// specification asks for (see compliance.ts)?

import type { RequestOutcome } from '../session/types.js';
import { pingAnswerProblem } from './compliance.js';
import { discoverAnswerProblems, discoverProblemText } from './discover-compliance.js';

export interface PingVerdict {
  compliant: boolean;
  /** Each failing check, as a sentence; empty when compliant. */
  failures: string[];
}

/** The failure of an exchange that brought no answer (refused, closed, timed out, cancelled), or undefined when it was answered. */
function unanswered(outcome: RequestOutcome): string | undefined {
  return outcome.status === 'result' || outcome.status === 'error' ? undefined : outcome.message;
}

const verdictOf = (failures: string[]): PingVerdict => ({ compliant: failures.length === 0, failures });

export function pingVerdict(outcome: RequestOutcome): PingVerdict {
  if (outcome.status !== 'result' && outcome.status !== 'error') return verdictOf([unanswered(outcome)!]);
  const failures: string[] = [];
  const problem = pingAnswerProblem(outcome.status === 'error' ? { error: outcome.error } : { result: outcome.result });
  if (problem?.kind === 'error') failures.push(`answered with an error instead of a result: ${problem.code} ${problem.message}`);
  if (problem?.kind === 'not-empty') failures.push(`result is not empty: ${JSON.stringify(problem.result)}`);
  return verdictOf(failures);
}

/** The verdict on one discover round trip (the liveness probe of a 2026-07-28 connection): answered, with a DiscoverResult. */
export function discoverVerdict(outcome: RequestOutcome, versionInUse?: string): PingVerdict {
  if (outcome.status !== 'result' && outcome.status !== 'error') return verdictOf([unanswered(outcome)!]);
  const answer = outcome.status === 'error' ? { error: outcome.error } : { result: outcome.result };
  return verdictOf(discoverAnswerProblems(answer, versionInUse).map(discoverProblemText));
}
