// The one way the OAuth engine reaches the network: discovery, registration,
// the token endpoint and the CLI's look at the authorization URL all fetch
// through here. What an MCP server names (resource_metadata, its authorization
// servers, their endpoints) is where it wants the proxy to go, so before any
// connection the name is resolved and every address judged against where the
// MCP server itself is (address-kind.ts: told from the server URL's host, never
// by resolving its name again), and the connection is then made to
// the judged address (a name that resolves again elsewhere gains nothing).
// Plain http only to loopback; no redirect is followed; bodies are counted as
// they stream and cut off past a cap.

import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { send, WireTimeout, type WireResponse } from '../upstream/http/wire.js';
import { addressKind, bareHost, describeKind, mayReach, serverHostKind, serverKind, type AddressKind } from './address-kind.js';
import { boundedBody } from './bounded-body.js';

/** All the addresses a host name resolves to (dns.lookup with all: true, as connecting would). */
export type Resolve = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

export interface OAuthFetchPolicyOptions {
  /** The MCP server the person connects to: its origin is theirs to choose, and where it is decides what it may name. */
  serverUrl: string;
  /** Default dns.lookup. */
  resolve?: Resolve;
  /** The MCP server's addresses; default: judged by its host name alone (serverHostKind). Tests pretend a server elsewhere here. */
  locateServer?: () => Promise<readonly string[]>;
  /** Largest body read (default 1 MiB: metadata, registration and token answers are a few KiB). */
  maxBodyBytes?: number;
  /** Until the response headers (default 30 s); the body has as long again. */
  timeoutMs?: number;
}

export const OAUTH_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** A request the policy would not send; the message says why and what to do. */
export class OAuthFetchRefused extends Error {
  override readonly name = 'OAuthFetchRefused';
}

const defaultResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const NAMED_BY_DNS = ' (a server named by DNS counts as on the internet: connect to it by its IP address if it is on your network or this machine)';

/** A fetch (the global one's shape) that keeps to the policy. `redirect: 'manual'` hands a 3xx back; otherwise a 3xx is refused. */
export function createOAuthFetch(options: OAuthFetchPolicyOptions): typeof fetch {
  const resolve = options.resolve ?? defaultResolve;
  const maxBodyBytes = options.maxBodyBytes ?? OAUTH_MAX_BODY_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const server = new URL(options.serverUrl);
  const namedByDns = !options.locateServer && !isIP(bareHost(server.hostname));
  let located: Promise<AddressKind> | undefined;
  const whereServerIs = (): Promise<AddressKind> => {
    located ??= options.locateServer ? options.locateServer().then(serverKind) : Promise.resolve(serverHostKind(server.hostname));
    return located;
  };

  /** The addresses to connect to, judged; undefined for the MCP server's own origin (the person chose it, and the transport already goes there). */
  const judge = async (url: URL): Promise<ReadonlyArray<{ address: string; family: number }> | undefined> => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OAuthFetchRefused(`Not fetched: ${url.href} is not an http(s) URL.`);
    }
    if (url.origin === server.origin) return undefined;
    const host = bareHost(url.hostname);
    let addresses: ReadonlyArray<{ address: string; family: number }>;
    try {
      addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
    } catch (error) {
      throw new OAuthFetchRefused(`Not fetched: ${url.host} could not be resolved (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (addresses.length === 0) throw new OAuthFetchRefused(`Not fetched: ${url.host} resolves to no address.`);
    let from: AddressKind;
    try {
      from = await whereServerIs();
    } catch {
      from = 'public'; // where the server is cannot be told: the strictest reading
    }
    for (const { address } of addresses) {
      const kind = addressKind(address);
      if (kind === 'metadata') {
        throw new OAuthFetchRefused(
          `Not fetched: ${url.origin} is ${address}, ${describeKind(kind)}: no MCP server may make mcpscope reach it (it hands out the credentials of the machine mcpscope runs on).`,
        );
      }
      if (!mayReach(from, kind)) {
        throw new OAuthFetchRefused(
          `Not fetched: ${url.origin} is ${address}, ${describeKind(kind)}, and the MCP server ${server.host} is not on ${from === 'private' ? 'that network' : 'this machine'}${from === 'public' && namedByDns ? NAMED_BY_DNS : ''}: a server may not make mcpscope reach this machine or its network. If the server is yours, have it name addresses its clients can reach from where it is.`,
        );
      }
    }
    // The issuer may be plain http only when it is this machine (local development, the demo).
    if (url.protocol === 'http:' && !addresses.every(({ address }) => addressKind(address) === 'loopback')) {
      throw new OAuthFetchRefused(`Not fetched: ${url.href} is plain http and not on loopback; an authorization server must use https.`);
    }
    return addresses;
  };

  const policyFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) throw new TypeError('The OAuth fetch takes a URL and options, not a Request.');
    const url = new URL(input);
    const addresses = await judge(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const body = init.body === undefined || init.body === null ? undefined : bodyText(init.body);
    if (body !== undefined && headers['content-type'] === undefined && init.body instanceof URLSearchParams) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    }
    let response: WireResponse;
    try {
      response = await send({
        method: init.method ?? 'GET',
        url: url.href,
        headers,
        ...(body !== undefined && { body }),
        timeoutMs,
        connectTimeoutMs: Math.min(timeoutMs, CONNECT_TIMEOUT_MS),
        ...(init.signal && { signal: init.signal }),
        ...(addresses && { lookup: judgedLookup(addresses) }),
      });
    } catch (error) {
      throw error instanceof WireTimeout ? new Error(`${url.origin} ${error.message}`) : error;
    }
    if (response.status >= 300 && response.status < 400 && init.redirect !== 'manual') {
      response.cancel();
      throw new OAuthFetchRefused(redirectRefusal(url, response));
    }
    return webResponse(response, boundedBody(response.body, maxBodyBytes, timeoutMs));
  };
  return policyFetch as typeof fetch;
}

/** The sentence for a redirect: never followed, the origins named when it leads elsewhere. */
function redirectRefusal(url: URL, response: WireResponse): string {
  const location = response.headers.get('location');
  let target: URL | undefined;
  try {
    target = location !== null ? new URL(location, url) : undefined;
  } catch {
    target = undefined;
  }
  const where =
    target === undefined
      ? 'without a usable Location'
      : target.origin === url.origin
        ? `to ${target.href}`
        : `to another origin, ${target.origin} (from ${url.origin})`;
  return `${url.href} redirected (HTTP ${response.status}) ${where}; mcpscope follows no redirect during authorization: the server should publish the document at the URL itself.`;
}

/** lookup() for a connection: always the judged addresses, whatever DNS says by then. */
function judgedLookup(addresses: ReadonlyArray<{ address: string; family: number }>): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all)
      callback(
        null,
        addresses.map((a) => ({ ...a })),
      );
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function bodyText(body: NonNullable<RequestInit['body']>): string {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('The OAuth fetch sends text and form bodies only.');
}

/** Statuses whose Response may carry no body. */
const NULL_BODY = new Set([204, 205, 304]);

function webResponse(response: WireResponse, body: ReadableStream<Uint8Array>): Response {
  const headers = new Headers();
  for (const [name, value] of response.headerPairs) {
    try {
      headers.append(name, value);
    } catch {
      // A header value fetch cannot hold (not a byte string) is left out; the rest of the answer stands.
    }
  }
  if (response.status < 200 || response.status > 599) {
    void body.cancel();
    throw new Error(`the server answered status ${response.status}, which is not a final HTTP status`);
  }
  if (NULL_BODY.has(response.status)) {
    void body.cancel();
    return new Response(null, { status: response.status, statusText: response.statusText, headers });
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
