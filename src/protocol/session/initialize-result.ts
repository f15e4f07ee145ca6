// What the client session reads from the server's answers: the initialize
// result (legacy), the info of a modern session, and one sentence per outcome.

import { isRecord } from '../json/guards.js';
import { NEWEST_MODERN_VERSION, isKnownProtocolVersion, isLegacyVersion, type ProtocolVersion } from '../versions.js';
import { notInitializedHint } from './discover.js';
import type { DiscoverInfo, Implementation, InitializeInfo, RequestOutcome } from './types.js';

export function outcomeMessage(outcome: RequestOutcome): string {
  switch (outcome.status) {
    case 'result':
      return 'ok';
    case 'error':
      return `The server answered with error ${outcome.error.code}: ${outcome.error.message}${notInitializedHint(outcome.request.raw, outcome.error)}`;
    case 'timeout':
    case 'closed':
    case 'refused':
    case 'cancelled':
    case 'stopped':
      return outcome.message;
  }
}

/** A modern session's info: from server/discover when it answered, else only the version. */
export function modernInfo(version: string, discovered: DiscoverInfo | undefined, knownServer?: Implementation): InitializeInfo {
  const info: InitializeInfo = {
    offeredVersion: isKnownProtocolVersion(version) ? version : NEWEST_MODERN_VERSION,
    protocolVersion: version,
    versionSupported: isKnownProtocolVersion(version),
    capabilities: discovered?.capabilities ?? {},
    serverInfo: discovered?.serverInfo ?? knownServer ?? { name: '(unnamed server)', version: '(no version)' },
    era: 'modern',
  };
  if (discovered) info.supportedVersions = discovered.supportedVersions;
  if (discovered?.instructions !== undefined) info.instructions = discovered.instructions;
  return info;
}

export function parseInitializeResult(result: unknown, offeredVersion: ProtocolVersion): { ok: true; info: InitializeInfo } | { ok: false; message: string } {
  if (!isRecord(result)) return { ok: false, message: 'The initialize result is not an object.' };
  if (typeof result.protocolVersion !== 'string') {
    return { ok: false, message: 'The initialize result has no protocolVersion string.' };
  }
  const serverInfo = isRecord(result.serverInfo) ? result.serverInfo : {};
  const info: InitializeInfo = {
    offeredVersion,
    protocolVersion: result.protocolVersion,
    versionSupported: isLegacyVersion(result.protocolVersion),
    capabilities: isRecord(result.capabilities) ? result.capabilities : {},
    serverInfo: {
      name: typeof serverInfo.name === 'string' ? serverInfo.name : '(unnamed server)',
      version: typeof serverInfo.version === 'string' ? serverInfo.version : '(no version)',
    },
    era: 'legacy',
  };
  if (typeof serverInfo.title === 'string') info.serverInfo.title = serverInfo.title;
  if (serverInfo.icons !== undefined) info.serverInfo.icons = serverInfo.icons;
  if (typeof result.instructions === 'string') info.instructions = result.instructions;
  return { ok: true, info };
}
