// When a lint rule throws, that is a bug of mcpscope, not of the server: it
// becomes one LINT-INTERNAL finding naming the rule and the frame, and linting
// goes on with the other rules and the frames after it.

import type { Sender } from './methods.js';
import type { Report } from './report.js';
import { RULES } from './rules.js';
import type { Finding } from './state.js';

/** The sentence of a LINT-INTERNAL finding. */
export function internalFailureMessage(check: string, what: string, error: unknown): string {
  const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `The check ${check} failed on ${what} (${why}). This is a bug in mcpscope, not a fault of the peer: please report it with this frame. The other checks still ran.`;
}

/** Runs one check; a throw is reported as LINT-INTERNAL instead of stopping the linter. */
export type Guard = (check: string, run: () => void) => void;

/** `what` names the frame or exchange; a function is called only when a check fails. */
export function guardFor(report: Report, subject: Sender, what: string | (() => string)): Guard {
  return (check, run) => {
    try {
      run();
    } catch (error) {
      report('LINT-INTERNAL', internalFailureMessage(check, typeof what === 'string' ? what : what(), error), subject);
    }
  };
}

/** A LINT-INTERNAL finding made outside a Linter (by whatever drives one). */
export function internalFinding(check: string, what: string, error: unknown, subject: Sender, seq?: number): Finding {
  const finding: Finding = {
    rule: 'LINT-INTERNAL',
    severity: RULES['LINT-INTERNAL'].severity,
    message: internalFailureMessage(check, what, error),
    specUrl: '',
    subject,
  };
  if (seq !== undefined) finding.seq = seq;
  return finding;
}
