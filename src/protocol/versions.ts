// MCP protocol versions of the "legacy" era: the ones negotiated by initialize.

export const PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;

export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

export const DEFAULT_PROTOCOL_VERSION: ProtocolVersion = '2025-11-25';

export function isKnownProtocolVersion(v: unknown): v is ProtocolVersion {
  return typeof v === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(v);
}
