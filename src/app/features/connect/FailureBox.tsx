// Why the connection failed, with the exit code/signal and the last stderr lines.

import type { ConnectionFailure } from '../../connection/failures.js';
import { useConnectionScope } from '../../hooks.js';

/** "exit code 3 · signal SIGTERM", unless the message already says all of it. */
function exitLine(failure: ConnectionFailure): string | null {
  const parts: Array<{ text: string; value: string }> = [];
  if (failure.exitCode !== undefined && failure.exitCode !== null) {
    parts.push({ text: `exit code ${failure.exitCode}`, value: String(failure.exitCode) });
  }
  if (failure.signal !== undefined && failure.signal !== null) parts.push({ text: `signal ${failure.signal}`, value: failure.signal });
  if (parts.length === 0 || parts.every((p) => failure.message.includes(p.value))) return null;
  return parts.map((p) => p.text).join(' · ');
}

export function FailureBox({ failure }: { failure: ConnectionFailure }) {
  const { controller } = useConnectionScope();
  const exit = exitLine(failure);
  return (
    <div className="failure">
      <p className="failure-title">{failure.title}</p>
      <p>{failure.message}</p>
      {exit && <p className="mono">{exit}</p>}
      {failure.stderrTail.length > 0 && (
        <figure>
          <figcaption>Last stderr lines</figcaption>
          <pre className="stderr-tail" aria-label="Last stderr lines">
            {failure.stderrTail.join('\n')}
          </pre>
        </figure>
      )}
      {failure.canReconnect && (
        <button type="button" className="primary" onClick={() => void controller.reconnect()}>
          Reconnect
        </button>
      )}
      {failure.canReinitialize && (
        // A new session with the same settings: initialize again, without the old session id.
        <button type="button" className="primary" onClick={() => void controller.reconnect()}>
          Re-initialize
        </button>
      )}
    </div>
  );
}
