// Whether Call tool can be pressed now, and if not, why (shown next to the button).
import { toolHeaderRejection, type ClientSession, type Tool } from '../../../protocol/index.js';
import type { ConnectionSnapshot } from '../../connection/proxy-connection.js';
import { speaksModern } from '../../connection/modern.js';
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

/**
 * Streamable HTTP from 2026-07-28 on: a client must exclude a tool whose x-mcp-header annotations are
 * invalid (its arguments could not be mirrored into headers). Why this tool is excluded, else undefined.
 */
export function toolExclusion(
  tool: Pick<Tool, 'inputSchema'>,
  snapshot: Pick<ConnectionSnapshot, 'transport' | 'info'> | null | undefined,
): string | undefined {
  if (snapshot?.transport.kind !== 'http' || !speaksModern(snapshot)) return undefined;
  return toolHeaderRejection(tool);
}
