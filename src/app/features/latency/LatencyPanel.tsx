// Latency by method, beside the Log's records: for the connection shown (a
// driven one, a captured one, or all), each method's requests per direction,
// errors, unanswered and p50 / p95 / max round trips, sortable, updated as the
// log's entries arrive (the log view's entries are already throttled).

import { useMemo, useRef, useState } from 'react';
import { formatDuration, type MethodLatency } from '../../../protocol/index.js';
import type { LogEntry } from '../../stores/log-store.js';
import { LatencyOfLog, sortRows, type LatencyColumn } from './latency-of-log.js';
import './latency.css';

const SIDE: Record<MethodLatency['side'], string> = { client: 'client → server', server: 'server → client' };

const ms = (v: number | undefined) => (v === undefined ? '—' : formatDuration(v));

function SortHeader({ column, label, sort, onSort }: { column: LatencyColumn; label: string; sort: LatencyColumn; onSort: (c: LatencyColumn) => void }) {
  const active = sort === column;
  return (
    <th scope="col" {...(column === 'method' ? {} : { className: 'num' })} aria-sort={active ? (column === 'method' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="link" onClick={() => onSort(column)}>
        {label}
        {active ? (column === 'method' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
}

export function LatencyPanel({ entries, connection, source }: { entries: readonly LogEntry[]; connection: number | undefined; source: object }) {
  const [sort, setSort] = useState<LatencyColumn>('p95');
  const latency = useRef<LatencyOfLog>(undefined);
  latency.current ??= new LatencyOfLog();
  const of = latency.current;
  const rows = useMemo(() => {
    of.read(entries, connection, source);
    return of.rows();
  }, [of, entries, connection, source]);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const whose = connection === undefined ? 'the connections shown' : `connection ${connection}`;

  return (
    <section className="latency-panel" aria-label="Latency by method">
      <h3>Latency by method</h3>
      {sorted.length === 0 ? (
        <p className="hint">No requests on {whose} yet: each method's round trips show here as its requests are answered.</p>
      ) : (
        <table className="data-table latency-table">
          <thead>
            <tr>
              <SortHeader column="method" label="Method" sort={sort} onSort={setSort} />
              <th scope="col">Requests of</th>
              <SortHeader column="count" label="Count" sort={sort} onSort={setSort} />
              <th scope="col" className="num">
                Errors
              </th>
              <th scope="col" className="num">
                Unanswered
              </th>
              <th scope="col" className="num">
                p50
              </th>
              <SortHeader column="p95" label="p95" sort={sort} onSort={setSort} />
              <th scope="col" className="num">
                Max
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => (
              <tr key={`${r.side} ${r.other ? '' : 'm:'}${r.method}`}>
                <td className={r.other ? 'latency-other' : 'mono'}>{r.other ? `(${r.method})` : r.method}</td>
                <td>{SIDE[r.side]}</td>
                <td className="num">{r.count}</td>
                <td className="num">{r.errors}</td>
                <td className="num">{r.unanswered}</td>
                <td className="num">{ms(r.p50)}</td>
                <td className="num">{ms(r.p95)}</td>
                <td className="num">{ms(r.max)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
