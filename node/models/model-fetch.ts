// How a model request reaches its provider. The endpoint is the person's choice
// (a variable, a flag, the page's settings), not a server's, so the OAuth fetch
// policy's address rules, made for URLs a server names, do not apply; two rules
// keep the key where it was meant to go: no redirect is followed (a redirect
// would carry an x-api-key header to wherever it points), and a key never goes
// over plain http except to this machine.
import { serverHostKind } from '../auth/address-kind.js';

/** Refused before anything was sent; the message says why and what to do. */
class ModelFetchRefused extends Error {
  override readonly name = 'ModelFetchRefused';
}

/** Why a key may not be sent to `baseUrl`, or undefined when it may. */
export function keyTransportProblem(baseUrl: string, hasKey: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `${JSON.stringify(baseUrl)} is not a URL; give the endpoint as http(s)://host:port/v1.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${baseUrl} is not an http(s) URL.`;
  if (hasKey && url.protocol === 'http:' && serverHostKind(url.hostname) !== 'loopback') {
    return `${baseUrl} is plain http to another machine, and the API key would travel unencrypted: use https, or no key.`;
  }
  return undefined;
}

/** A fetch that hands a redirect back as a refusal, on `base` (default: the global fetch). */
export function modelFetch(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, { ...init, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const to = response.headers.get('location');
      throw new ModelFetchRefused(
        `The endpoint answered with a redirect (HTTP ${response.status}${to ? ` to ${to}` : ''}), which is not followed so the key stays where it was sent: set the base URL to where it points.`,
      );
    }
    return response;
  };
}
