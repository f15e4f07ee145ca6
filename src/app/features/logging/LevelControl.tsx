// The level of the server's log messages: logging/setLevel where the server
// declares logging (legacy), or on 2026-07-28 the level put in every later
// request's _meta; otherwise a sentence saying why there is nothing to set.

import { useId, useState } from 'react';
import { LOGGING_LEVELS, isLoggingLevel, type LoggingLevel } from '../../../protocol/index.js';
import { useConnection } from '../../hooks.js';
import { levelAvailability } from './level-availability.js';
import { useLogging } from './use-logging.js';

export function LevelControl() {
  const id = useId();
  const status = useConnection((s) => s.snapshot?.status);
  const withoutInitialize = useConnection((s) => s.snapshot?.withoutInitialize === true);
  const capabilities = useConnection((s) => s.snapshot?.info?.capabilities);
  const modern = useConnection((s) => s.snapshot?.info?.era === 'modern');
  const request = useLogging((s) => s.request);
  const setLevel = useLogging((s) => s.setLevel);
  const [level, setChoice] = useState<LoggingLevel>('info');
  const availability = levelAvailability(status, withoutInitialize, capabilities, modern);

  return (
    <section className="logging-level" aria-labelledby={`${id}-title`}>
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
              {modern ? 'Use level' : 'Set level'}
            </button>
            {modern && request?.state === 'in-meta' && request.level !== undefined && (
              <button type="button" className="small" onClick={() => void setLevel(undefined)}>
                Stop asking
              </button>
            )}
          </div>
          {modern && (
            <p className="hint">
              2026-07-28 has no logging/setLevel: the level goes in the <code>_meta</code> (io.modelcontextprotocol/logLevel) of every request sent after you
              pick it, and the server may send notifications/message only while answering a request that carries one.
            </p>
          )}
          {!availability.negotiated && (
            <p className="hint">No capabilities were negotiated (connected without initialize): the server may not take logging/setLevel.</p>
          )}
          <LevelAnswer modern={modern} />
        </>
      )}
    </section>
  );
}

function LevelAnswer({ modern }: { modern: boolean }) {
  const request = useLogging((s) => s.request);
  if (!request || (request.state === 'in-meta' && request.level === undefined))
    return modern ? (
      <p className="hint">No level picked: requests carry no logLevel, so the server sends no log messages.</p>
    ) : (
      <p className="hint">Until a level is set, the server decides which messages to send. logging/setLevel asks for one level and everything more severe.</p>
    );
  switch (request.state) {
    case 'in-meta':
      return (
        <p className="level-answer ok" role="status">
          Later requests carry logLevel <strong>{request.level}</strong> in their _meta: the server may send {request.level} and above while answering them.
        </p>
      );
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
