// The live connection status (the page's one role="status" for it, announced as it
// changes; in the top bar) and the server's details (in the sidebar).

import { HTTP_MODE_LABEL, eraOf, joinArgs, type VersionChoice } from '../../../protocol/index.js';
import { useConnection } from '../../hooks.js';
import { DiscoverRefresh } from './DiscoverRefresh.js';
import { ServerFacts, ServerLine } from './ServerSummary.js';
import { TransportDetails, TransportSummary } from './TransportSummary.js';
import type { ConnectionSnapshot } from '../../connection/snapshot.js';

/** What the connection is doing before it is ready, by the version choice (a legacy one: initialize, as always). */
function startingStep(choice: VersionChoice): { doing: string; asking?: string } {
  if (choice === 'auto') return { doing: 'Choosing the protocol generation…', asking: ' Auto: server/discover, or initialize for a legacy server' };
  if (eraOf(choice) === 'modern') return { doing: 'Discovering…', asking: ` server/discover with ${choice}` };
  return { doing: 'Initializing…' };
}

/** How a connection reaches its server: a stdio command line, or the HTTP URL and transport. */
function Route({ snapshot }: { snapshot: ConnectionSnapshot }) {
  if (snapshot.http) return <TransportSummary http={snapshot.http} />;
  if (snapshot.transport.kind !== 'stdio') return null;
  const line = joinArgs([snapshot.transport.command, ...snapshot.transport.args]);
  return (
    <p className="route mono" title={line}>
      {line}
    </p>
  );
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
            <ServerLine info={snapshot.info} {...(snapshot.reason !== undefined ? { reason: snapshot.reason } : {})} />
          ) : (
            <p className="status-line ok">
              Connected{snapshot.withoutInitialize ? ' without initialize: no protocol version or capabilities were negotiated.' : '.'}
            </p>
          )}
          <Route snapshot={snapshot} />
        </>
      );
    case 'closed':
      return snapshot.failure ? <p className="status-line bad">Not connected.</p> : <p className="status-line">Disconnected. {snapshot.endedBecause}</p>;
  }
}

export function ConnectionStatus() {
  return (
    <div className="status-area" role="status" aria-live="polite" aria-label="Connection status">
      <StatusContent />
    </div>
  );
}

/**
 * A ready connection's details. A modern one's info is its newest server/discover answer (a Refresh)
 * with the serverInfo of the newest result's _meta: the connection keeps it current.
 */
export function ServerDetails() {
  const info = useConnection((s) => (s.snapshot?.status === 'ready' ? s.snapshot.info : undefined));
  const http = useConnection((s) => (s.snapshot?.status === 'ready' ? s.snapshot.http : undefined));
  if (info === undefined && http === undefined) return null;
  return (
    <section className="server-summary" aria-label="Server details">
      {http && <TransportDetails http={http} />}
      {info && <ServerFacts info={info} />}
      {info?.era === 'modern' && <DiscoverRefresh />}
    </section>
  );
}
