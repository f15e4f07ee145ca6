// How the CLI opens the authorization URL without a browser: it asks for the
// URL itself, through the flow's fetch policy (never following redirects). An authorization server that
// approves without a person (as the conformance suite's and the protected
// demo's do) answers with a redirect to our redirect URI: that is the callback,
// handed to the CallbackRegistry at once. Anything else needs a person: the URL
// is printed, and the callback then comes through the loopback listener.

import type { AuthorizationOpener, CallbackRegistry } from '../../node/auth/authorizer-types.js';

export interface HeadlessOpenerOptions {
  redirectUri: string;
  callbacks: CallbackRegistry;
  /** One line for the person (stderr). */
  say: (line: string) => void;
  /** How long the authorization endpoint may take to answer before the URL is printed instead. */
  timeoutMs: number;
  /** Replaces the flow's fetch (tests). */
  fetch?: typeof fetch;
  /** No person can come (a test run): the authorization fails at once with the reason and this advice. */
  withoutPerson?: string;
}

/** The redirect URI itself (same origin and path), whatever its query: a prefix match would also take /oauth/callbackx. */
export function isRedirectTo(location: URL, redirectUri: string): boolean {
  const target = new URL(redirectUri);
  return location.origin === target.origin && location.pathname === target.pathname;
}

export function headlessOpener(options: HeadlessOpenerOptions): AuthorizationOpener {
  return async (url, _flow, policyFetch) => {
    const doFetch = options.fetch ?? policyFetch;
    let location: URL | undefined;
    let why: string;
    try {
      const response = await doFetch(url, { redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) });
      await response.body?.cancel();
      const header = response.headers.get('location');
      location = response.status >= 300 && response.status < 400 && header !== null ? new URL(header, url) : undefined;
      why =
        location === undefined
          ? `The authorization server wants a person (it answered ${response.status}, not a redirect back).`
          : 'The authorization server sent the browser elsewhere first (a login page).';
    } catch (err) {
      why = `The authorization endpoint could not be asked directly (${err instanceof Error ? err.message : String(err)}).`;
    }
    if (location !== undefined && isRedirectTo(location, options.redirectUri)) {
      const delivered = options.callbacks.deliver(location);
      // Nothing else will come back: fail the authorization step now rather than wait for a person.
      if (!delivered.delivered) throw new Error(`The authorization server redirected back, but ${lowerFirst(delivered.message)}`);
      return;
    }
    if (options.withoutPerson !== undefined) throw new Error(`${why} ${options.withoutPerson}`);
    options.say(`${why} Open this URL in a browser to authorize:`);
    options.say(`  ${url}`);
    options.say(`Waiting for the browser to come back to ${options.redirectUri} …`);
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
