// The verdict on one ping exchange: is the answer what the specification asks
// for (same id, same JSON type, result exactly `{}`)?

import type { RequestOutcome } from '../session/types.js';

export interface PingVerdict {
  compliant: boolean;
  /** Each failing check, as a sentence; empty when compliant. */
  failures: string[];
}

function isEmptyObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
}

export function pingVerdict(outcome: RequestOutcome): PingVerdict {
  const failures: string[] = [];
  switch (outcome.status) {
    case 'refused':
    case 'closed':
    case 'timeout':
    case 'cancelled':
      failures.push(outcome.message);
      break;
    case 'error':
      failures.push(`answered with an error instead of a result: ${outcome.error.code} ${outcome.error.message}`);
      break;
    case 'result': {
      const sentId = outcome.request.id;
      const frame = outcome.response.frame;
      const gotId = frame.kind === 'response' ? frame.message.id : undefined;
      if (gotId !== sentId) {
        failures.push(`response id ${JSON.stringify(gotId)} (${typeof gotId}) is not the request id ${JSON.stringify(sentId)} (${typeof sentId})`);
      }
      if (!isEmptyObject(outcome.result)) {
        failures.push(`result is not empty: ${JSON.stringify(outcome.result)}`);
      }
      break;
    }
  }
  return { compliant: failures.length === 0, failures };
}
