// The top bar's words for a captured connection in view: who talks to whom,
// that it is read-only and whose it is (the wrapper's pid), its state and why
// it ended, what was lost on the way, and where the capture is written.

import { useStore } from 'zustand';
import { plural } from '../../protocol/index.js';
import { hostLabel, serverName, type CapturedScope } from './captured-scope.js';

const STATE_WORD = { live: 'live', ended: 'ended', disconnected: 'disconnected' } as const;

export function CapturedStatus({ scope }: { scope: CapturedScope }) {
  const info = useStore(scope.store);
  const { session } = info;
  const why = info.unfollowed ?? (session.state !== 'live' ? session.reason : undefined);
  return (
    <>
      <span className={`state state-${session.state === 'live' ? 'ready' : 'closed'}`}>
        <span className="state-dot" aria-hidden="true" />
        <span className="state-word">{STATE_WORD[session.state]}</span>
        <span className="connection-number hint" title={`Connection ${scope.connection} of this page`}>{`#${scope.connection}`}</span>
      </span>
      <div className="status-area captured-status" role="status">
        <p className="status-line">
          {`Captured: ${hostLabel(info)} ⇄ ${serverName(info)}, read-only (mcpscope wrap, pid ${session.pid})`}
          {why !== undefined && <span className="hint">{` · ${why}`}</span>}
          {session.lost > 0 && (
            <span className="warning">{` · ${plural(session.lost, 'record')} not shown: the wrapper or the proxy could not keep them`}</span>
          )}
        </p>
        {session.capture !== undefined && (
          <p className="route mono" title={session.capture}>
            <span className="hint">Capture: </span>
            {session.capture}
          </p>
        )}
      </div>
    </>
  );
}
