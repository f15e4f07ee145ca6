// URL elicitations the person opened, until they dismiss them: whether the
// server has reported each one complete (notifications/elicitation/complete),
// which it may do, or never.

import { useStore } from 'zustand';
import { describeUrlTarget } from '../../../protocol/index.js';
import { useConnectionScope } from '../../hooks.js';
import './elicitation.css';

function hostOf(url: string): string {
  const target = describeUrlTarget(url);
  return 'parts' in target ? target.parts.host : url;
}

export function OpenedUrlElicitations() {
  const { elicitations } = useConnectionScope();
  const urls = useStore(elicitations.store, (s) => s.urls);
  const opened = [...urls].filter(([, u]) => u.fromRequest && u.opened);
  if (opened.length === 0) return null;
  return (
    <section className="url-elicitation-list" aria-label="Opened URL elicitations">
      <h4>Opened URL elicitations</h4>
      <ul>
        {opened.map(([id, u]) => (
          <li key={id}>
            <span className="mono">{hostOf(u.url)}</span>
            {u.completed ? (
              <strong className="url-complete">Completed by the server</strong>
            ) : (
              <span className="hint">Opened; waiting for the server to report it complete (it may never do so)</span>
            )}
            <button type="button" className="small" onClick={() => elicitations.dismiss(id)}>
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
