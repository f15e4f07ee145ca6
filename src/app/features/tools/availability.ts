// Whether Call tool can be pressed now, and if not, why (shown next to the button).
import type { ClientSession } from '../../../protocol/index.js';
import type { ConnectionSnapshot } from '../../connection/proxy-connection.js';
import type { InFlightCall } from './tools-store.js';

export function callBlocked(
  snapshot: Pick<ConnectionSnapshot, 'status'> | null | undefined,
  session: Pick<ClientSession, 'canSend'> | undefined,
  inFlight: Pick<InFlightCall, 'tool'> | undefined,
): string | undefined {
  if (!snapshot || !session || snapshot.status === 'closed') return 'Not connected: connect to a server first.';
  if (snapshot.status !== 'ready') return 'Waiting for the server to finish starting…';
  if (inFlight) return `Wait for the call of ${inFlight.tool.name} to finish, or cancel it.`;
  const allowed = session.canSend('tools/call');
  return allowed.ok ? undefined : allowed.reason;
}
