// The last few pings at a glance.

import { formatRtt, type PingRecord } from './ping-store.js';

function clockTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function rtt(record: PingRecord): string {
  const o = record.outcome;
  return o.status === 'result' || o.status === 'error' ? formatRtt(o.rttMs) : o.status;
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
            <td className="mono">{clockTime(r.at)}</td>
            <td className="mono">{rtt(r)}</td>
            <td className={r.verdict.compliant ? 'compliant' : 'failing'}>{r.verdict.compliant ? '✓ Compliant' : `✗ ${r.verdict.failures.join('; ')}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
