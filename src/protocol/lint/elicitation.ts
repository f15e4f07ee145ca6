// URL-mode elicitation rules (2025-11-25): a URL elicitation names its id and
// a valid URL; a server asks only in modes the client declared; a completion
// names an elicitation the server started; a -32042 error lists the URL
// elicitations to complete. Remembers the ids it saw, per session.

import { isRecord } from '../json/guards.js';
import {
  URL_ELICITATION_REQUIRED,
  completedElicitationId,
  declaredElicitationModes,
  elicitationModeOf,
  requiredElicitations,
  urlElicitationProblems,
} from '../mcp/elicitation.js';
import type { Sender } from './methods.js';
import type { Report } from './report.js';
import type { SessionFacts } from './state.js';

const URL_MODE_SINCE = '2025-11-25';

export class ElicitationRules {
  /** Ids of URL elicitations the server started (by request or in a -32042 error), and those it said are complete. */
  private readonly started = new Set<string>();
  private readonly completed = new Set<string>();

  /** A server's elicitation/create. */
  request(facts: SessionFacts, params: unknown, report: Report): void {
    const mode = elicitationModeOf(params);
    if (mode !== 'form' && mode !== 'url') {
      report('ELICIT-MODE', `elicitation/create has mode ${JSON.stringify(mode)}; the modes are "form" and "url".`, 'server');
      return;
    }
    if (mode !== 'url') return;
    // Without any elicitation capability, CAP-UNDECLARED already says so for the request.
    this.checkUrlModeAllowed(facts, 'elicitation/create in url mode', report, false);
    const problems = urlElicitationProblems(params);
    if (problems.length) report('ELICIT-URL', `A URL elicitation/create is malformed: ${problems.join('; ')}.`, 'server');
    const id = isRecord(params) ? params.elicitationId : undefined;
    if (typeof id === 'string') this.started.add(id);
  }

  /** notifications/elicitation/complete, from either side (only a server may send it; METHOD-UNKNOWN says so otherwise). */
  complete(params: unknown, sender: Sender, report: Report): void {
    if (sender !== 'server') return;
    const id = completedElicitationId(params);
    if (id === undefined) {
      report('ELICIT-COMPLETE', 'notifications/elicitation/complete has no elicitationId string.', 'server', 'error');
      return;
    }
    if (this.completed.has(id)) {
      report('ELICIT-COMPLETE', `URL elicitation ${JSON.stringify(id)} was reported complete a second time; a client ignores it.`, 'server', 'info');
      return;
    }
    if (!this.started.has(id)) {
      report(
        'ELICIT-COMPLETE',
        `notifications/elicitation/complete names ${JSON.stringify(id)}, which no URL elicitation of this server carried; it must name the elicitationId of the original request, and a client ignores it.`,
        'server',
      );
      return;
    }
    this.completed.add(id);
  }

  /** An error answer from the server: -32042 must carry the URL elicitations to complete. */
  error(facts: SessionFacts, method: string, error: { code: number; data?: unknown }, report: Report): void {
    if (error.code !== URL_ELICITATION_REQUIRED) return;
    const what = `The -32042 (URL elicitation required) error to ${method}`;
    if (facts.version < URL_MODE_SINCE) {
      report('ELICIT-REQUIRED', `${what} means nothing in ${facts.version}: URL elicitation exists from ${URL_MODE_SINCE}.`, 'server', 'warning');
      return;
    }
    this.checkUrlModeAllowed(facts, what, report, true);
    const { elicitations, problems } = requiredElicitations(error.data);
    if (problems.length) report('ELICIT-REQUIRED', `${what} is malformed: ${problems.join('; ')}.`, 'server');
    for (const e of elicitations) if (e.elicitationId) this.started.add(e.elicitationId);
  }

  private checkUrlModeAllowed(facts: SessionFacts, what: string, report: Report, evenWithoutElicitation: boolean): void {
    if (facts.version < URL_MODE_SINCE) {
      report('ELICIT-MODE', `${what}: URL mode exists from ${URL_MODE_SINCE}, but ${facts.version} is in use.`, 'server');
      return;
    }
    const modes = declaredElicitationModes(facts.clientCapabilities);
    if (modes.includes('url') || (modes.length === 0 && !evenWithoutElicitation)) return;
    const declared = modes.length ? `only ${modes.join(' and ')} mode` : 'no elicitation at all';
    report('ELICIT-MODE', `${what}, but the client declared ${declared}; a server must not use modes the client does not support.`, 'server');
  }
}
