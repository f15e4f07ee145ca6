// The call in flight: elapsed time, progress notifications, and Cancel.
import { useTools } from '../../hooks.js';
import { formatDuration } from '../../../protocol/index.js';
import { useNow } from './use-now.js';

export function InFlightCall() {
  const cancel = useTools((s) => s.cancel);
  const call = useTools((s) => s.inFlight);
  const now = useNow(call !== undefined);
  if (!call) return null;
  const { progress } = call;
  const hasTotal = progress?.total !== undefined && progress.total > 0;
  return (
    <section className="in-flight" aria-label={`Call of ${call.tool.name} in progress`}>
      <p>
        <span className="spinner" aria-hidden="true" />
        Calling <code>{call.tool.name}</code>
        {call.requestId !== undefined && <span className="hint"> (request id {JSON.stringify(call.requestId)})</span>} ·{' '}
        <span className="mono">{formatDuration(Math.max(0, now - call.startedAt))}</span>
      </p>
      {call.awaitingInput && (
        <p className="hint">
          Round {call.awaitingInput.round} ended with input_required: answer the server&apos;s{' '}
          {call.awaitingInput.keys.length === 1 ? 'question' : `${call.awaitingInput.keys.length} questions`}, then the call is sent again with your answers
          (Cancel gives {call.awaitingInput.keys.length === 1 ? 'it' : 'them'} up).
        </p>
      )}
      {progress && (
        <div className="progress-row">
          <progress aria-label={`Progress of ${call.tool.name}`} {...(hasTotal ? { value: progress.progress, max: progress.total } : {})} />
          <span className="mono">
            {Number.isNaN(progress.progress) ? '?' : progress.progress}
            {hasTotal && ` / ${progress.total}`}
          </span>
          {progress.message && <span className="progress-message">{progress.message}</span>}
        </div>
      )}
      <button type="button" disabled={(call.requestId === undefined && call.awaitingInput === undefined) || call.cancelRequested} onClick={() => cancel()}>
        {call.cancelRequested ? 'Cancelling…' : 'Cancel'}
      </button>
    </section>
  );
}
