// The Server messages tab (the server's log): the level asked of the server, then its notifications/message
// in a list filterable by least severe level and by logger, with counts, Clear
// and the selected message in full. Each message is also a frame in the Log tab.

import { useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { LOGGING_LEVELS, formatCount, isLoggingLevel, plural } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import { useConnection } from '../../hooks.js';
import { ConnectionFilter } from '../log/ConnectionFilter.js';
import { connectionCount, connectionsToOffer, shownConnection, showsConnection, type ConnectionChoice } from '../log/connection-filter.js';
import { LevelControl } from './LevelControl.js';
import { MessageDetail } from './MessageDetail.js';
import { MessageList } from './MessageList.js';
import { shownIndices } from './logging-store.js';
import { useLogging } from './use-logging.js';
import './logging.css';

/** The logger filter's value for "messages without a logger" (a logger name cannot be undefined). */
const NO_LOGGER = '\u0000none';
const ALL = '\u0000all';

function Filters() {
  const id = useId();
  const minLevel = useLogging((s) => s.minLevel);
  const logger = useLogging((s) => s.logger);
  const loggers = useLogging((s) => s.loggers);
  const setMinLevel = useLogging((s) => s.setMinLevel);
  const setLogger = useLogging((s) => s.setLogger);
  const clear = useLogging((s) => s.clear);
  const total = useLogging((s) => s.messages.length);
  const named = [...loggers.keys()].filter((k) => k !== '').sort();
  return (
    <div className="toolbar logging-filters">
      <label htmlFor={`${id}-min`}>Show at least</label>
      <select id={`${id}-min`} value={minLevel} onChange={(e) => setMinLevel(isLoggingLevel(e.target.value) ? e.target.value : '')}>
        <option value="">every level</option>
        {LOGGING_LEVELS.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-logger`}>Logger</label>
      <select
        id={`${id}-logger`}
        value={logger === undefined ? ALL : logger === '' ? NO_LOGGER : logger}
        onChange={(e) => setLogger(e.target.value === ALL ? undefined : e.target.value === NO_LOGGER ? '' : e.target.value)}
      >
        <option value={ALL}>every logger</option>
        {loggers.has('') && <option value={NO_LOGGER}>(no logger) — {formatCount(loggers.get('') ?? 0)}</option>}
        {named.map((name) => (
          <option key={name} value={name}>
            {name} — {formatCount(loggers.get(name) ?? 0)}
          </option>
        ))}
        {/* A logger chosen earlier whose messages were cleared or let go stays selectable, so the filter never hides itself. */}
        {logger !== undefined && logger !== '' && !loggers.has(logger) && <option value={logger}>{logger} — 0</option>}
      </select>
      <button type="button" className="small" disabled={total === 0} onClick={clear}>
        Clear
      </button>
    </div>
  );
}

export function LoggingTab() {
  const messages = useLogging((s) => s.messages);
  const version = useLogging((s) => s.version);
  const removed = useLogging((s) => s.removed);
  const minLevel = useLogging((s) => s.minLevel);
  const logger = useLogging((s) => s.logger);
  const [selected, setSelected] = useState<number | undefined>();
  // Messages of the connection in view by default: another server's must not mix in.
  const inView = useConnection((s) => s.snapshot?.connection);
  const [choice, setChoice] = useState<ConnectionChoice>('view');
  const connection = shownConnection(choice, inView);
  // `messages` grows in place: `version` says when.
  const { indices, perConnection } = useMemo(() => {
    const perConnection = new Map<number, number>();
    for (const m of messages) perConnection.set(m.connection, (perConnection.get(m.connection) ?? 0) + 1);
    const indices = shownIndices(messages, minLevel, logger).filter((i) => showsConnection(connection, messages[i]!.connection));
    return { indices, perConnection };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages, version, minLevel, logger, connection]);
  const labels = useStore(useApp().connectionLabels, (s) => s.labels);
  const chosen = selected === undefined ? undefined : messages.find((m) => m.n === selected);
  const several = connectionCount(perConnection) > 1;
  const filtered = minLevel !== '' || logger !== undefined || (several && connection !== undefined);

  return (
    <div className="logging-tab">
      <LevelControl />
      <Filters />
      {(connectionsToOffer(perConnection, inView, choice).length > 1 || choice !== 'view') && (
        <div className="toolbar">
          <ConnectionFilter choice={choice} onChange={setChoice} inView={inView} counts={perConnection} />
        </div>
      )}
      <p className="hint" role="status" aria-label="Message count">
        {filtered ? `Showing ${plural(indices.length, 'message')} of ${formatCount(messages.length)}` : plural(messages.length, 'message')}
        {filtered && minLevel !== '' ? ' (a message with an unknown level is always shown)' : ''}.
        {removed > 0 && ` ${plural(removed, 'older message')} let go from this view to keep it fast; each is still a frame in the Log tab.`}
      </p>
      {messages.length === 0 ? (
        <p className="hint">No log messages yet. A server sends notifications/message as it logs; each one appears here and as a frame in the Log tab.</p>
      ) : indices.length === 0 ? (
        <p className="hint">No message matches the filters.</p>
      ) : (
        <MessageList
          messages={messages}
          indices={indices}
          selected={chosen?.n}
          onSelect={setSelected}
          {...(several && connection === undefined ? { labels } : {})}
        />
      )}
      {chosen && <MessageDetail m={chosen} />}
    </div>
  );
}
