// The latest prompts/get: its messages, or what went wrong; raw one click away.

import { formatClock, formatDuration } from '../../../protocol/index.js';
import { RawExchange } from '../../components/RawExchange.js';
import { RoundsNote } from '../../components/RoundsNote.js';
import { RequestProblemView } from '../resources/RequestProblemView.js';
import { describeProblem } from '../resources/request-problem.js';
import { PromptMessages } from './PromptMessages.js';
import { parsePromptResult } from './prompt-result.js';
import type { UseQueryResult } from '@tanstack/react-query';
import { latestRead, type ServerRead } from '../../server-data/reads.js';

function Result({ result }: { result: unknown }) {
  const parsed = parsePromptResult(result);
  if (!parsed.ok) return <p className="warning">{parsed.error} Open the raw exchange below to see what came back.</p>;
  return (
    <>
      {parsed.description !== undefined && <p className="prompt-description">{parsed.description}</p>}
      <PromptMessages messages={parsed.messages} />
    </>
  );
}

export function PromptResultView({ name, query }: { name: string; query: UseQueryResult<ServerRead> }) {
  // While a new get is under way the last one is not shown (it may be of other arguments).
  const read = query.isFetching ? undefined : latestRead(query);
  if (!read) {
    if (!query.isError) return null;
    return (
      <p role="alert" className="warning">
        prompts/get failed inside mcpscope: {query.error.message} Press Get prompt to try again.
      </p>
    );
  }
  const { outcome } = read;
  const problem = describeProblem(outcome, 'prompts/get');
  return (
    <section className="prompt-result" aria-label={`Result of ${name}`}>
      <p className="hint">
        <span className="mono">prompts/get</span> {name}
        {` · ${formatClock(read.finishedAt)}`}
        {(outcome.status === 'result' || outcome.status === 'error') && ` · ${formatDuration(outcome.rttMs)}`}
      </p>
      <RoundsNote rounds={read.rounds} outcome={outcome} />
      {problem ? <RequestProblemView problem={problem} /> : outcome.status === 'result' && <Result result={outcome.result} />}
      <RawExchange outcome={outcome} />
    </section>
  );
}
