// The app sandbox's Content-Security-Policy: built from the domains an app's
// resource declares (`_meta.ui.csp`), which travel in the sandbox page's URL.
// The header is what the browser enforces on the sandbox page and, inherited,
// on the app's srcdoc frame: the app's own HTML cannot loosen it. Every domain
// is checked first; a refused one is left out and said why.
import { SANDBOX_CSP_QUERY_KEYS, cspDomainProblem, type CspList, type UiCsp } from '../../src/protocol/wire.js';

export type { CspList };

/** Whether a host name (IPv6 in brackets) and port are the proxy's. */
export type IsProxy = (hostname: string, port: number) => boolean;

export interface RefusedDomain {
  list: CspList;
  domain: string;
  reason: string;
}

// The origin part of a domain cspDomainProblem has taken: scheme, host (IPv6 in brackets), port.
const ORIGIN = /^([a-z][a-z0-9+.-]*:)\/\/(?:\*\.)?([^/:[\]]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;

/**
 * Why `domain` may not go into the list's directive, or undefined when it may: the rules every app's CSP
 * is read by (`cspDomainProblem`), and the proxy's own origins, which no app may reach, by host name and port.
 */
export function domainProblem(list: CspList, domain: string, isProxy: IsProxy): string | undefined {
  const problem = cspDomainProblem(domain, list);
  if (problem !== undefined) return problem;
  const m = ORIGIN.exec(domain);
  if (m === null) return 'it is not an origin such as https://api.example.com';
  const [, scheme, host, port] = m;
  if (port !== undefined && Number(port) > 65535) return `its port ${port} is not a port`;
  const secure = /^(https|wss):$/i.test(scheme!);
  if (isProxy(host!.toLowerCase(), port !== undefined ? Number(port) : secure ? 443 : 80)) return "it is mcpscope's own proxy, which no app may reach";
  return undefined;
}

/** The declared lists of a sandbox page's query, each domain kept only when domainProblem has nothing to say. */
export function cspFromQuery(query: URLSearchParams, isProxy: IsProxy): { csp: UiCsp; refused: RefusedDomain[] } {
  const refused: RefusedDomain[] = [];
  const pick = (list: CspList): string[] =>
    query.getAll(SANDBOX_CSP_QUERY_KEYS[list]).filter((domain) => {
      const reason = domainProblem(list, domain, isProxy);
      if (reason !== undefined) refused.push({ list, domain, reason });
      return reason === undefined;
    });
  return {
    csp: {
      connectDomains: pick('connectDomains'),
      resourceDomains: pick('resourceDomains'),
      frameDomains: pick('frameDomains'),
      baseUriDomains: pick('baseUriDomains'),
    },
    refused,
  };
}
