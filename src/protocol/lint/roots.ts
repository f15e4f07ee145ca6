// Roots rules: a client's roots/list result lists file:// URIs, and a client
// announces changes to its roots only when it declared roots.listChanged.
// (A server asking for roots/list without the roots capability is CAP-UNDECLARED, in lifecycle.ts.)

import { isRecord } from '../json/guards.js';
import { rootsResultProblems } from '../mcp/roots.js';
import type { Report } from './report.js';
import type { SessionFacts } from './state.js';

/** The client's answer to roots/list. */
export function checkRootsResult(result: unknown, report: Report): void {
  const problems = rootsResultProblems(result);
  if (problems.length) report('ROOTS-URI', `The roots/list result is not a list of file:// roots: ${problems.join('; ')}.`, 'client');
}

/** notifications/roots/list_changed from the client. */
export function checkRootsListChanged(facts: SessionFacts, report: Report): void {
  const roots = facts.clientCapabilities.roots;
  if (!isRecord(roots)) {
    report('CAP-UNDECLARED', 'The client sent notifications/roots/list_changed but did not declare the roots capability in initialize.', 'client');
  } else if (roots.listChanged !== true) {
    report(
      'CAP-UNDECLARED',
      'The client sent notifications/roots/list_changed but declared roots without listChanged: true, so the server does not expect it.',
      'client',
    );
  }
}
