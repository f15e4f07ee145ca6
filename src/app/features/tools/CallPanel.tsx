// The timeout field, Call tool, Send anyway (after validation failed), and what blocks a call.
import { useId } from 'react';
import { useTools } from '../../hooks.js';
import { parseTimeout } from './tools-store.js';

interface Props {
  /** Why the tool cannot be called now, if so. */
  blocked?: string;
  /** The problems found in the arguments, shown once the user tried to call. */
  problems?: { title: string; lines: string[]; canSendAnyway: boolean };
  /** Whether the call will ask for confirmation first, for a tool marked destructive. */
  confirmNote?: string;
  onCall: (anyway: boolean) => void;
}

export function CallPanel({ blocked, problems, confirmNote, onCall }: Props) {
  const setTimeoutText = useTools((s) => s.setTimeoutText);
  const timeoutText = useTools((s) => s.timeoutText);
  const timeoutId = useId();
  const reasonId = useId();
  const noteId = useId();
  const timeout = parseTimeout(timeoutText);
  const disabled = blocked !== undefined || !timeout.ok;
  return (
    <div className="call-panel">
      {problems && (
        <div className="validation-summary" aria-live="polite">
          <p>{problems.title}</p>
          <ul>
            {problems.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {problems.canSendAnyway && <p className="hint">Press Send anyway to send these arguments as they are and see how the server handles them.</p>}
        </div>
      )}
      <div className="call-row">
        <div className="field timeout-field">
          <label htmlFor={timeoutId}>Timeout (s)</label>
          <input
            id={timeoutId}
            type="number"
            min="0.1"
            step="any"
            value={timeoutText}
            aria-invalid={timeout.ok ? undefined : true}
            onChange={(e) => setTimeoutText(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="primary"
          disabled={disabled}
          aria-describedby={[blocked || !timeout.ok ? reasonId : '', confirmNote ? noteId : ''].filter(Boolean).join(' ') || undefined}
          onClick={() => onCall(false)}
        >
          Call tool
        </button>
        {problems?.canSendAnyway && (
          <button type="button" className="send-anyway" disabled={disabled} onClick={() => onCall(true)}>
            Send anyway
          </button>
        )}
        {confirmNote && (
          <span id={noteId} className="hint">
            {confirmNote}
          </span>
        )}
        {(blocked || !timeout.ok) && (
          <span id={reasonId} className="hint">
            {blocked ?? (!timeout.ok ? timeout.message : '')}
          </span>
        )}
      </div>
    </div>
  );
}
