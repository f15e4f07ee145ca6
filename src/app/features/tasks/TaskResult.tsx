// A task's outcome (what tasks/result returned, or for the 2026 extension what
// the terminal tasks/get carried inline): a tool result shown like the Tools tab
// shows one, any other result as JSON, a JSON-RPC error or a failure with its sentence.
import { ContentBlocks } from '../../components/content/ContentBlocks.js';
import { JsonTree } from '../../components/content/JsonTree.js';
import '../../components/content/content.css';
import { outcomeMessage, parseCallToolResult, type RequestOutcome } from '../../../protocol/index.js';

export function TaskResult({ outcome, isToolCall, via = 'tasks/result' }: { outcome: RequestOutcome; isToolCall: boolean; via?: string }) {
  if (outcome.status === 'error') {
    return (
      <div className="protocol-error">
        <p className="protocol-error-title">
          {via}: error {outcome.error.code}
        </p>
        <p>{outcome.error.message}</p>
      </div>
    );
  }
  if (outcome.status !== 'result')
    return (
      <p className="hint">
        {via} got no answer: {outcomeMessage(outcome)}
      </p>
    );
  const parsed = isToolCall ? parseCallToolResult(outcome.result) : undefined;
  if (!parsed?.ok) {
    return (
      <div className="task-result">
        {parsed && <p className="hint">Not a tool result ({parsed.error}); as received:</p>}
        <JsonTree value={outcome.result} label="Task result" />
      </div>
    );
  }
  const isError = parsed.value.isError === true;
  return (
    <div className={isError ? 'tool-error' : 'tool-success'}>
      <p className={isError ? 'tool-error-title' : 'tool-success-title'}>{isError ? 'Tool error' : 'Result'}</p>
      <ContentBlocks blocks={parsed.value.content} />
    </div>
  );
}
