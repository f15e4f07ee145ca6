// The last few pings at a glance.

import { formatClock, formatDuration } from '../../../protocol/index.js';
import type { PingRecord } from './ping-store.js';

function rtt(record: PingRecord): string {
  const o = record.outcome;
  return o.status === 'result' || o.status === 'error' ? formatDuration(o.rttMs) : o.status;
}

export function PingHistory({ history }: { history: readonly PingRecord[] }) {
  if (history.length === 0) return null;
  return (
    <table className="data-table ping-history" aria-label="Ping history">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Time</th>
          <th scope="col">Round trip</th>
          <th scope="col">Verdict</th>
        </tr>
      </thead>
      <tbody>
        {history.map((r) => (
          <tr key={r.n}>
            <td>{r.n}</td>
            <td className="mono">{formatClock(r.at)}</td>
            <td className="mono">{rtt(r)}</td>
            <td className={r.verdict.compliant ? 'compliant' : 'failing'}>{r.verdict.compliant ? '✓ Compliant' : `✗ ${r.verdict.failures.join('; ')}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
