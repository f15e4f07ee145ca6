// The Content Security Policy an app runs under, built from the origins its
// resource declares (`_meta.ui.csp`) and nothing else. A declared entry that is
// not a plain origin (a keyword, a scheme, a path, a wildcard wider than one
// subdomain label, or text that would close the directive and open another) is
// refused with a sentence and left out of the header.

import type { AppProblem, UiCsp } from './contract.js';
import { appProblem, pointer, shown } from './problem.js';

export const CSP_LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
export type CspList = (typeof CSP_LISTS)[number];

export const EMPTY_CSP: UiCsp = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };

/** What each list may name: connections may be WebSockets; loads and frames are http(s). */
const SCHEMES: Readonly<Record<CspList, readonly string[]>> = {
  connectDomains: ['https', 'http', 'wss', 'ws'],
  resourceDomains: ['https', 'http'],
  frameDomains: ['https', 'http'],
  baseUriDomains: ['https', 'http'],
};
const MAX_ENTRY = 2048;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

function hostProblem(host: string): string | undefined {
  if (IPV6.test(host)) return undefined;
  const labels = host.split('.');
  const wild = labels[0] === '*';
  if (labels.slice(1).includes('*') || labels.some((l) => l.includes('*') && l !== '*')) {
    return 'a wildcard may only stand for the leftmost label (https://*.example.com)';
  }
  const named = wild ? labels.slice(1) : labels;
  if (wild && named.length < 2) return 'a wildcard must sit below a registered domain (https://*.example.com), not over a whole top-level domain';
  if (named.some((l) => !LABEL.test(l))) return 'its host is not a valid host name';
  return undefined;
}

/** Why `entry` is not a CSP origin mcpscope will allow in `list`, or undefined when it is one. */
export function cspDomainProblem(entry: string, list: CspList = 'connectDomains'): string | undefined {
  if (entry.trim() === '') return 'it is empty';
  if (entry.length > MAX_ENTRY) return `it is longer than ${MAX_ENTRY} characters`;
  if (/[\s;,'"]/.test(entry)) return 'it contains a space, a quote, a comma or a semicolon, which would change the policy rather than name an origin';
  if (/[^\x21-\x7e]/.test(entry)) return 'it contains characters outside ASCII (write an international domain name in its xn-- form)';
  if (entry === '*') return 'a bare * would allow every origin';
  const m = /^([a-z][a-z0-9+.-]*):(.*)$/i.exec(entry);
  if (!m) return 'it has no scheme (write it as an origin, https://host)';
  const scheme = m[1]!.toLowerCase();
  if (!SCHEMES[list].includes(scheme)) return `the scheme ${scheme}: is not allowed in ${list}; only ${SCHEMES[list].join(', ')} origins are`;
  if (!m[2]!.startsWith('//') || m[2] === '//') return 'it is a scheme alone, which would allow every host of that scheme';
  const rest = m[2]!.slice(2);
  const slash = rest.indexOf('/');
  if (slash !== -1 && rest.slice(slash) !== '/') return 'it has a path; an origin is scheme://host[:port]';
  if (/[?#@\\]/.test(rest)) return 'it has a query, a fragment or user information; an origin is scheme://host[:port]';
  const hostPort = slash === -1 ? rest : rest.slice(0, slash);
  const portAt = hostPort.startsWith('[') ? hostPort.indexOf(']:') + 1 : hostPort.lastIndexOf(':');
  const host = (portAt > 0 ? hostPort.slice(0, portAt) : hostPort).toLowerCase();
  if (portAt > 0 && !/^\d{1,5}$/.test(hostPort.slice(portAt + 1))) return 'its port is not a number';
  return hostProblem(host);
}

/** Each refused entry of `csp`, with its JSON Pointer below `base` (the csp object's own). */
export function cspDomainProblems(csp: UiCsp, base = ''): AppProblem[] {
  const problems: AppProblem[] = [];
  for (const list of CSP_LISTS) {
    for (const [i, entry] of csp[list].entries()) {
      const why = cspDomainProblem(entry, list);
      if (why !== undefined) {
        problems.push(
          appProblem(
            'APP-CSP-DOMAIN',
            `CSP ${list}[${i}] ${shown(entry)} is refused: ${why}. It is left out of the app's policy.`,
            `${base}${pointer(list, i)}`,
          ),
        );
      }
    }
  }
  return problems;
}

/** The entries of a list mcpscope allows, without a trailing slash. */
function allowed(csp: UiCsp, list: CspList): string[] {
  return csp[list].filter((e) => cspDomainProblem(e, list) === undefined).map((e) => e.replace(/\/$/, ''));
}

/** `csp` with the refused entries left out. */
export function allowedCsp(csp: UiCsp): UiCsp {
  return {
    connectDomains: allowed(csp, 'connectDomains'),
    resourceDomains: allowed(csp, 'resourceDomains'),
    frameDomains: allowed(csp, 'frameDomains'),
    baseUriDomains: allowed(csp, 'baseUriDomains'),
  };
}

function sources(fixed: readonly string[], declared: readonly string[], none: string): string {
  const all = [...fixed, ...declared];
  return all.length === 0 ? none : all.join(' ');
}

/**
 * The Content-Security-Policy the sandbox serves the app with (a response header, which the app's srcdoc
 * frame inherits and its own HTML cannot loosen): the spec's restrictive default (inline scripts and styles,
 * data: and blob: images and media, nothing to connect to, no frames, no plugins) widened only by the declared
 * origins. `'self'` is in script-src alone, for the sandbox page's own script: the sandbox origin serves
 * nothing else, and neither it nor the page's or the proxy's origin is ever reachable unless declared.
 * `frameAncestors`: the pages that may embed the sandbox.
 */
export function appCspHeader(declared: UiCsp, frameAncestors?: readonly string[]): string {
  const csp = allowedCsp(declared);
  const resources = csp.resourceDomains;
  const directives = [
    "default-src 'none'",
    `script-src ${sources(["'self'", "'unsafe-inline'"], resources, '')}`,
    `style-src ${sources(["'unsafe-inline'"], resources, '')}`,
    `img-src ${sources(['data:', 'blob:'], resources, '')}`,
    `font-src ${sources(['data:'], resources, '')}`,
    `media-src ${sources(['data:', 'blob:'], resources, '')}`,
    `connect-src ${sources([], csp.connectDomains, "'none'")}`,
    `frame-src ${sources([], csp.frameDomains, "'none'")}`,
    `base-uri ${sources([], csp.baseUriDomains, "'none'")}`,
    "object-src 'none'",
    "form-action 'none'",
    ...(frameAncestors ? [`frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`] : []),
  ];
  return directives.join('; ');
}
