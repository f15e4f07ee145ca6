// MCP protocol versions, in two eras: "legacy" versions are negotiated by the
// initialize handshake; "modern" ones (2026-07-28 and later) have no handshake
// and carry the version on every request's _meta.

export const LEGACY_PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
/** Every version mcpscope speaks, oldest first (legacy, then modern). */
export const PROTOCOL_VERSIONS = [...LEGACY_PROTOCOL_VERSIONS, ...MODERN_PROTOCOL_VERSIONS] as const;

export type LegacyProtocolVersion = (typeof LEGACY_PROTOCOL_VERSIONS)[number];
export type ModernProtocolVersion = (typeof MODERN_PROTOCOL_VERSIONS)[number];
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

export type ProtocolEra = 'legacy' | 'modern';

/** What a person (or `--protocol-version` / `--protocol-era`) picks: a version, or Auto (probe, then fall back). */
export type VersionChoice = ProtocolVersion | 'auto';

export const DEFAULT_PROTOCOL_VERSION: LegacyProtocolVersion = '2025-11-25';
export const NEWEST_LEGACY_VERSION: LegacyProtocolVersion = '2025-11-25';
export const NEWEST_MODERN_VERSION: ModernProtocolVersion = '2026-07-28';

/** The first modern version: versions are ISO dates, so they compare as strings. */
const FIRST_MODERN_VERSION = MODERN_PROTOCOL_VERSIONS[0];

export function isKnownProtocolVersion(v: unknown): v is ProtocolVersion {
  return typeof v === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(v);
}

export function isLegacyVersion(v: unknown): v is LegacyProtocolVersion {
  return typeof v === 'string' && (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(v);
}

/** Any version from 2026-07-28 on, known to mcpscope or not, is modern. */
export function isModernVersion(v: string): boolean {
  return v >= FIRST_MODERN_VERSION;
}

export function eraOf(version: string): ProtocolEra {
  return isModernVersion(version) ? 'modern' : 'legacy';
}

export function isVersionChoice(v: unknown): v is VersionChoice {
  return v === 'auto' || isKnownProtocolVersion(v);
}

/**
 * The newest version both sides speak, from a server's list (server/discover's supportedVersions
 * or a -32022 error's data.supported); undefined when there is none.
 */
export function bestMutualVersion(supported: readonly string[]): ProtocolVersion | undefined {
  return [...PROTOCOL_VERSIONS].reverse().find((v) => supported.includes(v));
}
