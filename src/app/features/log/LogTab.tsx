// Every frame in order: what was sent, what came back, stderr and stdout noise.

import { useCallback, useState } from 'react';
import { useLog } from '../../hooks.js';
import { LogDetail } from './LogDetail.js';
import { LogRow } from './LogRow.js';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function LogCounts() {
  const counts = useLog((s) => s.counts);
  return (
    <p className="log-counts" aria-live="off">
      <strong>{plural(counts.out + counts.in, 'frame')}</strong> ({counts.out} sent, {counts.in} received) ·{' '}
      {plural(counts.stderr, 'stderr line')} · {plural(counts.noise, 'noise line')} · {plural(counts.system, 'event')}
    </p>
  );
}

export function LogTab() {
  const entries = useLog((s) => s.entries);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const onSelect = useCallback((seq: number) => setSelectedSeq(seq), []);
  // seq counts up from 1 and nothing is dropped, so it doubles as an index.
  const byIndex = selectedSeq === null ? undefined : entries[selectedSeq - 1];
  const selected = byIndex?.seq === selectedSeq ? byIndex : entries.find((e) => e.seq === selectedSeq);

  return (
    <div className="log-tab">
      <LogCounts />
      <div className="log-split">
        <div className="log-table-wrap">
          <table className="data-table log-table" aria-label="Message log">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Dir</th>
                <th scope="col">Kind</th>
                <th scope="col">Method</th>
                <th scope="col">ID</th>
                <th scope="col">Raw</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <LogRow key={entry.seq} entry={entry} selected={entry.seq === selectedSeq} onSelect={onSelect} />
              ))}
            </tbody>
          </table>
          {entries.length === 0 && <p className="hint empty">No frames yet. Connect to a server to see its traffic.</p>}
        </div>
        <LogDetail entry={selected} />
      </div>
    </div>
  );
}
