// The heartbeat: periodic pings (discover round trips on 2026-07-28) with live figures and a latency chart.

import { useState } from 'react';
import { useStore } from 'zustand';
import { useConnectionScope, useConnection } from '../../hooks.js';
import { livenessProbe } from '../../../protocol/index.js';
import { DEFAULT_SETTINGS, type HeartbeatSettings } from './heartbeat.js';
import { HeartbeatFigures } from './HeartbeatFigures.js';
import { lazyView } from '../../components/LazyView.js';

// uPlot comes with the first heartbeat sample, not with the page.
const LatencyChart = lazyView('the latency chart', () => import('./LatencyChart.js').then((m) => m.LatencyChart));

function NumberField({ label, value, onChange, unit }: { label: string; value: number; onChange: (n: number) => void; unit?: string }) {
  return (
    <label className="field inline">
      <span>{label}</span>
      <input type="number" value={Number.isFinite(value) ? value : ''} min={0} onChange={(e) => onChange(e.target.valueAsNumber)} />
      {unit && <span className="hint">{unit}</span>}
    </label>
  );
}

export function HeartbeatPanel() {
  const { heartbeat } = useConnectionScope();
  const state = useStore(heartbeat.store, (s) => s.state);
  const samples = useStore(heartbeat.store, (s) => s.samples);
  const reconnectInMs = useStore(heartbeat.store, (s) => s.reconnectInMs);
  const lastFailure = useStore(heartbeat.store, (s) => s.lastFailure);
  const recoveredFrom = useStore(heartbeat.store, (s) => s.recoveredFrom);
  const notImplemented = useStore(heartbeat.store, (s) => s.notImplemented);
  const connected = useConnection((s) => s.snapshot !== null && s.snapshot.status !== 'closed');
  // The samples say what was sent; before the first one, the session says what will be.
  const session = useConnection((s) => s.session);
  const probe = samples.at(-1)?.probe ?? livenessProbe(session);
  const [settings, setSettings] = useState<HeartbeatSettings>(DEFAULT_SETTINGS);
  const [problem, setProblem] = useState<string | undefined>();
  const running = state !== 'stopped';
  const set = (patch: Partial<HeartbeatSettings>) => setSettings((s) => ({ ...s, ...patch }));

  return (
    <section className="heartbeat" aria-label="Heartbeat">
      <h3>Heartbeat</h3>
      <div className="heartbeat-settings">
        <NumberField label="Interval" unit="ms" value={settings.intervalMs} onChange={(n) => set({ intervalMs: n })} />
        <NumberField label="Timeout" unit="ms" value={settings.timeoutMs} onChange={(n) => set({ timeoutMs: n })} />
        <NumberField label="Misses before stale" value={settings.staleAfter} onChange={(n) => set({ staleAfter: n })} />
        <label className="field inline">
          <input type="checkbox" checked={settings.autoReconnect} onChange={(e) => set({ autoReconnect: e.target.checked })} />
          <span>Auto-reconnect</span>
        </label>
        {running ? (
          <button type="button" onClick={() => heartbeat.stop()}>
            Stop heartbeat
          </button>
        ) : (
          <button type="button" className="primary" disabled={!connected} onClick={() => setProblem(heartbeat.start(settings))}>
            Start heartbeat
          </button>
        )}
        {!running && !connected && <span className="hint">Connect to a server first.</span>}
      </div>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      <div className="heartbeat-status" aria-live="polite">
        {state === 'running' && <span className="badge">running</span>}
        {state === 'running' && recoveredFrom && !lastFailure && <span className="badge">healthy again</span>}
        {state === 'stale' && <span className="badge bad">stale</span>}
        {notImplemented && <span className="badge bad">server does not implement ping</span>}
        {reconnectInMs !== undefined && <span className="hint">Reconnecting in {reconnectInMs / 1000} s…</span>}
        {lastFailure && <span className="hint">{lastFailure}</span>}
        {!lastFailure && recoveredFrom && <span className="hint">Pings are answered again. Earlier: {recoveredFrom}</span>}
      </div>
      <HeartbeatFigures probe={probe} />
      {samples.length > 0 && <LatencyChart samples={samples} />}
    </section>
  );
}
