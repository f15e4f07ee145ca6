// The protocol versions the person can pick on the connection form, newest
// first after Auto, each with the one line that says what picking it means.

import { DEFAULT_PROTOCOL_VERSION, PROTOCOL_VERSIONS, type ProtocolVersion, type VersionChoice } from '../../../protocol/index.js';

export const VERSION_HINTS: Readonly<Record<VersionChoice, string>> = {
  auto: 'probes with server/discover, falls back to initialize',
  '2026-07-28': 'modern: no handshake; server/discover, then version and capabilities in every request’s _meta',
  '2025-11-25': 'legacy: initialize handshake; tasks, URL elicitation, icons, tool use in sampling',
  '2025-06-18': 'legacy: initialize handshake; structured tool output, elicitation, resource links',
  '2025-03-26': 'legacy: initialize handshake; Streamable HTTP, tool annotations, audio, batches',
  '2024-11-05': 'legacy: initialize handshake; the first revision (HTTP+SSE)',
};

/** What the version select lists: Auto, then every known version, newest first. */
export const VERSION_CHOICES: readonly VersionChoice[] = ['auto', ...[...PROTOCOL_VERSIONS].reverse()];

export function versionLabel(choice: VersionChoice): string {
  return choice === 'auto' ? 'Auto' : choice;
}

/** The version whose client capabilities the form previews: Auto's fallback initialize offers the default. */
export function previewVersion(choice: VersionChoice): ProtocolVersion {
  return choice === 'auto' ? DEFAULT_PROTOCOL_VERSION : choice;
}
