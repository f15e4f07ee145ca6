// What the proxy keeps for OAuth: a client registration per authorization
// server (keyed by its issuer, never lent to another) and tokens per (issuer, resource).
// These records live only in the proxy process (and, if asked, a 0600 file): never in the page.
import { isRecord } from '../../src/protocol/wire.js';

/** How the client came to have its client id. */
export type RegistrationSource = 'pre-registered' | 'dynamic' | 'metadata-document';

export interface ClientRegistration {
  /** The authorization server's issuer identifier these credentials belong to (and only it). */
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** client_secret_basic, client_secret_post, none … as registered. */
  tokenEndpointAuthMethod?: string;
  source: RegistrationSource;
  /** RFC 7591 client_secret_expires_at, in ms since the epoch; absent when it never expires. */
  clientSecretExpiresAt?: number;
}

export interface StoredTokens {
  issuer: string;
  /** The protected resource (RFC 8707 resource parameter / RFC 9728 resource) the tokens were asked for. */
  resource: string;
  accessToken: string;
  tokenType: string;
  refreshToken?: string;
  /** ms since the epoch; absent when the server gave no expires_in. */
  expiresAt?: number;
  scope?: string;
  obtainedAt: number;
}

/** One authorization server's entry, as held and as persisted. */
export interface IssuerEntry {
  client?: ClientRegistration;
  tokens: Record<string, StoredTokens>;
}

/** The persisted document: entries keyed by issuer. */
export interface CredentialDocument {
  version: 1;
  issuers: Record<string, IssuerEntry>;
}

const SOURCES: readonly string[] = ['pre-registered', 'dynamic', 'metadata-document'];

type Parsed<T> = { ok: true; value: T } | { ok: false; where: string };

function optionalString(record: Record<string, unknown>, key: string): boolean {
  return record[key] === undefined || typeof record[key] === 'string';
}

function optionalTime(record: Record<string, unknown>, key: string): boolean {
  return record[key] === undefined || (typeof record[key] === 'number' && Number.isFinite(record[key]));
}

function parseClient(value: unknown, issuer: string, where: string): Parsed<ClientRegistration> {
  if (!isRecord(value)) return { ok: false, where };
  const { clientId, source } = value;
  if (value.issuer !== issuer) return { ok: false, where: `${where}.issuer (it names another authorization server)` };
  if (typeof clientId !== 'string' || clientId === '') return { ok: false, where: `${where}.clientId` };
  if (typeof source !== 'string' || !SOURCES.includes(source)) return { ok: false, where: `${where}.source` };
  for (const key of ['clientSecret', 'tokenEndpointAuthMethod']) if (!optionalString(value, key)) return { ok: false, where: `${where}.${key}` };
  if (!optionalTime(value, 'clientSecretExpiresAt')) return { ok: false, where: `${where}.clientSecretExpiresAt` };
  return {
    ok: true,
    value: {
      issuer,
      clientId,
      source: source as RegistrationSource,
      ...(typeof value.clientSecret === 'string' ? { clientSecret: value.clientSecret } : {}),
      ...(typeof value.tokenEndpointAuthMethod === 'string' ? { tokenEndpointAuthMethod: value.tokenEndpointAuthMethod } : {}),
      ...(typeof value.clientSecretExpiresAt === 'number' ? { clientSecretExpiresAt: value.clientSecretExpiresAt } : {}),
    },
  };
}

function parseTokens(value: unknown, issuer: string, resource: string, where: string): Parsed<StoredTokens> {
  if (!isRecord(value)) return { ok: false, where };
  const { accessToken, tokenType, obtainedAt } = value;
  if (value.issuer !== issuer) return { ok: false, where: `${where}.issuer (it names another authorization server)` };
  if (value.resource !== resource) return { ok: false, where: `${where}.resource (it names another resource)` };
  if (typeof accessToken !== 'string' || accessToken === '') return { ok: false, where: `${where}.accessToken` };
  if (typeof tokenType !== 'string') return { ok: false, where: `${where}.tokenType` };
  if (typeof obtainedAt !== 'number' || !Number.isFinite(obtainedAt)) return { ok: false, where: `${where}.obtainedAt` };
  for (const key of ['refreshToken', 'scope']) if (!optionalString(value, key)) return { ok: false, where: `${where}.${key}` };
  if (!optionalTime(value, 'expiresAt')) return { ok: false, where: `${where}.expiresAt` };
  return {
    ok: true,
    value: {
      issuer,
      resource,
      accessToken,
      tokenType,
      obtainedAt,
      ...(typeof value.refreshToken === 'string' ? { refreshToken: value.refreshToken } : {}),
      ...(typeof value.expiresAt === 'number' ? { expiresAt: value.expiresAt } : {}),
      ...(typeof value.scope === 'string' ? { scope: value.scope } : {}),
    },
  };
}

/** A persisted document checked field by field; `where` names the first thing that is wrong. */
export function parseCredentialDocument(value: unknown): Parsed<CredentialDocument> {
  if (!isRecord(value)) return { ok: false, where: 'the top level (not an object)' };
  if (value.version !== 1) return { ok: false, where: `version (${JSON.stringify(value.version) ?? 'missing'}; this mcpscope reads version 1)` };
  if (!isRecord(value.issuers)) return { ok: false, where: 'issuers' };
  const issuers: Record<string, IssuerEntry> = {};
  for (const [issuer, entry] of Object.entries(value.issuers)) {
    const where = `issuers[${JSON.stringify(issuer)}]`;
    if (!isRecord(entry) || !isRecord(entry.tokens)) return { ok: false, where };
    const parsed: IssuerEntry = { tokens: {} };
    if (entry.client !== undefined) {
      const client = parseClient(entry.client, issuer, `${where}.client`);
      if (!client.ok) return client;
      parsed.client = client.value;
    }
    for (const [resource, tokens] of Object.entries(entry.tokens)) {
      const one = parseTokens(tokens, issuer, resource, `${where}.tokens[${JSON.stringify(resource)}]`);
      if (!one.ok) return one;
      parsed.tokens[resource] = one.value;
    }
    issuers[issuer] = parsed;
  }
  return { ok: true, value: { version: 1, issuers } };
}

/** Seconds of skew: a token this close to its expiry is treated as expired (clocks differ, requests take time). */
export const TOKEN_EXPIRY_SKEW_MS = 30_000;

/** Whether an access token should no longer be sent; one without an expiry is taken as valid until a 401 says otherwise. */
export function isTokenExpired(tokens: Pick<StoredTokens, 'expiresAt'>, now: number, skewMs = TOKEN_EXPIRY_SKEW_MS): boolean {
  return tokens.expiresAt !== undefined && now + skewMs >= tokens.expiresAt;
}

/** A token response's expires_in (seconds) as an instant; undefined when absent or not a positive number. */
export function expiresAtFrom(expiresIn: unknown, now: number): number | undefined {
  const seconds = typeof expiresIn === 'string' && /^\d+$/.test(expiresIn) ? Number(expiresIn) : expiresIn;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? now + seconds * 1000 : undefined;
}

/** Whether the client secret is past its RFC 7591 expiry (the client must register again). */
/** How a client authenticates at the token endpoint: as registered, else client_secret_basic with a secret (RFC 7591's default) and none without. */
export function tokenEndpointAuthMethodOf(client: Pick<ClientRegistration, 'tokenEndpointAuthMethod' | 'clientSecret'>): string {
  return client.tokenEndpointAuthMethod ?? (client.clientSecret !== undefined ? 'client_secret_basic' : 'none');
}

export function isClientSecretExpired(client: Pick<ClientRegistration, 'clientSecretExpiresAt'>, now: number): boolean {
  return client.clientSecretExpiresAt !== undefined && now >= client.clientSecretExpiresAt;
}
