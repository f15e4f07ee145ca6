// The bar under the page header that keeps the connection in view: the sidebar's toggle, the
// state dot and word, the connection status (the page's one live region for it), what Connect
// would start, the last round trip, and Connect / Disconnect / Reconnect.

import { useStore } from 'zustand';
import { formatDuration, HTTP_MODE_LABEL } from '../../protocol/index.js';
import { useCapturedInView, useConnection, useConnectionScope, usePing } from '../hooks.js';
import { CapturedStatus } from '../workspace/CapturedStatus.js';
import { isActive } from '../stores/connection-store.js';
import { ConnectionStatus } from '../features/connect/StatusArea.js';
import { useConnectForm } from '../features/connect/connect-form-context.js';
import { connectionState, lastRoundTrip, STATE_WORD } from './connection-state.js';
import type { SidebarStore } from './sidebar-store.js';

export const SIDEBAR_ID = 'server-settings';

function SidebarToggles({ sidebar }: { sidebar: SidebarStore }) {
  const expanded = useStore(sidebar, (s) => s.expanded);
  const drawerOpen = useStore(sidebar, (s) => s.drawerOpen);
  // One of the two is displayed, by the page's width (styles: .sidebar-toggle).
  return (
    <>
      <button
        type="button"
        className="sidebar-toggle beside"
        aria-expanded={expanded}
        aria-controls={SIDEBAR_ID}
        title={expanded ? 'Hide the server settings' : 'Show the server settings'}
        onClick={() => sidebar.getState().toggleExpanded()}
      >
        Server settings
      </button>
      <button
        type="button"
        className="sidebar-toggle drawer"
        aria-expanded={drawerOpen}
        aria-controls={SIDEBAR_ID}
        onClick={() => sidebar.getState().toggleDrawer()}
      >
        Server settings
      </button>
    </>
  );
}

function StateDot() {
  const { heartbeat } = useConnectionScope();
  const snapshot = useConnection((s) => s.snapshot);
  const beat = useStore(heartbeat.store, (s) => s.state);
  const reconnectInMs = useStore(heartbeat.store, (s) => s.reconnectInMs);
  const state = connectionState(snapshot, { state: beat, ...(reconnectInMs !== undefined ? { reconnectInMs } : {}) });
  const title = state === 'stale' ? 'The heartbeat gets no answer: see the Ping tab.' : undefined;
  return (
    <span className={`state state-${state}`} title={title}>
      <span className="state-dot" aria-hidden="true" />
      <span className="state-word">{STATE_WORD[state]}</span>
      {snapshot !== null && (
        <span className="connection-number hint" title={`Connection ${snapshot.connection} of this page`}>{`#${snapshot.connection}`}</span>
      )}
    </span>
  );
}

/** Before connecting: what Connect would start or reach, from the sidebar's form. */
function ConnectTarget() {
  const form = useConnectForm((s) => s.form);
  if (form === undefined) return null;
  const http = form.transportKind === 'http';
  const target = http ? form.url.trim() : `${form.command.trim()} ${form.argsText.trim()}`.trim();
  if (target === '') return null;
  return (
    <p className="route mono connect-target" title={target}>
      <span className="hint">Connect: </span>
      {target}
      {http && <span className="hint">{` · ${HTTP_MODE_LABEL[form.httpMode]}`}</span>}
    </p>
  );
}

function RoundTripFigure() {
  const { heartbeat } = useConnectionScope();
  const beat = useStore(heartbeat.store, (s) => s.state);
  const samples = useStore(heartbeat.store, (s) => s.samples);
  const pings = usePing((s) => s.history);
  const trip = lastRoundTrip({ state: beat, samples }, pings);
  if (trip === undefined) return null;
  const by = trip.by === 'heartbeat' ? 'the heartbeat’s last ping' : 'the last ping';
  return (
    <span className="round-trip" title={`Round trip of ${by}`}>
      <span className="hint">RTT </span>
      <span className={trip.answered ? 'mono' : 'mono bad'}>{trip.answered ? formatDuration(trip.rttMs) : 'no answer'}</span>
    </span>
  );
}

function Actions({ onConnect }: { onConnect: () => void }) {
  const { controller } = useConnectionScope();
  const active = useConnection((s) => isActive(s.snapshot));
  const ready = useConnection((s) => s.snapshot?.status === 'ready');
  const loaded = useConnectForm((s) => s.form !== undefined);
  if (!active) {
    return (
      <div className="bar-actions">
        <button type="button" className="primary" disabled={!loaded} onClick={onConnect}>
          Connect
        </button>
      </div>
    );
  }
  return (
    <div className="bar-actions">
      {ready && (
        <button type="button" title="A new connection with the same settings" onClick={() => void controller.reconnect()}>
          Reconnect
        </button>
      )}
      <button type="button" onClick={() => controller.disconnect()}>
        Disconnect
      </button>
    </div>
  );
}

export function TopBar({ sidebar, onConnect }: { sidebar: SidebarStore; onConnect: () => void }) {
  const active = useConnection((s) => isActive(s.snapshot));
  const ready = useConnection((s) => s.snapshot?.status === 'ready');
  const captured = useCapturedInView();
  if (captured) {
    return (
      <section className="connection-bar" aria-label="Active connection">
        <SidebarToggles sidebar={sidebar} />
        <CapturedStatus scope={captured} />
      </section>
    );
  }
  return (
    <section className="connection-bar" aria-label="Active connection">
      <SidebarToggles sidebar={sidebar} />
      <StateDot />
      <ConnectionStatus />
      {!active && <ConnectTarget />}
      {ready && <RoundTripFigure />}
      <Actions onConnect={onConnect} />
    </section>
  );
}
