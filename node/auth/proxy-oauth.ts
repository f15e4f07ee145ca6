// What the proxy holds for OAuth, once per process: the credential
// store, the pending callbacks its /oauth/callback route delivers to, the
// redirect URI on its own origin, and how a connection's Authorizer is built.

import type { AuthorizerFactory } from '../upstream/http/index.js';
import type { Authorizer, AuthorizerOptions, CallbackRegistry } from './authorizer-types.js';
import type { CredentialStore } from './credential-store.js';

export const OAUTH_CALLBACK_PATH = '/oauth/callback';

export interface ProxyOAuth {
  store: CredentialStore;
  callbacks: CallbackRegistry;
  /** http://127.0.0.1:<port>/oauth/callback (see redirectUriFor). */
  redirectUri: string;
  createAuthorizer: (options: AuthorizerOptions) => Authorizer;
}

/**
 * The redirect URI: always the loopback address the proxy listens on, never the
 * name the page was opened by, so that every flow of one run registers the same
 * URI (localhost and 127.0.0.1 are different redirect URIs to an authorization
 * server). 127.0.0.1 unless the proxy is bound to ::1 only. `host` is the address bound.
 */
export function redirectUriFor(host: string, port: number): string {
  const loopback = host === '::1' || host === '[::1]' ? '[::1]' : '127.0.0.1';
  return `http://${loopback}:${port}${OAUTH_CALLBACK_PATH}`;
}

/** One connection's factory: the HTTP upstream's hooks plus the process-wide parts; `created` gets the Authorizer. */
export function authorizerFactory(oauth: ProxyOAuth, created: (authorizer: Authorizer) => void): AuthorizerFactory {
  return (hooks) => {
    const authorizer = oauth.createAuthorizer({
      ...hooks,
      store: oauth.store,
      callbacks: oauth.callbacks,
      redirectUri: oauth.redirectUri,
    });
    created(authorizer);
    return authorizer;
  };
}
