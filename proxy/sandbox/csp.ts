// The app sandbox's Content-Security-Policy: built from the domains an app's
// resource declares (`_meta.ui.csp`), which travel in the sandbox page's URL.
// The header is what the browser enforces on the sandbox page and, inherited,
// on the app's srcdoc frame: the app's own HTML cannot loosen it. Every domain
// is checked first; a refused one is left out and said why.
import { SANDBOX_CSP_QUERY_KEYS, type UiCsp } from '../../src/protocol/wire.js';

export type CspList = keyof UiCsp;

/** Whether a host name (IPv6 in brackets) and port are the proxy's. */
export type IsProxy = (hostname: string, port: number) => boolean;

export interface RefusedDomain {
  list: CspList;
  domain: string;
  reason: string;
}

const SCHEMES: Record<CspList, readonly string[]> = {
  connectDomains: ['https:', 'http:', 'wss:', 'ws:'],
  resourceDomains: ['https:', 'http:'],
  frameDomains: ['https:', 'http:'],
  baseUriDomains: ['https:', 'http:'],
};

// A host of letters, digits, dots and hyphens (or an IPv4 address), optionally "*." in front; a port.
const SOURCE = /^([a-z][a-z0-9+.-]*:)\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;

/**
 * Why `domain` may not go into the list's directive, or undefined when it may.
 * `isProxy` names the origins never reachable from an app (the proxy's own), by host name and port.
 */
export function domainProblem(list: CspList, domain: string, isProxy: IsProxy): string | undefined {
  if (domain.length > 2048) return 'it is longer than 2048 characters';
  const m = SOURCE.exec(domain);
  if (m === null) {
    if (/^\s*\*\s*$/.test(domain)) return 'a bare "*" would allow every origin; name each origin';
    if (/^[a-z][a-z0-9+.-]*:\/?\/?$/i.test(domain)) return 'a scheme alone would allow every origin of it; name each origin';
    return 'it is not an origin such as https://api.example.com (scheme, host, optional port, nothing else)';
  }
  const [, scheme, wildcard, host, port] = m;
  if (!SCHEMES[list].includes(scheme!.toLowerCase())) {
    return `its scheme ${scheme} is not one of ${SCHEMES[list].join(' ')}`;
  }
  if (wildcard !== undefined && !host!.includes('.')) return 'a wildcard must stand before a name with at least two labels, as https://*.example.com';
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

/**
 * The header value: nothing is reachable but the declared domains. Inline
 * scripts and styles run (an app is one HTML document); `'self'` is the sandbox
 * origin, which serves nothing but the sandbox. `frameAncestors` are the pages
 * that may embed the sandbox.
 */
export function sandboxCspHeader(csp: UiCsp, frameAncestors: readonly string[]): string {
  const list = (domains: readonly string[], fallback: string): string => (domains.length > 0 ? domains.join(' ') : fallback);
  const resources = csp.resourceDomains.join(' ');
  const withResources = (base: string): string => (resources === '' ? base : `${base} ${resources}`);
  return [
    "default-src 'none'",
    withResources("script-src 'self' 'unsafe-inline'"),
    withResources("style-src 'self' 'unsafe-inline'"),
    withResources("img-src 'self' data: blob:"),
    withResources("font-src 'self' data:"),
    withResources("media-src 'self' data: blob:"),
    `connect-src ${list(csp.connectDomains, "'none'")}`,
    `frame-src ${list(csp.frameDomains, "'none'")}`,
    `base-uri ${list(csp.baseUriDomains, "'none'")}`,
    "object-src 'none'",
    "form-action 'none'",
    `frame-ancestors 'self' ${frameAncestors.join(' ')}`.trimEnd(),
  ].join('; ');
}
