// The live connection status (role="status", announced as it changes) and,
// when the connection failed, an alert with what happened.

import { useStore } from 'zustand';
import { useConnectionScope, useConnection } from '../../hooks.js';
import { HTTP_MODE_LABEL, eraOf, type VersionChoice } from '../../../protocol/index.js';
import type { ConnectionSnapshot } from '../../connection/snapshot.js';
import { AuthStatus } from './AuthStatus.js';
import { DiscoverRefresh } from './DiscoverRefresh.js';
import { FailureBox } from './FailureBox.js';
import { InitializeChoice } from './InitializeChoice.js';
import { ServerSummary } from './ServerSummary.js';
import { TransportSummary } from './TransportSummary.js';
import { VersionSwitch } from './VersionSwitch.js';

/**
 * A ready connection with something established. A modern one's info is its newest server/discover
 * answer (a Refresh) with the serverInfo of the newest result's _meta: the connection keeps it current.
 */
function ReadySummary({ snapshot, info }: { snapshot: ConnectionSnapshot; info: NonNullable<ConnectionSnapshot['info']> }) {
  const modern = info.era === 'modern';
  return (
    <>
      <ServerSummary info={info} {...(snapshot.reason !== undefined ? { reason: snapshot.reason } : {})}>
        {snapshot.http && <TransportSummary http={snapshot.http} />}
      </ServerSummary>
      {modern && <DiscoverRefresh />}
    </>
  );
}

/** What the connection is doing before it is ready, by the version choice (a legacy one: initialize, as always). */
function startingStep(choice: VersionChoice): { doing: string; asking?: string } {
  if (choice === 'auto') return { doing: 'Choosing the protocol generation…', asking: ' Auto: server/discover, or initialize for a legacy server' };
  if (eraOf(choice) === 'modern') return { doing: 'Discovering…', asking: ` server/discover with ${choice}` };
  return { doing: 'Initializing…' };
}

function StatusContent() {
  const snapshot = useConnection((s) => s.snapshot);
  if (snapshot === null) return <p className="status-line">Not connected.</p>;
  switch (snapshot.status) {
    case 'connecting':
      return <p className="status-line busy">Connecting…</p>;
    case 'initializing':
      if (snapshot.initializeUnsupported !== undefined) return <p className="status-line bad">initialize is not implemented by this server.</p>;
      return (
        <p className="status-line busy">
          {startingStep(snapshot.versionChoice).doing}{' '}
          <span className="hint">
            ({snapshot.http ? `${snapshot.http.url}, ${HTTP_MODE_LABEL[snapshot.http.mode ?? snapshot.http.requested]}` : `server pid ${snapshot.pid}`},
            {startingStep(snapshot.versionChoice).asking ?? ` offering protocol ${snapshot.offeredVersion}`})
          </span>
        </p>
      );
    case 'ready':
      return (
        <>
          {snapshot.info ? (
            <ReadySummary snapshot={snapshot} info={snapshot.info} />
          ) : (
            <>
              <p className="status-line ok">
                Connected{snapshot.withoutInitialize ? ' without initialize: no protocol version or capabilities were negotiated.' : '.'}
              </p>
              {snapshot.http && <TransportSummary http={snapshot.http} />}
            </>
          )}
        </>
      );
    case 'closed':
      return snapshot.failure ? <p className="status-line bad">Not connected.</p> : <p className="status-line">Disconnected. {snapshot.endedBecause}</p>;
  }
}

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

export function StatusArea() {
  return (
    <div className="status-area">
      <div role="status" aria-live="polite" aria-label="Connection status">
        <StatusContent />
      </div>
      <AuthStatus />
      <InitializeChoice />
      <VersionUnsupported />
      <Failure />
    </div>
  );
}
