// One log message in full: its level, logger, time and connection, what is
// wrong with it, and its data as pretty JSON (bounded).

import { formatClock, plural } from '../../../protocol/index.js';
import { dataDetail } from './format.js';
import type { ReceivedLogMessage } from './logging-store.js';

export function MessageDetail({ m }: { m: ReceivedLogMessage }) {
  const { text, cut } = dataDetail(m);
  return (
    <section className="logging-detail" aria-label={`Log message ${m.n}`}>
      <p>
        <span className={`level-badge level-${m.known ?? 'unknown'}`}>{m.level}</span>
        {m.logger !== undefined && (
          <>
            {' '}
            from <code>{m.logger}</code>
          </>
        )}{' '}
        <span className="hint">
          at {formatClock(m.receivedAt)}, connection {m.connection}
        </span>
      </p>
      {m.problems.length > 0 && (
        <div className="log-error" role="note">
          This message does not follow the spec (rule LOG-MESSAGE in Problems):
          <ul>
            {m.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <pre className="mono logging-data" aria-label="Data">
        {text}
      </pre>
      {cut > 0 && <p className="hint">{plural(cut, 'more character')} not shown here; the frame in the Log tab has all of it.</p>}
    </section>
  );
}
