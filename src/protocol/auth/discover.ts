// The discovery half of the flow, in order: the 401's WWW-Authenticate, the
// protected resource metadata, the authorization server metadata (of the first
// listed authorization server), and the scope to ask for. Each step's exchanges
// and problems are kept, in order, for the guided view and for lint.

import type { AuthExchange, AuthIo, AuthProblem } from './exchange.js';
import {
  discoverAuthorizationServerMetadata,
  discoverLegacyAuthorizationServer,
  type AuthorizationServerMetadata,
  type AuthorizationServerSource,
} from './authorization-server.js';
import { discoverProtectedResourceMetadata, type ProtectedResourceMetadata } from './protected-resource.js';
import { selectScope, type ScopeSelection } from './scope.js';
import { parseWwwAuthenticate, type BearerChallenge } from './www-authenticate.js';

export interface AuthorizationDiscovery {
  /** True when authorization server metadata was found and passed the checks: the flow can go on. */
  readonly ok: boolean;
  readonly challenge?: BearerChallenge;
  readonly protectedResource?: ProtectedResourceMetadata;
  readonly authorizationServer?: { metadata: AuthorizationServerMetadata; source: AuthorizationServerSource; url?: string };
  readonly scope: ScopeSelection;
  readonly exchanges: readonly AuthExchange[];
  readonly problems: readonly AuthProblem[];
}

export async function discoverAuthorization(
  options: AuthIo & {
    serverUrl: string;
    /** The WWW-Authenticate of the 401 (several lines as an array); absent when the server sent none. */
    wwwAuthenticate?: string | readonly string[];
    /**
     * Use the 2025-03-26 fallbacks (metadata or default endpoints at the MCP server's
     * origin) when the server publishes no protected resource metadata at all. Later
     * versions require the metadata, so the caller decides by the version it targets.
     */
    legacyFallbacks?: boolean;
    /**
     * Called once the protected resource metadata is settled and the authorization server is next
     * (a guided flow pauses here); `sofar` holds that step's exchanges and problems.
     */
    beforeAuthorizationServer?: (sofar: { exchanges: readonly AuthExchange[]; problems: readonly AuthProblem[] }) => Promise<void>;
  },
): Promise<AuthorizationDiscovery> {
  const io: AuthIo = {
    fetch: options.fetch,
    ...(options.clock && { clock: options.clock }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
  };
  const exchanges: AuthExchange[] = [];
  const problems: AuthProblem[] = [];
  const parsed = options.wwwAuthenticate !== undefined ? parseWwwAuthenticate(options.wwwAuthenticate) : undefined;
  if (parsed) problems.push(...parsed.problems);
  const challenge = parsed?.bearer;

  const prm = await discoverProtectedResourceMetadata({
    serverUrl: options.serverUrl,
    ...(challenge?.resourceMetadata !== undefined && { resourceMetadataUrl: challenge.resourceMetadata }),
    ...io,
  });
  exchanges.push(...prm.exchanges);
  const protectedResource = prm.ok ? prm.metadata : undefined;
  const scope = selectScope(challenge, protectedResource);
  const base = { ...(challenge && { challenge }), ...(protectedResource && { protectedResource }), scope, exchanges, problems };

  if (!prm.ok) {
    if (prm.found || !options.legacyFallbacks) {
      problems.push(...prm.problems);
      return { ok: false, ...base };
    }
    await options.beforeAuthorizationServer?.({ exchanges, problems: prm.problems });
    const legacy = await discoverLegacyAuthorizationServer({ ...io, serverUrl: options.serverUrl });
    exchanges.push(...legacy.exchanges);
    // A 2025-03-26 server has no resource metadata by design: its absence is only worth a note then.
    problems.push(...prm.problems.map((p) => (legacy.ok ? { ...p, severity: 'warning' as const } : p)), ...legacy.problems);
    return legacy.ok
      ? { ok: true, ...base, authorizationServer: { metadata: legacy.metadata, source: legacy.source, ...(legacy.url && { url: legacy.url }) } }
      : { ok: false, ...base };
  }
  problems.push(...prm.problems);
  // RFC 9728 §7.6 leaves the choice among several authorization servers to the client: the first is used.
  const issuer = prm.metadata.authorizationServers[0]!;
  await options.beforeAuthorizationServer?.({ exchanges, problems });
  const as = await discoverAuthorizationServerMetadata({ ...io, issuer });
  exchanges.push(...as.exchanges);
  problems.push(...as.problems);
  return as.ok
    ? { ok: true, ...base, authorizationServer: { metadata: as.metadata, source: as.source, ...(as.url && { url: as.url }) } }
    : { ok: false, ...base };
}
