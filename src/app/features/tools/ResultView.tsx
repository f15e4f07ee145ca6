// One call's outcome: content blocks and structuredContent for a result, a
// tool error (isError) set apart from a JSON-RPC protocol error, and
// timeout / cancelled / closed with their message; the raw frames one click away.

import { RawAndPretty } from '../../components/RawAndPretty.js';
import { RoundsNote } from '../../components/RoundsNote.js';
import { ContentBlocks } from '../../components/content/ContentBlocks.js';
import { JsonTree } from '../../components/content/JsonTree.js';
import '../../components/content/content.css';
import { URL_ELICITATION_REQUIRED, type RequestOutcome } from '../../../protocol/index.js';
import { readCallResult } from './call-result.js';
import { UrlElicitationRequired } from '../elicitation/UrlElicitationRequired.js';
import { TaskCreated } from '../tasks/TaskCreated.js';
import { errorCodeName } from './format.js';
import { StructuredContentCheck } from './StructuredContentCheck.js';
import type { ToolCallRecord } from './tools-store.js';

const NOTICE: Record<'timeout' | 'cancelled' | 'closed' | 'refused' | 'stopped', string> = {
  stopped: 'Stopped asking for input',
  timeout: 'Timed out',
  cancelled: 'Cancelled',
  closed: 'Connection closed',
  refused: 'Not sent',
};

/** Sending a past call again (after a -32042 error, say), and why it cannot go now. */
export interface Retry {
  run: (record: ToolCallRecord) => void;
  blocked?: string;
}

function Outcome({ record, retry }: { record: ToolCallRecord; retry?: Retry }) {
  const { outcome, tool } = record;
  switch (outcome.status) {
    case 'result': {
      const reading = readCallResult(outcome.result, record.asTask === true);
      if (reading.kind === 'task') return <TaskCreated task={reading.task} generation={reading.generation} />;
      if (reading.kind === 'malformed-task') {
        return (
          <div className="call-problem">
            <p className="call-problem-title">Malformed task handle</p>
            <p>The server marked its answer as a task (resultType "task"), but {reading.error} It cannot be polled. The result, as received:</p>
            <JsonTree value={outcome.result} label="Malformed task handle" />
          </div>
        );
      }
      if (reading.kind === 'malformed') {
        return (
          <div className="call-problem">
            <p className="call-problem-title">Malformed result</p>
            <p>{reading.error} The server's result, as received:</p>
            <JsonTree value={outcome.result} label="Malformed result" />
          </div>
        );
      }
      const result = outcome.result as Record<string, unknown>;
      const isError = reading.result.isError === true;
      return (
        <div className={isError ? 'tool-error' : 'tool-success'}>
          {isError ? (
            <>
              <p className="tool-error-title">Tool error</p>
              <p className="hint">The tool ran and reported a failure (isError: true); its content explains why. This is not a protocol error.</p>
            </>
          ) : (
            <p className="tool-success-title">Result</p>
          )}
          <ContentBlocks blocks={reading.result.content} />
          <StructuredContentCheck tool={tool} result={result} />
        </div>
      );
    }
    case 'error': {
      const name = errorCodeName(outcome.error.code);
      return (
        <div className="protocol-error">
          <p className="protocol-error-title">Protocol error</p>
          <p className="hint">The server answered with a JSON-RPC error instead of a result: the call did not run as a tool call.</p>
          <dl className="error-fields">
            <dt>code</dt>
            <dd className="mono">
              {outcome.error.code}
              {name && ` (${name})`}
            </dd>
            <dt>message</dt>
            <dd>{outcome.error.message}</dd>
            {outcome.error.data !== undefined && (
              <>
                <dt>data</dt>
                <dd>
                  <JsonTree value={outcome.error.data} label="error data" />
                </dd>
              </>
            )}
          </dl>
          {outcome.error.code === URL_ELICITATION_REQUIRED && retry && (
            <UrlElicitationRequired
              data={outcome.error.data}
              onRetry={() => retry.run(record)}
              {...(retry.blocked !== undefined ? { retryBlocked: retry.blocked } : {})}
            />
          )}
        </div>
      );
    }
    default:
      return (
        <div className={`call-notice notice-${outcome.status}`}>
          <p className="call-notice-title">{NOTICE[outcome.status]}</p>
          <p>{outcome.message}</p>
          {outcome.status === 'stopped' && <JsonTree value={outcome.result} label="The server's last answer" />}
          {outcome.status === 'closed' && retry && (
            // A request lost on its way (a 2026-07-28 response stream that broke cannot be resumed): re-issue it.
            <p>
              <button type="button" disabled={retry.blocked !== undefined} title={retry.blocked} onClick={() => retry.run(record)}>
                Send again (new id)
              </button>
            </p>
          )}
        </div>
      );
  }
}

function RawFrames({ outcome }: { outcome: RequestOutcome }) {
  const request = 'request' in outcome ? outcome.request : undefined;
  const response = 'response' in outcome ? outcome.response : undefined;
  return (
    <details className="raw-frames">
      <summary>Raw</summary>
      {request && <RawAndPretty title="Request" raw={request.raw} />}
      {response ? <RawAndPretty title="Response" raw={response.raw} /> : <p className="hint">No response frame was received.</p>}
    </details>
  );
}

export function ResultView({ record, retry }: { record: ToolCallRecord; retry?: Retry }) {
  return (
    <div className="result-view">
      <RoundsNote rounds={record.rounds} outcome={record.outcome} />
      <Outcome record={record} {...(retry ? { retry } : {})} />
      <RawFrames outcome={record.outcome} />
    </div>
  );
}
