// The exact request and response of one exchange, one click away.
import type { RequestOutcome } from '../../protocol/index.js';
import { RawAndPretty } from './RawAndPretty.js';

export function RawExchange({ outcome }: { outcome: RequestOutcome }) {
  if (!('request' in outcome) || !outcome.request) return null;
  return (
    <details className="raw-details">
      <summary>Raw request and response</summary>
      <div className="exchange">
        <RawAndPretty title="Request" raw={outcome.request.raw} />
        {'response' in outcome && <RawAndPretty title="Response" raw={outcome.response.raw} />}
      </div>
    </details>
  );
}
