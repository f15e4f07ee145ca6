// Ping: the smallest round trip MCP has, and a check that the answer is exactly right.

import { useId } from 'react';
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

  return (
    <div className="ping-tab">
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={!availability.ok}
          aria-describedby={availability.ok ? undefined : reasonId}
          onClick={() => void send()}
        >
          Send ping
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
