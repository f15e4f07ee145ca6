// The full text of the selected entry, pretty-printed when it is JSON.

import { prettyJson } from '../../components/json.js';
import type { LogEntry } from '../../stores/log-store.js';
import { DIRECTION_LABEL, formatId, formatOffset } from './format.js';

export function LogDetail({ entry }: { entry: LogEntry | undefined }) {
  if (!entry) {
    return (
      <section className="log-detail" aria-label="Frame detail">
        <p className="hint">Select a row to see its full text.</p>
      </section>
    );
  }
  const pretty = prettyJson(entry.raw);
  return (
    <section className="log-detail" aria-label="Frame detail">
      <p className="detail-meta">
        #{entry.seq} · connection {entry.connection} · {formatOffset(entry.t)} · {DIRECTION_LABEL[entry.direction].words} ·{' '}
        {entry.kind}
        {entry.method ? ` · ${entry.method}` : ''}
        {entry.id !== undefined ? ` · id ${formatId(entry.id)}` : ''}
      </p>
      {entry.note && <p className="note">{entry.note}</p>}
      <pre className="json" aria-label="Full text">{pretty ?? entry.raw}</pre>
      {pretty !== null && pretty !== entry.raw && (
        <details>
          <summary>Exact text as it crossed the wire</summary>
          <pre className="json" aria-label="Exact text">{entry.raw}</pre>
        </details>
      )}
    </section>
  );
}
