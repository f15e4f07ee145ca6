// Ping: the smallest round trip MCP has, and a check that the answer is exactly right.
// A 2026-07-28 connection has no ping: there the probe is a discover round trip.

import { useId } from 'react';
import { livenessProbe } from '../../../protocol/index.js';
import { useConnection, usePing } from '../../hooks.js';
import { HeartbeatPanel } from './HeartbeatPanel.js';
import './heartbeat.css';
import { PingHistory } from './PingHistory.js';
import { PingResult } from './PingResult.js';
import { pingAvailability } from './ping-store.js';

export function PingTab() {
  const snapshot = useConnection((s) => s.snapshot);
  const inFlight = usePing((s) => s.inFlight);
  const history = usePing((s) => s.history);
  const reasonId = useId();
  const session = useConnection((s) => s.session);
  const send = usePing((s) => s.send);
  const availability = pingAvailability(snapshot, session, inFlight);
  const last = history[0];
  const probe = livenessProbe(session);

  return (
    <div className="ping-tab">
      {probe === 'server/discover' && <ModernPingNote />}
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={!availability.ok}
          aria-describedby={availability.ok ? undefined : reasonId}
          onClick={() => void send()}
        >
          {probe === 'ping' ? 'Send ping' : 'Send discover round trip'}
        </button>
        {!availability.ok && (
          <span id={reasonId} className="hint">
            {availability.reason}
          </span>
        )}
      </div>
      <div aria-live="polite">{last && <PingResult record={last} />}</div>
      <PingHistory history={history} />
      <HeartbeatPanel />
    </div>
  );
}

/** Why a 2026-07-28 connection gets a discover round trip instead of ping. */
function ModernPingNote() {
  return (
    <p className="ping-modern-note" role="note">
      <code>ping</code> is not part of MCP 2026-07-28, which this connection speaks. The liveness probe here is a <strong>discover round trip</strong>:{' '}
      <code>server/discover</code>, timed, its answer checked as a DiscoverResult — <code>resultType</code> "complete", <code>supportedVersions</code> listing
      the version in use, a <code>capabilities</code> object. The heartbeat below uses it too. A <code>ping</code> sent on purpose from the Composer still goes
      out; the server's answer (usually -32601) is shown in the Log and linted.
    </p>
  );
}
