// Protected resource metadata (RFC 9728) discovery, in MCP's order: the
// resource_metadata URL of the 401's WWW-Authenticate when there is one, else
// the path-aware well-known URI, then the root one.

import { isStringArray } from '../json/guards.js';
import {
  absoluteHttpUrlProblem,
  answerOf,
  fetchDocument,
  mediaTypeProblem,
  type AuthExchange,
  type AuthIo,
  type AuthProblem,
  type AuthProblemKind,
} from './exchange.js';
import { AUTH_SPEC } from './spec-links.js';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

export interface ProtectedResourceMetadata {
  readonly resource: string;
  readonly authorizationServers: readonly string[];
  readonly scopesSupported?: readonly string[];
  /** The whole document, for display and lint. */
  readonly document: Readonly<Record<string, unknown>>;
}

export type ProtectedResourceDiscovery =
  | { ok: true; metadata: ProtectedResourceMetadata; url: string; exchanges: AuthExchange[]; problems: AuthProblem[] }
  /** `found: false` when no candidate URL answered 200 (the 2025-03-26 fallbacks may then apply). */
  | { ok: false; found: boolean; exchanges: AuthExchange[]; problems: AuthProblem[] };

/** The well-known URIs to try, in the spec's order: path-aware (when the server URL has a path), then root. */
export function protectedResourceMetadataUrls(serverUrl: string): string[] {
  const url = new URL(serverUrl);
  const path = url.pathname.replace(/\/+$/, '');
  const root = `${url.origin}${WELL_KNOWN}`;
  return path === '' ? [root] : [`${url.origin}${WELL_KNOWN}${path}${url.search}`, root];
}

export async function discoverProtectedResourceMetadata(
  options: AuthIo & {
    serverUrl: string;
    /** From the Bearer challenge of the 401, when it named one. */
    resourceMetadataUrl?: string;
  },
): Promise<ProtectedResourceDiscovery> {
  const exchanges: AuthExchange[] = [];
  const problems: AuthProblem[] = [];
  const problem = (kind: AuthProblemKind, message: string, spec: string, severity: AuthProblem['severity'] = 'error'): void => {
    problems.push({ step: 'protected-resource-metadata', kind, severity, message, spec });
  };
  const serverProblem = absoluteHttpUrlProblem(options.serverUrl);
  if (serverProblem) {
    problem('not-found', `Protected resource metadata: the MCP server URL cannot be used, because ${serverProblem}.`, AUTH_SPEC.prmDiscovery);
    return { ok: false, found: false, exchanges, problems };
  }
  const fromHeader = options.resourceMetadataUrl !== undefined && absoluteHttpUrlProblem(options.resourceMetadataUrl) === undefined;
  // The header's URL, when usable, is the only one to use; the well-known URIs are the fallback for its absence.
  const candidates = fromHeader ? [options.resourceMetadataUrl!] : protectedResourceMetadataUrls(options.serverUrl);
  let found = false;
  for (const url of candidates) {
    const outcome = await fetchDocument(options, 'protected-resource-metadata', url, {}, exchanges);
    if (outcome.kind === 'status') continue;
    if (outcome.kind === 'unusable') {
      problem('metadata-format', `Protected resource metadata at ${url} cannot be used: ${outcome.reason}.`, AUTH_SPEC.prmResponse);
      continue;
    }
    found = true;
    const mediaType = mediaTypeProblem('Protected resource metadata', url, outcome.contentType);
    if (mediaType) problem('metadata-format', mediaType, AUTH_SPEC.prmResponse, 'warning');
    const before = problems.length;
    const metadata = readProtectedResourceMetadata(outcome.json, url, options.serverUrl, problem);
    if (metadata && problems.slice(before).every((p) => p.severity !== 'error')) return { ok: true, metadata, url, exchanges, problems };
  }
  if (!found && !problems.some((p) => p.severity === 'error')) {
    const tried = candidates.map((u) => `${u} (${answerOf(exchanges, u)})`).join(', then ');
    problem(
      'not-found',
      fromHeader
        ? `Protected resource metadata: the resource_metadata URL from WWW-Authenticate answered no document: ${tried}.`
        : `Protected resource metadata: no document at the well-known URIs, tried in the spec's order: ${tried}.`,
      AUTH_SPEC.prmDiscovery,
    );
  }
  return { ok: false, found, exchanges, problems };
}

function readProtectedResourceMetadata(
  doc: Record<string, unknown>,
  url: string,
  serverUrl: string,
  problem: (kind: AuthProblemKind, message: string, spec: string) => void,
): ProtectedResourceMetadata | undefined {
  const at = `Protected resource metadata at ${url}`;
  const { resource, authorization_servers: servers, scopes_supported: scopes } = doc;
  let ok = true;
  if (typeof resource !== 'string') {
    problem('prm-shape', `${at} has no "resource" string; RFC 9728 requires it.`, AUTH_SPEC.prmResponse);
    ok = false;
  } else {
    const mismatch = resourceMismatch(resource, serverUrl);
    if (mismatch) {
      problem(
        'prm-resource',
        `${at} names the resource ${resource}, which does not match the MCP server ${serverUrl}: ${mismatch}. A client must not use it.`,
        AUTH_SPEC.prmValidation,
      );
      ok = false;
    }
  }
  if (!Array.isArray(servers) || servers.length === 0) {
    problem('prm-shape', `${at} has no "authorization_servers" (it must list at least one authorization server).`, AUTH_SPEC.authorizationServers);
    ok = false;
  } else if (!isStringArray(servers)) {
    problem('prm-shape', `${at} has "authorization_servers" entries that are not strings.`, AUTH_SPEC.authorizationServers);
    ok = false;
  } else {
    for (const s of servers) {
      const bad = absoluteHttpUrlProblem(s);
      if (bad) {
        problem('prm-shape', `${at} lists an authorization server that is not an issuer URL: ${bad}.`, AUTH_SPEC.authorizationServers);
        ok = false;
      }
    }
  }
  if (scopes !== undefined && !isStringArray(scopes)) {
    problem('prm-shape', `${at} has "scopes_supported" that is not an array of strings.`, AUTH_SPEC.prmResponse);
    ok = false;
  }
  if (!ok || typeof resource !== 'string' || !isStringArray(servers)) return undefined;
  return { resource, authorizationServers: servers, ...(isStringArray(scopes) && { scopesSupported: scopes }), document: doc };
}

/**
 * Why a metadata `resource` does not cover the MCP server URL, or undefined when it does.
 * Scheme and host compare case-insensitively (the canonical URI section asks clients to
 * accept either case) and a trailing slash is ignored; the resource may be the server
 * URL itself or a path above it on the same origin (a root document naming the origin),
 * as the SDKs accept.
 */
export function resourceMismatch(resource: string, serverUrl: string): string | undefined {
  let r: URL;
  let s: URL;
  try {
    r = new URL(resource);
    s = new URL(serverUrl);
  } catch {
    return `${JSON.stringify(resource)} is not an absolute URL`;
  }
  if (r.hash !== '') return 'a resource identifier must not have a fragment';
  if (r.origin !== s.origin) return `the origin is ${r.origin}, not ${s.origin}`;
  const rPath = r.pathname.replace(/\/+$/, '');
  const sPath = s.pathname.replace(/\/+$/, '');
  if (rPath !== sPath && !sPath.startsWith(`${rPath}/`)) return `the path ${rPath || '/'} is neither the server's path ${sPath || '/'} nor above it`;
  if (rPath === sPath && r.search !== '' && r.search !== s.search) return `the query ${r.search} differs from the server's ${s.search || '(none)'}`;
  return undefined;
}
