// The OAuth flow in the connection status: where it is, or how it
// ended, in one sentence, with the way to the Authorization tab. On the first
// screen, so it is small: the tab itself loads on demand.

import { useStore } from 'zustand';
import { useApp } from '../../app-context.js';
import { useConnectionScope, useConnection } from '../../hooks.js';
import { flowSentence } from '../../connection/auth-flow-text.js';

export function AuthStatus() {
  const { navigationStore } = useApp();
  const { authFlows } = useConnectionScope();
  const connection = useConnection((s) => s.snapshot?.connection);
  const flow = useStore(authFlows.store, (s) => (s.connection === connection ? s.flow : undefined));
  if (flow === undefined) return null;
  const show = (
    <button type="button" className="small" onClick={() => navigationStore.getState().selectTab('authorization')}>
      Show the Authorization tab
    </button>
  );
  if (flow.state === 'failed') {
    return (
      <div className="failure" role="alert">
        <p className="failure-title">Authorization failed</p>
        <p>{flowSentence(flow)}</p>
        <div>{show}</div>
      </div>
    );
  }
  const tone = flow.state === 'authorized' ? 'ok' : flow.state === 'cancelled' ? '' : 'busy';
  return (
    <div className="auth-status" role="status" aria-label="Authorization status">
      <p className={`status-line ${tone}`}>{flowSentence(flow)}</p>
      {flow.state !== 'authorized' && show}
    </div>
  );
}
