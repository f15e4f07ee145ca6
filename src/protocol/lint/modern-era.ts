// Which generation a frame belongs to. The 2026-07-28 revision has no
// initialize: each request names its version in _meta, a response belongs to
// the era of its request, and a connection may mix (the Auto probe sends
// server/discover, then falls back to initialize). Versions are ISO dates, so
// "modern" is any version from 2026-07-28 on (versions.ts).

import { isRecord } from '../json/guards.js';
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
} from '../mcp/modern-meta.js';
import { isModernVersion } from '../versions.js';

/** The reserved _meta keys 2026-07-28 defines itself (META-KEY does not call them reserved-prefix misuse). */
export const MODERN_META_KEYS: ReadonlySet<string> = new Set([
  META_PROTOCOL_VERSION,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
]);

/** Whether a value as sent names a modern version. */
export function namesModernVersion(version: unknown): version is string {
  return typeof version === 'string' && isModernVersion(version);
}

/** A message's `_meta` object, if it has one. */
export function metaOf(holder: unknown): Record<string, unknown> | undefined {
  return isRecord(holder) && isRecord(holder._meta) ? holder._meta : undefined;
}

/** The version a request names in `_meta['io.modelcontextprotocol/protocolVersion']`, as sent. */
export function requestVersionOf(params: unknown): unknown {
  const meta = metaOf(params);
  return meta && Object.hasOwn(meta, META_PROTOCOL_VERSION) ? meta[META_PROTOCOL_VERSION] : undefined;
}

/** What a request names: `params.name` (tools/call, prompts/get) or `params.uri` (resources/read). */
export function requestNameOf(method: string, params: unknown): string | undefined {
  if (!isRecord(params)) return undefined;
  const value = method === 'resources/read' ? params.uri : params.name;
  return typeof value === 'string' ? value : undefined;
}
