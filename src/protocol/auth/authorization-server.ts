// Authorization server metadata discovery in MCP's order (RFC 8414 §3.1 and
// OpenID Connect Discovery, path insertion before path appending), stopping at
// the first document that belongs to the issuer; then the checks MCP requires
// before using it: the same issuer, the endpoints, and PKCE with S256.
// The 2025-03-26 fallbacks (metadata at the MCP server's origin, else default
// endpoints there) are a separate entry, for servers with no resource metadata.

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

export interface AuthorizationServerMetadata {
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly registrationEndpoint?: string;
  readonly scopesSupported?: readonly string[];
  readonly codeChallengeMethodsSupported?: readonly string[];
  /** The whole document (empty for the 2025-03-26 default endpoints), for display, lint and the later steps. */
  readonly document: Readonly<Record<string, unknown>>;
}

/** Where the metadata came from. */
export type AuthorizationServerSource = 'oauth-authorization-server' | 'openid-configuration' | 'default-endpoints';

export type AuthorizationServerDiscovery =
  | { ok: true; metadata: AuthorizationServerMetadata; source: AuthorizationServerSource; url?: string; exchanges: AuthExchange[]; problems: AuthProblem[] }
  /** `found: false` when no candidate answered with a document of this issuer. */
  | { ok: false; found: boolean; exchanges: AuthExchange[]; problems: AuthProblem[] };

type Candidate = { url: string; source: Exclude<AuthorizationServerSource, 'default-endpoints'> };

/** The metadata URLs for an issuer, in the order MCP requires. */
export function authorizationServerMetadataUrls(issuer: string): Candidate[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '') {
    return [
      { url: `${url.origin}/.well-known/oauth-authorization-server`, source: 'oauth-authorization-server' },
      { url: `${url.origin}/.well-known/openid-configuration`, source: 'openid-configuration' },
    ];
  }
  return [
    { url: `${url.origin}/.well-known/oauth-authorization-server${path}`, source: 'oauth-authorization-server' },
    { url: `${url.origin}/.well-known/openid-configuration${path}`, source: 'openid-configuration' },
    { url: `${url.origin}${path}/.well-known/openid-configuration`, source: 'openid-configuration' },
  ];
}

export async function discoverAuthorizationServerMetadata(options: AuthIo & { issuer: string }): Promise<AuthorizationServerDiscovery> {
  const { issuer } = options;
  const exchanges: AuthExchange[] = [];
  const problems: AuthProblem[] = [];
  const problem = (kind: AuthProblemKind, message: string, spec: string, severity: AuthProblem['severity'] = 'error'): void => {
    problems.push({ step: 'authorization-server-metadata', kind, severity, message, spec });
  };
  const issuerProblem = absoluteHttpUrlProblem(issuer) ?? issuerShapeProblem(issuer);
  if (issuerProblem) {
    problem(
      'not-found',
      `Authorization server metadata: the issuer ${JSON.stringify(issuer)} cannot be used, because ${issuerProblem}.`,
      AUTH_SPEC.asDiscovery,
    );
    return { ok: false, found: false, exchanges, problems };
  }
  const candidates = authorizationServerMetadataUrls(issuer);
  for (const { url, source } of candidates) {
    const outcome = await fetchDocument(options, 'authorization-server-metadata', url, {}, exchanges);
    if (outcome.kind === 'status') continue;
    if (outcome.kind === 'unusable') {
      problem('metadata-format', `Authorization server metadata at ${url} cannot be used: ${outcome.reason}.`, AUTH_SPEC.asResponse);
      continue;
    }
    const named = outcome.json['issuer'];
    if (named !== issuer) {
      // Another issuer's document (or none named) must not be used; the next URL may still be the right one.
      problem(
        'as-issuer',
        typeof named === 'string'
          ? `Authorization server metadata at ${url} names the issuer ${named}, not ${issuer} (the issuer it was discovered from); the document must not be used.`
          : `Authorization server metadata at ${url} has no "issuer" string; it must name ${issuer}.`,
        AUTH_SPEC.asValidation,
      );
      continue;
    }
    const mediaType = mediaTypeProblem('Authorization server metadata', url, outcome.contentType);
    if (mediaType) problem('metadata-format', mediaType, AUTH_SPEC.asResponse, 'warning');
    const metadata = readAuthorizationServerMetadata(outcome.json, issuer, url, problem, true);
    return metadata ? { ok: true, metadata, source, url, exchanges, problems } : { ok: false, found: true, exchanges, problems };
  }
  if (!problems.some((p) => p.severity === 'error')) {
    const tried = candidates.map(({ url }) => `${url} (${answerOf(exchanges, url)})`).join(', then ');
    problem(
      'not-found',
      `Authorization server metadata for ${issuer}: no document at the well-known URIs, tried in the spec's order: ${tried}.`,
      AUTH_SPEC.asDiscovery,
    );
  }
  return { ok: false, found: false, exchanges, problems };
}

/**
 * The 2025-03-26 way, for a server that publishes no protected resource metadata:
 * the authorization base URL is the MCP server's origin; its RFC 8414 metadata is
 * used when present, else the default endpoints /authorize, /token and /register.
 */
export async function discoverLegacyAuthorizationServer(options: AuthIo & { serverUrl: string }): Promise<AuthorizationServerDiscovery> {
  const exchanges: AuthExchange[] = [];
  const problems: AuthProblem[] = [];
  const problem = (kind: AuthProblemKind, message: string, spec: string, severity: AuthProblem['severity'] = 'error'): void => {
    problems.push({ step: 'authorization-server-metadata', kind, severity, message, spec });
  };
  const serverProblem = absoluteHttpUrlProblem(options.serverUrl);
  if (serverProblem) {
    problem('not-found', `Authorization server metadata (2025-03-26): the MCP server URL cannot be used, because ${serverProblem}.`, AUTH_SPEC.legacyFallbacks);
    return { ok: false, found: false, exchanges, problems };
  }
  const base = new URL(options.serverUrl).origin;
  const url = `${base}/.well-known/oauth-authorization-server`;
  // 2025-03-26 asks clients to say which protocol version they speak during this discovery.
  const outcome = await fetchDocument(options, 'authorization-server-metadata', url, { 'MCP-Protocol-Version': '2025-03-26' }, exchanges);
  if (outcome.kind === 'document') {
    if (outcome.json['issuer'] !== undefined && outcome.json['issuer'] !== base) {
      problem(
        'as-issuer',
        `Authorization server metadata at ${url} names the issuer ${String(outcome.json['issuer'])}, not ${base} (the authorization base URL); the document must not be used.`,
        AUTH_SPEC.asValidation,
      );
      return { ok: false, found: true, exchanges, problems };
    }
    if (outcome.json['issuer'] === undefined)
      problem(
        'as-shape',
        `Authorization server metadata at ${url} has no "issuer"; RFC 8414 requires it (${base} is assumed).`,
        AUTH_SPEC.asResponse,
        'warning',
      );
    const metadata = readAuthorizationServerMetadata(outcome.json, base, url, problem, false);
    return metadata ? { ok: true, metadata, source: 'oauth-authorization-server', url, exchanges, problems } : { ok: false, found: true, exchanges, problems };
  }
  if (outcome.kind === 'unusable') {
    problem('metadata-format', `Authorization server metadata at ${url} cannot be used: ${outcome.reason}.`, AUTH_SPEC.asResponse);
    return { ok: false, found: true, exchanges, problems };
  }
  if (outcome.status !== 404) {
    // Only a server without metadata discovery gets the defaults; another failure is a failure.
    problem(
      'not-found',
      `Authorization server metadata at ${url} answered HTTP ${outcome.status}; the 2025-03-26 default endpoints apply only when there is no metadata (404).`,
      AUTH_SPEC.legacyFallbacks,
    );
    return { ok: false, found: false, exchanges, problems };
  }
  problem(
    'not-found',
    `No authorization server metadata at ${url} (HTTP 404): using the 2025-03-26 default endpoints ${base}/authorize, ${base}/token and ${base}/register.`,
    AUTH_SPEC.legacyFallbacks,
    'warning',
  );
  return {
    ok: true,
    source: 'default-endpoints',
    metadata: {
      issuer: base,
      authorizationEndpoint: `${base}/authorize`,
      tokenEndpoint: `${base}/token`,
      registrationEndpoint: `${base}/register`,
      document: {},
    },
    exchanges,
    problems,
  };
}

/** RFC 8414 §2: an issuer is an https URL with no query or fragment (http is kept for loopback testing). */
function issuerShapeProblem(issuer: string): string | undefined {
  const url = new URL(issuer);
  if (url.search !== '' || url.hash !== '') return 'an issuer has no query or fragment';
  return undefined;
}

function readAuthorizationServerMetadata(
  doc: Record<string, unknown>,
  issuer: string,
  url: string,
  problem: (kind: AuthProblemKind, message: string, spec: string, severity?: AuthProblem['severity']) => void,
  requirePkceAdvertised: boolean,
): AuthorizationServerMetadata | undefined {
  const at = `Authorization server metadata at ${url}`;
  let ok = true;
  const endpoint = (name: string, required: boolean): string | undefined => {
    const value = doc[name];
    if (value === undefined) {
      if (required) {
        problem('as-shape', `${at} has no "${name}"; the flow needs it.`, AUTH_SPEC.asResponse);
        ok = false;
      }
      return undefined;
    }
    const bad = typeof value === 'string' ? absoluteHttpUrlProblem(value) : 'it is not a string';
    if (bad) {
      problem('as-shape', `${at} has a "${name}" that is not a URL: ${bad}.`, AUTH_SPEC.asResponse);
      ok = false;
      return undefined;
    }
    return value as string;
  };
  const authorizationEndpoint = endpoint('authorization_endpoint', true);
  const tokenEndpoint = endpoint('token_endpoint', true);
  const registrationEndpoint = endpoint('registration_endpoint', false);
  if (!isStringArray(doc['response_types_supported'])) {
    problem('as-shape', `${at} has no "response_types_supported" array, which RFC 8414 requires.`, AUTH_SPEC.asResponse, 'warning');
  }
  const scopes = doc['scopes_supported'];
  if (scopes !== undefined && !isStringArray(scopes)) {
    problem('as-shape', `${at} has "scopes_supported" that is not an array of strings.`, AUTH_SPEC.asResponse);
    ok = false;
  }
  const methods = doc['code_challenge_methods_supported'];
  if (methods === undefined) {
    if (requirePkceAdvertised) {
      problem(
        'pkce',
        `${at} has no "code_challenge_methods_supported", so the server does not advertise PKCE; MCP clients must refuse to proceed.`,
        AUTH_SPEC.pkce,
      );
      ok = false;
    } else {
      problem(
        'pkce',
        `${at} does not advertise PKCE ("code_challenge_methods_supported"); later versions of MCP refuse such a server.`,
        AUTH_SPEC.pkce,
        'warning',
      );
    }
  } else if (!isStringArray(methods)) {
    problem('pkce', `${at} has "code_challenge_methods_supported" that is not an array of strings.`, AUTH_SPEC.pkce);
    ok = false;
  } else if (!methods.includes('S256')) {
    problem(
      'pkce',
      `${at} lists code_challenge_methods_supported ${JSON.stringify(methods)} without S256; MCP clients must use S256 and refuse to proceed.`,
      AUTH_SPEC.pkce,
    );
    ok = false;
  }
  if (!ok || !authorizationEndpoint || !tokenEndpoint) return undefined;
  return {
    issuer,
    authorizationEndpoint,
    tokenEndpoint,
    ...(registrationEndpoint && { registrationEndpoint }),
    ...(isStringArray(scopes) && { scopesSupported: scopes }),
    ...(isStringArray(methods) && { codeChallengeMethodsSupported: methods }),
    document: doc,
  };
}
