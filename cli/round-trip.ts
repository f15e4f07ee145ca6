// The round trip `ping` and `check` time: ping, or on 2026-07-28 — which has
// no ping — a server/discover, judged as a DiscoverResult.

import { discoverVerdict, pingVerdict, type PingVerdict, type RequestOutcome } from '../src/protocol/index.js';
import type { CliConnection } from './connection.js';

export interface RoundTrip {
  method: 'ping' | 'server/discover';
  /** What one sample is called in the output, and many. */
  label: string;
  labels: string;
  verdict: (outcome: RequestOutcome) => PingVerdict;
  /** Said once, on stderr, when it is not a ping. */
  note?: string;
}

export function roundTrip(c: CliConnection): RoundTrip {
  if (c.session.era !== 'modern') return { method: 'ping', label: 'ping', labels: 'pings', verdict: pingVerdict };
  return {
    method: 'server/discover',
    label: 'server/discover',
    labels: 'server/discover round trips',
    verdict: (outcome) => discoverVerdict(outcome, c.session.protocolVersion),
    note: `ping is not part of ${c.session.protocolVersion}; timing server/discover instead.`,
  };
}
