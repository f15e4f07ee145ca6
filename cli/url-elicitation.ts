// URL-mode elicitation in the CLI (2025-11-25): the server asks the person to
// open a web page. The CLI never opens a browser; it prints the address, its
// host and any warning on stderr, and declines or accepts as --elicitation says
// (accepting means "the person will open it", which they then do themselves).
// A -32042 error gets the same: the addresses to open before running again.

import { URL_ELICITATION_REQUIRED, describeUrlTarget, requiredElicitations, urlElicitationProblems, type RequestOutcome } from '../src/protocol/index.js';
import type { ElicitationPolicy } from './args.js';
import type { ElicitationReply } from './elicitation.js';

/** The address with its host named, and what to look out for (a sentence or nothing). */
function whereItGoes(url: string): { address: string; warnings: string; opens: boolean } {
  const target = describeUrlTarget(url);
  if ('problem' in target) return { address: JSON.stringify(url), warnings: ` ${target.problem}`, opens: false };
  const warnings = target.warnings.length ? ` Warning: ${target.warnings.join(' ')}` : '';
  return { address: `${target.href} (host ${target.parts.host || 'none'})`, warnings, opens: target.opens };
}

export function urlElicitationAnswer(policy: ElicitationPolicy, request: string, params: Record<string, unknown>): ElicitationReply {
  const where = whereItGoes(typeof params.url === 'string' ? params.url : '');
  const problems = urlElicitationProblems(params);
  const malformed = problems.length ? ` The request is malformed: ${problems.join('; ')}.` : '';
  if (policy === 'decline') {
    return {
      result: { action: 'decline' },
      note: `declined ${request}, which asks to open ${where.address}, as --elicitation decline (the default) says.${where.warnings}${malformed} Pass --elicitation accept-defaults to accept it, then open the address yourself (mcpscope never opens a browser).`,
    };
  }
  if (!where.opens) {
    return { result: { action: 'cancel' }, note: `cancelled ${request}: it asks to open ${where.address}, which is no web page.${where.warnings}${malformed}` };
  }
  return {
    result: { action: 'accept' },
    note: `accepted ${request}, as --elicitation accept-defaults says: open ${where.address} yourself; mcpscope never opens a browser.${where.warnings}${malformed}`,
  };
}

/** For a request answered with -32042: the pages to open before running the command again; '' for any other outcome. */
export function urlElicitationRequiredNote(outcome: RequestOutcome): string {
  if (outcome.status !== 'error' || outcome.error.code !== URL_ELICITATION_REQUIRED) return '';
  const { elicitations, problems } = requiredElicitations(outcome.error.data);
  const lines = elicitations.map((e, i) => {
    const where = whereItGoes(e.url);
    return `  ${i + 1}. ${where.address}: ${JSON.stringify(e.message)}${e.elicitationId ? ` (elicitationId ${e.elicitationId})` : ''}.${where.warnings}`;
  });
  const malformed = problems.length ? `\nThe error is malformed: ${problems.join('; ')}.` : '';
  return `\nThe server needs ${elicitations.length === 1 ? 'this web page' : 'these web pages'} opened first (URL elicitation); mcpscope never opens a browser. Open ${elicitations.length === 1 ? 'it' : 'each'}, finish there, then run the command again:\n${lines.join('\n')}${malformed}`;
}
