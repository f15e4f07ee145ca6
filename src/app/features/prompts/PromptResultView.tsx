// The latest prompts/get: its messages, or what went wrong; raw one click away.

import { formatClock, formatDuration } from '../../../protocol/index.js';
import { RawExchange } from '../../components/RawExchange.js';
import { RequestProblemView } from '../resources/RequestProblemView.js';
import { describeProblem } from '../resources/request-problem.js';
import { PromptMessages } from './PromptMessages.js';
import { parsePromptResult } from './prompt-result.js';
import type { PromptGet } from './prompts-store.js';

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

export function PromptResultView({ get }: { get: PromptGet }) {
  const { outcome } = get;
  if (!outcome) return null;
  const problem = describeProblem(outcome, 'prompts/get');
  return (
    <section className="prompt-result" aria-label={`Result of ${get.name}`}>
      <p className="hint">
        <span className="mono">prompts/get</span> {get.name}
        {get.finishedAt !== undefined && ` · ${formatClock(get.finishedAt)}`}
        {(outcome.status === 'result' || outcome.status === 'error') && ` · ${formatDuration(outcome.rttMs)}`}
      </p>
      {problem ? <RequestProblemView problem={problem} /> : outcome.status === 'result' && <Result result={outcome.result} />}
      <RawExchange outcome={outcome} />
    </section>
  );
}
