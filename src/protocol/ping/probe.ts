// The liveness probe of a connection: `ping` on 2025-11-25 and earlier; on
// 2026-07-28, which has no ping, a discover round trip (`server/discover`,
// judged as a DiscoverResult). The Ping tab's button and the heartbeat both
// probe through here, so both pick the same method for the same session.
import type { ClientSession } from '../session/client-session.js';
import type { RequestOutcome } from '../session/types.js';
import type { ProtocolEra } from '../versions.js';
import { discoverVerdict, pingVerdict, type PingVerdict } from './verdict.js';

export type LivenessProbe = 'ping' | 'server/discover';

/** What probing needs of a session: requests, and the generation and version it speaks (absent: legacy). */
export type ProbedSession = Pick<ClientSession, 'request'> & {
  readonly era?: ProtocolEra | undefined;
  readonly protocolVersion?: string | undefined;
};

export function livenessProbe(session: ProbedSession | undefined): LivenessProbe {
  return session?.era === 'modern' ? 'server/discover' : 'ping';
}

export interface ProbeAnswer {
  probe: LivenessProbe;
  outcome: RequestOutcome;
  verdict: PingVerdict;
}

/** Send the session's liveness probe once and judge the answer. */
export async function sendLivenessProbe(session: ProbedSession, timeoutMs: number): Promise<ProbeAnswer> {
  const probe = livenessProbe(session);
  const outcome = await session.request(probe, probe === 'ping' ? undefined : {}, { timeoutMs });
  const verdict = probe === 'ping' ? pingVerdict(outcome) : discoverVerdict(outcome, session.protocolVersion);
  return { probe, outcome, verdict };
}

/** The probe in words: "discover round trip", or "ping" (also for a sample that names none). */
export function probeNoun(probe: LivenessProbe | undefined): string {
  return probe === 'server/discover' ? 'discover round trip' : 'ping';
}
