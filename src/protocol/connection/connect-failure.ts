// What a person reads when connecting failed, on the page and in the CLI: what
// happened is decided here, once per cause, so both say the same sentence; what
// to do comes from each side's advice table, in its own terms (the page names its
// controls, the CLI its flags).

import { bestMutualVersion } from '../versions.js';
import type { ConnectFailureCause, ConnectingRequest } from './connect-policy.js';
import type { ConnectStep } from './core.js';

/** What an advice may need to know. */
export interface AdviceFacts {
  at: ConnectingRequest;
  /** version-refused: a version both sides speak, when there is one. */
  usable?: string;
  /** The server wrote to stderr (its last lines are shown with the failure). */
  stderr: boolean;
}

/** One side's advice per cause; '' when the sentence already says what to do. */
export type ConnectAdvice = Record<ConnectFailureCause, (facts: AdviceFacts) => string>;

export interface ConnectFailureText {
  cause: ConnectFailureCause;
  at: ConnectingRequest;
  /** What failed, short: a heading. */
  title: string;
  /** What happened. */
  message: string;
  /** What to do, in the side's own terms; '' when there is nothing to add. */
  advice: string;
  /** The failure in one line, for a place without a heading (the CLI): said once. */
  summary: string;
}

/** Said of a server that answers initialize with -32601. */
export const INITIALIZE_NOT_IMPLEMENTED =
  'The server answered initialize with -32601 (method not found): it may be a bare JSON-RPC endpoint that does not implement initialize.';

/** How connecting ended, when it did not end ready. */
export type ConnectStepFailed = Exclude<ConnectStep, { kind: 'ready' }>;

export function describeConnectFailure(step: ConnectStepFailed, advice: ConnectAdvice, stderr: boolean): ConnectFailureText {
  const { cause, at, message } = causeOf(step);
  const usable = step.kind === 'version-unsupported' ? bestMutualVersion(step.supported) : undefined;
  const facts: AdviceFacts = { at, stderr, ...(usable !== undefined ? { usable } : {}) };
  // The sentences that name what failed stand alone; an error or a lost answer is prefixed with the request.
  const named = cause === 'transport' || cause === 'refused';
  return { cause, at, title: TITLES[cause](at), message, advice: advice[cause](facts), summary: named ? `${at} failed: ${message}` : message };
}

function causeOf(step: ConnectStepFailed): { cause: ConnectFailureCause; at: ConnectingRequest; message: string } {
  switch (step.kind) {
    case 'failed':
      return { cause: step.cause, at: step.at, message: step.message };
    case 'unsupported':
      return { cause: 'initialize-unsupported', at: 'initialize', message: INITIALIZE_NOT_IMPLEMENTED };
    case 'version-unsupported':
      return { cause: 'version-refused', at: 'server/discover', message: step.message };
  }
}

const TITLES: Record<ConnectFailureCause, (at: ConnectingRequest) => string> = {
  'version-refused': () => 'The server does not support this protocol version',
  'not-modern': () => 'The server does not speak this protocol version',
  authorization: () => 'Authorization failed',
  timeout: (at) => `No answer to ${at}`,
  'initialize-unsupported': () => 'The server does not implement initialize',
  transport: (at) => `${at} failed`,
  refused: (at) => `${at} failed`,
};
