// completion/complete as a TanStack query: a repeatable read keyed by the
// connection and the exact params (ref, argument, value, context), so an
// answer is cached for what was asked and never shown for anything else.

import { queryOptions } from '@tanstack/react-query';
import { completeParams, outcomeMessage, readCompletion, type CompletionAnswer, type CompletionAsk } from '../../../protocol/index.js';
import type { ReadDeps } from '../../server-data/reads.js';

export const completionQueryKey = (connection: number, params: Readonly<Record<string, unknown>>) =>
  ['server', connection, 'completion/complete', params] as const;

/** Suggestions are only worth having while the person types: a slow server is given up on sooner than other reads. */
const TIMEOUT_MS = 10_000;
/** How long an answer is reused for the same params (the spec asks clients to cache). */
const FRESH_MS = 60_000;

/** The query of one completion/complete; it rejects with a sentence when there is nothing to offer. */
export function completionQuery(deps: ReadDeps, connection: number, version: string, ask: CompletionAsk) {
  const params = completeParams(ask, version);
  return queryOptions<CompletionAnswer>({
    queryKey: completionQueryKey(connection, params),
    queryFn: async () => {
      const session = deps.session(connection);
      if (!session) throw new Error('Not connected: connect to a server first.');
      const outcome = await session.request('completion/complete', params, { timeoutMs: TIMEOUT_MS });
      if (outcome.status !== 'result') throw new Error(`No suggestions: ${outcomeMessage(outcome)}`);
      const read = readCompletion(outcome.result);
      if (!read.ok) throw new Error(`No suggestions: ${read.problem} The Log shows the answer.`);
      return read.answer;
    },
    staleTime: FRESH_MS,
    retry: false,
  });
}
