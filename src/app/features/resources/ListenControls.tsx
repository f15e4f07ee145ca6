// 2026-07-28: "Listen for changes" opens one subscriptions/listen stream with
// the chosen opt-ins (it replaces resources/subscribe and the GET stream) and
// shows what arrives on it, each notification with its subscription id.

import { useId } from 'react';
import { formatClock } from '../../../protocol/index.js';
import { useConnection, useListen } from '../../hooks.js';

export function ListenControls() {
  const ready = useConnection((s) => s.snapshot?.status === 'ready');
  const choice = useListen((s) => s.choice);
  const status = useListen((s) => s.status);
  const subscriptionId = useListen((s) => s.subscriptionId);
  const acknowledged = useListen((s) => s.acknowledged);
  const declined = useListen((s) => s.declined);
  const entries = useListen((s) => s.entries);
  const ended = useListen((s) => s.ended);
  const setChoice = useListen((s) => s.setChoice);
  const start = useListen((s) => s.start);
  const stop = useListen((s) => s.stop);
  const urisId = useId();
  const open = status !== 'idle';
  const nothingChosen = !choice.toolsListChanged && !choice.promptsListChanged && !choice.resourcesListChanged && choice.uris.trim() === '';

  return (
    <section className="listen" aria-label="Listen for changes">
      <h3>Changes (subscriptions/listen)</h3>
      <fieldset disabled={open}>
        <legend className="hint">Receive, on one long-lived stream:</legend>
        {(
          [
            ['toolsListChanged', 'tools list changes'],
            ['promptsListChanged', 'prompts list changes'],
            ['resourcesListChanged', 'resources list changes'],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="check">
            <input type="checkbox" checked={choice[key]} onChange={(e) => setChoice({ [key]: e.target.checked })} /> {label}
          </label>
        ))}
        <label htmlFor={urisId}>Updates of these resource URIs (one per line)</label>
        <textarea id={urisId} rows={2} value={choice.uris} onChange={(e) => setChoice({ uris: e.target.value })} placeholder="file:///project/config.json" />
      </fieldset>
      <div className="toolbar">
        {open ? (
          <button type="button" className="small" disabled={status === 'stopping'} onClick={() => void stop()}>
            Stop listening
          </button>
        ) : (
          <button type="button" className="small" disabled={!ready || nothingChosen} onClick={start}>
            Listen for changes
          </button>
        )}
        <span className="hint" aria-live="polite">
          {!ready
            ? 'Not connected: connect to a server first.'
            : open
              ? `Listening (subscription id ${JSON.stringify(subscriptionId)})${acknowledged ? '' : ', waiting for the acknowledgement…'}`
              : nothingChosen
                ? 'Choose at least one kind of change.'
                : (ended ?? 'Not listening.')}
        </span>
      </div>
      {declined !== undefined && declined.length > 0 && (
        <p className="warning">⚠ The server did not acknowledge: {declined.join(', ')}. It will not send those.</p>
      )}
      {entries.length > 0 && (
        <ol className="listen-entries plain-list" aria-label="Notifications received on the listen stream">
          {entries.map((e, i) => (
            <li key={`${e.at}-${i}`} className="mono">
              <span className="hint">{formatClock(e.at)}</span> {e.method} <span className="badge">subscription {JSON.stringify(e.subscriptionId)}</span>{' '}
              {e.detail}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
