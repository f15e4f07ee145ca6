// The per-request and per-response fields of modern MCP (2026-07-28): what a
// request carries in params._meta instead of an initialize handshake, what a
// result may carry about the server, and the errors only modern servers give.

import { isRecord } from '../json/guards.js';
import { ErrorCode, type JsonRpcErrorObject } from '../jsonrpc/codec.js';
import type { Implementation } from '../session/types.js';

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** The modern fields of one request, as sent (unchecked: lint judges them). */
export interface ModernRequestMeta {
  protocolVersion?: unknown;
  clientCapabilities?: unknown;
  clientInfo?: unknown;
  logLevel?: unknown;
}

/** The modern `_meta` fields of a request's params; each is present only when the key is. */
export function modernRequestMeta(frameParams: unknown): ModernRequestMeta {
  const meta = isRecord(frameParams) && isRecord(frameParams._meta) ? frameParams._meta : undefined;
  if (meta === undefined) return {};
  const out: ModernRequestMeta = {};
  if (META_PROTOCOL_VERSION in meta) out.protocolVersion = meta[META_PROTOCOL_VERSION];
  if (META_CLIENT_CAPABILITIES in meta) out.clientCapabilities = meta[META_CLIENT_CAPABILITIES];
  if (META_CLIENT_INFO in meta) out.clientInfo = meta[META_CLIENT_INFO];
  if (META_LOG_LEVEL in meta) out.logLevel = meta[META_LOG_LEVEL];
  return out;
}

/** `params` with `fields` added to its `_meta`; keys the caller already put there win. */
export function withMeta(params: unknown, fields: Record<string, unknown>): Record<string, unknown> {
  const base = isRecord(params) ? params : {};
  const meta = isRecord(base._meta) ? base._meta : {};
  return { ...base, _meta: { ...fields, ...meta } };
}

/** An Implementation (name and version strings), or undefined when `value` is not one. */
export function implementationOf(value: unknown): Implementation | undefined {
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.version !== 'string') return undefined;
  const info: Implementation = { name: value.name, version: value.version };
  if (typeof value.title === 'string') info.title = value.title;
  if (value.icons !== undefined) info.icons = value.icons;
  return info;
}

/** The server's identity a result carries in `_meta['io.modelcontextprotocol/serverInfo']`. */
export function resultServerInfo(result: unknown): Implementation | undefined {
  if (!isRecord(result) || !isRecord(result._meta)) return undefined;
  return implementationOf(result._meta[META_SERVER_INFO]);
}

const MODERN_ERROR_CODES: ReadonlySet<number> = new Set([
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
]);

/** A JSON-RPC error only a modern server gives: it tells a modern server from a legacy one. */
export function isModernError(error: JsonRpcErrorObject): boolean {
  return MODERN_ERROR_CODES.has(error.code);
}

/** What an UnsupportedProtocolVersionError (-32022) says it supports; undefined for any other error. */
export function unsupportedVersionData(error: JsonRpcErrorObject): { supported: string[]; requested?: string } | undefined {
  if (error.code !== ErrorCode.UnsupportedProtocolVersion) return undefined;
  const data = isRecord(error.data) ? error.data : {};
  const supported = Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
  return typeof data.requested === 'string' ? { supported, requested: data.requested } : { supported };
}
