// One ping exchange in full: round trip, verdict, and both frames as sent and received.

import { RawAndPretty } from '../../components/RawAndPretty.js';
import { formatDuration } from '../../../protocol/index.js';
import type { PingRecord } from './ping-store.js';

export function Verdict({ record }: { record: PingRecord }) {
  if (record.verdict.compliant) {
    return (
      <p className="verdict compliant">
        <span aria-hidden="true">✓ </span>
        <span>Compliant</span>
      </p>
    );
  }
  return (
    <div className="verdict failing">
      <p>
        <span aria-hidden="true">✗ </span>
        <span>Not compliant</span>
      </p>
      <ul aria-label="Failing checks">
        {record.verdict.failures.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </div>
  );
}

export function PingResult({ record }: { record: PingRecord }) {
  const { outcome } = record;
  const answered = outcome.status === 'result' || outcome.status === 'error';
  return (
    <section className="ping-result" aria-label={record.probe === 'ping' ? 'Last ping' : 'Last discover round trip'}>
      {answered ? (
        <p className="rtt">
          {record.probe === 'ping' ? 'Round trip' : 'Discover round trip'}: {formatDuration(outcome.rttMs)}
        </p>
      ) : (
        <p className="rtt failing">{outcome.message}</p>
      )}
      <Verdict record={record} />
      <div className="exchange">
        {'request' in outcome && outcome.request && <RawAndPretty title="Request" raw={outcome.request.raw} />}
        {answered && <RawAndPretty title="Response" raw={outcome.response.raw} />}
      </div>
    </section>
  );
}
