// Whether logging/setLevel can be offered for the current connection, and if
// not, the sentence that says why.

import type { ConnectionStatus } from '../../connection/snapshot.js';

export type LevelAvailability = { available: true; negotiated: boolean } | { available: false; reason: string };

export function levelAvailability(
  status: ConnectionStatus | undefined,
  withoutInitialize: boolean,
  capabilities: Record<string, unknown> | undefined,
  modern = false,
): LevelAvailability {
  if (status === 'connecting' || status === 'initializing')
    return { available: false, reason: 'Waiting for the initialize result: it says whether the server takes logging/setLevel.' };
  if (status !== 'ready') return { available: false, reason: 'Not connected: connect to a server to set the level of the log messages it sends.' };
  // Without initialize nothing was declared either way: offered, with a word of caution.
  if (withoutInitialize || capabilities === undefined) return { available: true, negotiated: false };
  if (!Object.hasOwn(capabilities, 'logging') && modern)
    return {
      available: false,
      reason:
        'server/discover does not declare the logging capability, so the server should send no log messages whatever level a request asks for. Any it sends anyway are listed below and reported in Problems (CAP-UNDECLARED).',
    };
  if (!Object.hasOwn(capabilities, 'logging'))
    return {
      available: false,
      reason:
        'The server does not declare the logging capability, so it takes no logging/setLevel and should send no log messages. Any it sends anyway are listed below and reported in Problems (CAP-UNDECLARED).',
    };
  return { available: true, negotiated: true };
}
