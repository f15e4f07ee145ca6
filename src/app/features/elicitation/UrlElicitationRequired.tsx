// The -32042 "URL elicitation required" error (2025-11-25): the request needs
// the person to complete URL elicitations first. Each one is shown like a URL
// elicitation request (message, address, host emphasised; opened only on a
// click), with what became of it; Retry sends the original request again.

import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { describeUrlTarget, requiredElicitations, type UrlElicitation } from '../../../protocol/index.js';
import { useConnectionScope } from '../../hooks.js';
import { UrlTargetView, openUrlElicitation } from './UrlTarget.js';
import './elicitation.css';

function RequiredElicitation({ elicitation }: { elicitation: UrlElicitation }) {
  const { elicitations } = useConnectionScope();
  const status = useStore(elicitations.store, (s) => s.urls.get(elicitation.elicitationId));
  const target = describeUrlTarget(elicitation.url);
  const opens = !('problem' in target) && target.opens;
  return (
    <li className="url-required-item" aria-label={`URL elicitation ${elicitation.elicitationId || '(no id)'}`}>
      <p className="elicitation-message">{elicitation.message || '(no message)'}</p>
      <UrlTargetView url={elicitation.url} target={target} />
      <p role="status" className={status?.completed ? 'url-complete' : 'hint'}>
        {status?.completed
          ? 'Completed: the server sent notifications/elicitation/complete.'
          : status?.opened
            ? 'Opened; the server may report it complete. Retry when you are done.'
            : 'Not opened yet.'}
      </p>
      <div className="toolbar">
        <button
          type="button"
          className="small"
          disabled={!opens}
          onClick={() => {
            if ('problem' in target || !target.opens) return;
            openUrlElicitation(target);
            if (elicitation.elicitationId) elicitations.opened(elicitation.elicitationId);
          }}
        >
          Open in a new tab
        </button>
      </div>
    </li>
  );
}

export function UrlElicitationRequired({ data, onRetry, retryBlocked }: { data: unknown; onRetry: () => void; retryBlocked?: string }) {
  const { elicitations } = useConnectionScope();
  const { elicitations: list, problems } = useMemo(() => requiredElicitations(data), [data]);
  // Followed by id, so the server's completion notifications can mark them done.
  useEffect(() => elicitations.track(list), [elicitations, list]);
  const allDone = useStore(elicitations.store, (s) => list.length > 0 && list.every((e) => s.urls.get(e.elicitationId)?.completed));
  return (
    <section className="url-required" aria-label="URL elicitation required">
      <p>
        The server needs {list.length === 1 ? 'a web page' : `${list.length} web pages`} opened before it can answer this request. Open{' '}
        {list.length === 1 ? 'it' : 'each'}, finish there, then retry. Nothing opens without your click.
      </p>
      {problems.length > 0 && <p className="hint">The error is malformed ({problems.join('; ')}); the Problems tab lists it.</p>}
      <ul className="url-required-list">
        {list.map((e, i) => (
          <RequiredElicitation key={`${i}:${e.elicitationId}`} elicitation={e} />
        ))}
      </ul>
      <div className="toolbar">
        <button type="button" className={allDone ? 'primary' : undefined} disabled={retryBlocked !== undefined} title={retryBlocked} onClick={onRetry}>
          Retry the request
        </button>
        {allDone && <span className="url-complete">All complete: the request can be retried.</span>}
      </div>
    </section>
  );
}
