// What went wrong with the connection, and what the person can do about it: a failed connect
// or a crash (exit code, signal, the last stderr lines), the OAuth flow, "Continue without
// initialize", "Reconnect with …". In the main pane above the tabs, where the person looks.

import { useStore } from 'zustand';
import { useConnection, useConnectionScope } from '../../hooks.js';
import { AuthStatus } from './AuthStatus.js';
import { FailureBox } from './FailureBox.js';
import { InitializeChoice } from './InitializeChoice.js';
import { VersionSwitch } from './VersionSwitch.js';

/** The server answered -32022: the versions it named, and a switch to one of them. */
function VersionUnsupported() {
  const unsupported = useConnection((s) => s.snapshot?.versionUnsupported);
  const choice = useConnection((s) => s.snapshot?.versionChoice);
  if (unsupported === undefined) return null;
  return (
    <div className="failure" role="alert">
      <p className="failure-title">The server does not speak this protocol version</p>
      <VersionSwitch requested={choice === 'auto' ? undefined : choice} supported={unsupported.supported} />
    </div>
  );
}

/** Whether this connection's latest OAuth flow ended without a token (AuthStatus then says how, naming the step). */
function useFlowEndedUnauthorized(): boolean {
  const { authFlows } = useConnectionScope();
  const connection = useConnection((s) => s.snapshot?.connection);
  return useStore(authFlows.store, (s) => s.connection === connection && (s.flow?.state === 'failed' || s.flow?.state === 'cancelled'));
}

function Failure() {
  const failure = useConnection((s) => s.snapshot?.failure);
  // A refused version is said once, with its switch (VersionUnsupported), not again as a failed handshake.
  const versionRefused = useConnection((s) => s.snapshot?.versionUnsupported !== undefined);
  // The 401/403 after a flow that failed carries the flow's own message: said once, by AuthStatus.
  const flowEnded = useFlowEndedUnauthorized();
  const refusedForFlow = flowEnded && (failure?.httpProblem === 'unauthorized' || failure?.httpProblem === 'forbidden');
  if (!failure || versionRefused || refusedForFlow) return null;
  return (
    <div role="alert">
      <FailureBox failure={failure} />
    </div>
  );
}

export function ConnectionNotices() {
  return (
    <div className="connection-notices">
      <AuthStatus />
      <InitializeChoice />
      <VersionUnsupported />
      <Failure />
    </div>
  );
}
