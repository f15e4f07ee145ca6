// Live heartbeat figures, plus the pings the server itself sent.

import { useStore } from 'zustand';
import { formatDuration, type LivenessProbe } from '../../../protocol/index.js';
import { useConnectionScope } from '../../hooks.js';

const ms = (v: number | undefined) => (v === undefined ? '—' : formatDuration(v));

export function HeartbeatFigures({ probe }: { probe: LivenessProbe }) {
  const { heartbeat, pingStore } = useConnectionScope();
  const f = useStore(heartbeat.store, (s) => s.figures);
  const reconnects = useStore(heartbeat.store, (s) => s.reconnects);
  const serverPings = useStore(pingStore, (s) => s.serverPings);
  const rows: Array<[string, string]> = [
    [probe === 'ping' ? 'Pings' : 'Discover round trips', String(f.count)],
    ['Misses', String(f.misses)],
    ['Failures', String(f.failures)],
    ['p50', ms(f.p50)],
    ['p95', ms(f.p95)],
    ['p99', ms(f.p99)],
    ['Max', ms(f.max)],
    ['Jitter', ms(f.jitter)],
    ['Last', ms(f.last)],
    ['Reconnects', String(reconnects)],
    // 2026-07-28 has no ping either way: a server there cannot ping us.
    ...(probe === 'ping' ? [['Pings from the server', String(serverPings)] as [string, string]] : []),
  ];
  return (
    <dl className="heartbeat-figures" aria-label="Heartbeat figures">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
