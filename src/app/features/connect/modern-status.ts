// Pure helpers for the connection status of either generation: the line that
// says which one was chosen and why, a modern server's extensions, and which
// of a -32022's versions can be used.

import { isKnownProtocolVersion, isRecord, type ProtocolEra, type ProtocolVersion } from '../../../protocol/index.js';

const ERA_LABEL: Record<ProtocolEra, string> = { legacy: 'Legacy', modern: 'Modern' };

/** "Modern · 2026-07-28 — Auto: server/discover answered with 2026-07-28". */
export function generationLine(era: ProtocolEra, version: string, reason: string | undefined): string {
  return `${ERA_LABEL[era]} · ${version} — ${reason ?? 'chosen on the connection form'}`;
}

/** A modern server's extensions: the keys of `capabilities.extensions`, with their settings. */
export function extensionsOf(capabilities: Record<string, unknown>): Array<[string, unknown]> {
  const extensions = capabilities['extensions'];
  return isRecord(extensions) ? Object.entries(extensions) : [];
}

/** A -32022's supported list split into what mcpscope can reconnect with (newest first) and the rest. */
export function switchableVersions(supported: readonly string[]): { known: ProtocolVersion[]; unknown: string[] } {
  const known = supported.filter(isKnownProtocolVersion).sort().reverse();
  const unknown = supported.filter((v) => !isKnownProtocolVersion(v));
  return { known: [...new Set(known)], unknown: [...new Set(unknown)] };
}
