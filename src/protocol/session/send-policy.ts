// What a client may send in each state of its session: ping and server/discover
// at any time, initialize once and never in a modern session, anything else
// only once the session is ready.

import type { ProtocolEra } from '../versions.js';
import type { SessionState } from './types.js';

export interface SessionStanding {
  state: SessionState;
  era: ProtocolEra | undefined;
  modernVersion: string | undefined;
}

/** Whether `method` may be sent now, and if not, why (a sentence the UI shows on disabled buttons). */
export function sendAllowed(method: string, { state, era, modernVersion }: SessionStanding): { ok: true } | { ok: false; reason: string } {
  if (state === 'closed') return { ok: false, reason: 'The connection is closed. Connect again first.' };
  if (method === 'ping' || method === 'server/discover') return { ok: true };
  if (method === 'initialize' && era === 'modern') {
    return {
      ok: false,
      reason: `This session speaks ${modernVersion ?? 'a modern version'}, which has no initialize: each request carries its version in _meta.`,
    };
  }
  if (method === 'initialize') return state === 'new' ? { ok: true } : { ok: false, reason: 'initialize was already sent in this session.' };
  if (state !== 'ready') return { ok: false, reason: 'Waiting for the initialize result: until it arrives a client may only send ping.' };
  return { ok: true };
}
