// One GET of a discovery document through a caller-supplied fetch, recorded as
// an exchange (so the guided view and the Network view can show every request),
// and read as a JSON object or a sentence saying why it is not one.

import { isRecord } from '../json/guards.js';
import { systemClock, type Clock } from '../time/clock.js';

/** The part of a fetch Response discovery reads (the global fetch's Response fits). */
export interface AuthFetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A fetch-like function; the proxy and the CLI pass one that captures each exchange. */
export type AuthFetch = (url: string, init: { method: 'GET'; headers: Record<string, string>; signal: AbortSignal }) => Promise<AuthFetchResponse>;

/** How discovery reaches the network: the fetch, and optionally the clock and the time allowed for each GET. */
export interface AuthIo {
  readonly fetch: AuthFetch;
  readonly clock?: Clock;
  /** Per exchange, response and body together; 10 s unless told. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The steps of the flow this module covers. */
export type AuthStep = 'www-authenticate' | 'protected-resource-metadata' | 'authorization-server-metadata';

export interface AuthExchange {
  readonly step: AuthStep;
  readonly method: 'GET';
  readonly url: string;
  /** Absent when no response came (then `error` says why). */
  readonly status?: number;
  readonly contentType?: string;
  /** The start of the body, for display. */
  readonly bodyExcerpt?: string;
  readonly error?: string;
  /** From sending the request to the end of the body (or the failure). */
  readonly durationMs: number;
}

/**
 * What a problem is about, so lint can name the rule without re-judging: the
 * challenge's form, its resource_metadata URL, a metadata document's shape, the
 * resource or issuer it names, PKCE, a document that is not JSON metadata, or
 * no usable document (or input) at all.
 */
export type AuthProblemKind =
  'challenge' | 'resource-metadata-url' | 'prm-shape' | 'prm-resource' | 'as-shape' | 'as-issuer' | 'pkce' | 'metadata-format' | 'not-found';

export interface AuthProblem {
  readonly step: AuthStep;
  readonly kind: AuthProblemKind;
  /** 'error' stops this step (or this candidate URL); 'warning' is worth showing but not fatal. */
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly spec: string;
}

const EXCERPT_CHARS = 500;

export type DocumentOutcome =
  | { kind: 'document'; json: Record<string, unknown>; contentType: string }
  /** Not a 200: the caller decides whether to try the next URL. */
  | { kind: 'status'; status: number }
  /** No response, or a 200 that is not a JSON object: `reason` completes "… at <url>". */
  | { kind: 'unusable'; reason: string };

export async function fetchDocument(
  io: AuthIo,
  step: AuthStep,
  url: string,
  headers: Record<string, string>,
  exchanges: AuthExchange[],
): Promise<DocumentOutcome> {
  const clock = io.clock ?? systemClock;
  const timeoutMs = io.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = clock.now();
  const abort = new AbortController();
  let timer: unknown;
  // A server that never answers must not hold the flow: the GET is abandoned (and aborted) after timeoutMs.
  const timeout = new Promise<never>((_, reject) => {
    timer = clock.setTimeout(() => {
      abort.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const record = (entry: Omit<AuthExchange, 'step' | 'method' | 'url' | 'durationMs'>): void => {
    exchanges.push({ step, method: 'GET', url, ...entry, durationMs: clock.now() - started });
  };
  let response: AuthFetchResponse;
  let body: string;
  try {
    try {
      response = await Promise.race([io.fetch(url, { method: 'GET', headers: { Accept: 'application/json', ...headers }, signal: abort.signal }), timeout]);
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      record({ error });
      return { kind: 'unusable', reason: `the request failed (${error})` };
    }
    try {
      body = await Promise.race([response.text(), timeout]);
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      record({ status: response.status, contentType: response.headers.get('content-type') ?? '', error });
      return { kind: 'unusable', reason: `the body could not be read (${error})` };
    }
  } finally {
    clock.clearTimeout(timer);
  }
  const contentType = response.headers.get('content-type') ?? '';
  record({ status: response.status, contentType, bodyExcerpt: body.slice(0, EXCERPT_CHARS) });
  if (response.status !== 200) return { kind: 'status', status: response.status };
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    if (mediaType === 'text/html' || /^\s*</.test(body))
      return { kind: 'unusable', reason: `the answer is HTML (${contentType || 'no Content-Type'}), not a JSON metadata document` };
    return { kind: 'unusable', reason: `the body is not valid JSON (${JSON.stringify(body.slice(0, 60))}${body.length > 60 ? '…' : ''})` };
  }
  if (!isRecord(json)) return { kind: 'unusable', reason: 'the body is JSON but not an object' };
  return { kind: 'document', json, contentType };
}

/** How the exchange with `url` ended, for a sentence listing the URLs tried: "HTTP 404" or the failure. */
export function answerOf(exchanges: readonly AuthExchange[], url: string): string {
  const e = exchanges.find((x) => x.url === url);
  return e?.status !== undefined ? `HTTP ${e.status}` : (e?.error ?? 'no answer');
}

/** True for application/json and its +json relatives. */
function isJsonMediaType(contentType: string): boolean {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** The sentence for a metadata document (`what`, e.g. "Protected resource metadata") not served as JSON, else undefined. */
export function mediaTypeProblem(what: string, url: string, contentType: string): string | undefined {
  return isJsonMediaType(contentType) ? undefined : `${what} at ${url} is served as ${contentType || 'no Content-Type'}; it must be application/json.`;
}

/** An absolute http(s) URL, or a sentence saying what is wrong with it. */
export function absoluteHttpUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${JSON.stringify(value)} is not an absolute URL`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${JSON.stringify(value)} is not an http(s) URL`;
  return undefined;
}
