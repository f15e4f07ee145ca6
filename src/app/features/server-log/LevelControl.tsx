// logging/setLevel: where the server declares logging, a level to ask for and
// the server's answer; otherwise a sentence saying why there is nothing to set.

import { useId, useState } from 'react';
import { LOGGING_LEVELS, isLoggingLevel, type LoggingLevel } from '../../../protocol/index.js';
import { useConnection } from '../../hooks.js';
import { levelAvailability } from './level-availability.js';
import { useServerLog } from './use-server-log.js';

export function LevelControl() {
  const id = useId();
  const status = useConnection((s) => s.snapshot?.status);
  const withoutInitialize = useConnection((s) => s.snapshot?.withoutInitialize === true);
  const capabilities = useConnection((s) => s.snapshot?.info?.capabilities);
  const request = useServerLog((s) => s.request);
  const setLevel = useServerLog((s) => s.setLevel);
  const [level, setChoice] = useState<LoggingLevel>('info');
  const availability = levelAvailability(status, withoutInitialize, capabilities);

  return (
    <section className="server-log-level" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Log level</h3>
      {!availability.available ? (
        <p className="hint">{availability.reason}</p>
      ) : (
        <>
          <div className="toolbar">
            <label htmlFor={`${id}-level`}>Send messages at</label>
            <select id={`${id}-level`} value={level} onChange={(e) => isLoggingLevel(e.target.value) && setChoice(e.target.value)}>
              {LOGGING_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
            <span>and above</span>
            <button type="button" className="small" disabled={request?.state === 'sending'} onClick={() => void setLevel(level)}>
              Set level
            </button>
          </div>
          {!availability.negotiated && (
            <p className="hint">No capabilities were negotiated (connected without initialize): the server may not take logging/setLevel.</p>
          )}
          <LevelAnswer />
        </>
      )}
    </section>
  );
}

function LevelAnswer() {
  const request = useServerLog((s) => s.request);
  if (!request)
    return (
      <p className="hint">Until a level is set, the server decides which messages to send. logging/setLevel asks for one level and everything more severe.</p>
    );
  switch (request.state) {
    case 'sending':
      return (
        <p className="hint" role="status">
          Sending logging/setLevel {request.level}…
        </p>
      );
    case 'set':
      return (
        <p className="level-answer ok" role="status">
          The server accepted level <strong>{request.level}</strong> (it answered <code>{request.answer}</code>): it should now send {request.level} and above.
          Messages below it are reported in Problems (LOG-BELOW-LEVEL).
        </p>
      );
    case 'failed':
      return (
        <p className="level-answer bad" role="alert">
          logging/setLevel {request.level} failed. {request.message}
        </p>
      );
  }
}
