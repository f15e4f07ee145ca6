// The live connection status (role="status", announced as it changes) and,
// when the connection failed, an alert with what happened.

import { useConnection } from '../../hooks.js';
import { HTTP_MODE_LABEL } from '../../../protocol/index.js';
import { FailureBox } from './FailureBox.js';
import { InitializeChoice } from './InitializeChoice.js';
import { ServerSummary } from './ServerSummary.js';
import { TransportSummary } from './TransportSummary.js';

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
          Initializing…{' '}
          <span className="hint">
            ({snapshot.http ? `${snapshot.http.url}, ${HTTP_MODE_LABEL[snapshot.http.mode ?? snapshot.http.requested]}` : `server pid ${snapshot.pid}`},
            offering protocol {snapshot.offeredVersion})
          </span>
        </p>
      );
    case 'ready':
      return (
        <>
          {snapshot.info ? (
            <ServerSummary info={snapshot.info}>{snapshot.http && <TransportSummary http={snapshot.http} />}</ServerSummary>
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

function Failure() {
  const failure = useConnection((s) => s.snapshot?.failure);
  if (!failure) return null;
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
      <InitializeChoice />
      <Failure />
    </div>
  );
}
