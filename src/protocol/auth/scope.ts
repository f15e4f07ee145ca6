// Which scope to ask for at first authorization (MCP's scope selection
// strategy): the challenge's scope, else every scope the protected resource
// metadata lists, else no scope parameter at all.

import type { BearerChallenge } from './www-authenticate.js';
import type { ProtectedResourceMetadata } from './protected-resource.js';

export type ScopeSelection = { scope: string; source: 'www-authenticate' | 'scopes_supported' } | { scope?: undefined; source: 'omitted' };

export function selectScope(challenge: BearerChallenge | undefined, metadata: ProtectedResourceMetadata | undefined): ScopeSelection {
  const fromChallenge = challenge?.scope?.trim();
  if (fromChallenge) return { scope: fromChallenge, source: 'www-authenticate' };
  const supported = metadata?.scopesSupported;
  if (supported && supported.length > 0) return { scope: supported.join(' '), source: 'scopes_supported' };
  return { source: 'omitted' };
}
