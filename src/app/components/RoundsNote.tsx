// How many requests a multi-round request (2026-07-28) took: shown above a
// tool's, prompt's or resource's outcome. The stopped notice, and a call cancelled
// between rounds, say it themselves.

import { CANCELLED_BETWEEN_ROUNDS, type RequestOutcome } from '../../protocol/index.js';

export function RoundsNote({ rounds, outcome }: { rounds: number | undefined; outcome: RequestOutcome }) {
  if (rounds === undefined || rounds < 2 || outcome.status === 'stopped') return null;
  if (outcome.status === 'cancelled' && outcome.message.startsWith(CANCELLED_BETWEEN_ROUNDS)) return null;
  const asked = rounds - 1;
  return (
    <p className="hint rounds-note">
      {outcome.status === 'result' ? 'Completed' : 'Ended'} after {rounds} rounds: the server asked for input {asked === 1 ? 'once' : `${asked} times`}, and
      each answer went back with a retry of the request (the Log tab groups them as one conversation).
    </p>
  );
}
