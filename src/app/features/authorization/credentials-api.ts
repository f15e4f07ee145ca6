// The proxy's stored OAuth credentials, as the page may see them:
// GET /api/credentials lists issuers, clients and token facts — never a token —
// and DELETE /api/credentials[?issuer=] forgets one issuer or all. Sent with
// the proxy's token like /api/config.

import type { QueryClient } from '@tanstack/react-query';
import { isRecord } from '../../../protocol/index.js';

export interface StoredResource {
  resource: string;
  scope?: string;
  /** ms since the epoch. */
  expiresAt?: number;
  refreshable: boolean;
}

export interface StoredIssuer {
  issuer: string;
  clientId?: string;
  /** How the client came to be: dynamic, pre-registered, metadata document … */
  source?: string;
  resources: StoredResource[];
}

export interface StoredCredentials {
  issuers: StoredIssuer[];
  /** Whether they are kept in the credentials file (else only until the proxy stops). */
  persistent?: boolean;
  /** That file, when they are. */
  file?: string;
  /** Why the file is not used, when it is not. */
  problem?: string;
}

export class CredentialsError extends Error {}

const optionalString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function parseResource(v: unknown): StoredResource | undefined {
  if (!isRecord(v) || typeof v.resource !== 'string') return undefined;
  return {
    resource: v.resource,
    ...(typeof v.scope === 'string' ? { scope: v.scope } : {}),
    ...(typeof v.expiresAt === 'number' ? { expiresAt: v.expiresAt } : {}),
    refreshable: v.refreshable === true,
  };
}

function parseIssuer(v: unknown): StoredIssuer | undefined {
  if (!isRecord(v) || typeof v.issuer !== 'string') return undefined;
  const clientId = optionalString(v.clientId);
  const source = optionalString(v.source);
  return {
    issuer: v.issuer,
    ...(clientId !== undefined ? { clientId } : {}),
    ...(source !== undefined ? { source } : {}),
    resources: Array.isArray(v.resources) ? v.resources.flatMap((r) => parseResource(r) ?? []) : [],
  };
}

/** The list as the proxy sends it: `{ persistent, file?, problem?, issuers }` (an older proxy's bare array is taken too). */
export function parseStoredCredentials(body: unknown): StoredCredentials {
  const list: unknown = Array.isArray(body) ? body : isRecord(body) ? body.issuers : undefined;
  if (!Array.isArray(list)) throw new CredentialsError('The proxy’s /api/credentials answer is not in a form this page understands (no issuers list).');
  const out: StoredCredentials = { issuers: list.flatMap((i) => parseIssuer(i) ?? []) };
  if (isRecord(body) && typeof body.persistent === 'boolean') out.persistent = body.persistent;
  const file = isRecord(body) ? optionalString(body.file) : undefined;
  if (file !== undefined) out.file = file;
  const problem = isRecord(body) ? optionalString(body.problem) : undefined;
  if (problem !== undefined) out.problem = problem;
  return out;
}

async function call(token: string, method: 'GET' | 'DELETE', query: string, fetchFn: typeof fetch): Promise<Response> {
  let response: Response;
  try {
    response = await fetchFn(`/api/credentials${query}`, { method, headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new CredentialsError('Could not reach the mcpscope proxy for its stored credentials. Is it still running?');
  }
  if (response.status === 401 || response.status === 403) {
    throw new CredentialsError("The proxy did not accept this page's token: it is wrong or stale. Restart mcpscope and open the new URL it prints.");
  }
  if (response.status === 404 || response.status === 405) {
    throw new CredentialsError('This proxy keeps no OAuth credentials (it has no /api/credentials): it is an older mcpscope. Update it to use OAuth.');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new CredentialsError(`The proxy answered /api/credentials with HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}.`);
  }
  return response;
}

export async function fetchStoredCredentials(token: string, fetchFn: typeof fetch = fetch): Promise<StoredCredentials> {
  const response = await call(token, 'GET', '', fetchFn);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new CredentialsError('The proxy’s /api/credentials answer is not JSON.');
  }
  return parseStoredCredentials(body);
}

/** Where the credentials are kept, as a sentence; undefined when the proxy does not say (an older one). */
export function keptWhere(list: StoredCredentials): string | undefined {
  if (list.persistent === true) return `Kept across restarts in ${list.file ?? 'the credentials file'}, mode 0600.`;
  // --remember-credentials was given, but the file could not be used: the problem says why, and what to do.
  if (list.persistent === false && list.problem !== undefined) return 'Kept in memory until mcpscope stops: the credentials file is not used.';
  if (list.persistent === false) return 'Kept in memory until mcpscope stops (start it with --remember-credentials to keep them).';
  return undefined;
}

/** Forget one issuer's client and tokens, or (no issuer) everything. */
export async function forgetCredentials(token: string, issuer?: string, fetchFn: typeof fetch = fetch): Promise<void> {
  await call(token, 'DELETE', issuer !== undefined ? `?issuer=${encodeURIComponent(issuer)}` : '', fetchFn);
}

/** The first part of every stored-credentials query key: a flow that ends makes them stale. */
export const CREDENTIALS_QUERY = 'oauth-credentials';
export const credentialsQueryKey = (token: string) => [CREDENTIALS_QUERY, token] as const;

/**
 * Reads the list again after the proxy stored (or failed to store) a client or tokens.
 * A read still on its way was answered before that, but invalidating alone would reuse it
 * while the list has no data yet (the tab opened with the flow, so its first read races the
 * flow): it is cancelled first, so the list always ends with a read made after the change.
 */
export async function rereadStoredCredentials(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: [CREDENTIALS_QUERY] });
  await queryClient.invalidateQueries({ queryKey: [CREDENTIALS_QUERY] });
}
