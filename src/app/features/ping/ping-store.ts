// Ping results: the last exchange in full and a short history. On a
// 2026-07-28 connection the probe is a discover round trip (protocol/ping/probe.ts).

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  livenessProbe,
  probeNoun,
  sendLivenessProbe,
  type ClientSession,
  type LivenessProbe,
  type PingVerdict,
  type ProbedSession,
  type RequestOutcome,
} from '../../../protocol/index.js';
import { afterNextPaint } from '../../connection/idle-main-thread.js';
import type { ConnectionSnapshot } from '../../connection/proxy-connection.js';

export const PING_TIMEOUT_MS = 10_000;
export const PING_HISTORY_LENGTH = 10;

export interface PingRecord {
  n: number;
  /** What was sent: ping, or server/discover on a 2026-07-28 connection. */
  probe: LivenessProbe;
  /** Wall-clock time the ping was sent (ms since the epoch). */
  at: number;
  outcome: RequestOutcome;
  verdict: PingVerdict;
}

export interface PingState {
  inFlight: boolean;
  /** Most recent first. */
  history: readonly PingRecord[];
  /** Pings the server sent us (answered with {} by the session). */
  serverPings: number;
  /** Send ping on the current session and record the outcome; undefined (nothing sent) when not connected. */
  send(): Promise<PingRecord | undefined>;
  serverPinged(): void;
  /** Another server: the last one's pings no longer describe anything. */
  reset(): void;
}

export type PingStore = StoreApi<PingState>;

export interface PingDeps {
  session: () => ProbedSession | undefined;
  now?: () => number;
}

export function createPingStore(deps: PingDeps): PingStore {
  const now = deps.now ?? Date.now;
  let counter = 0;
  return createStore<PingState>()((set) => ({
    inFlight: false,
    history: [],
    serverPings: 0,
    send: async () => {
      const session = deps.session();
      if (!session) return undefined;
      const at = now();
      set({ inFlight: true });
      await afterNextPaint();
      const { probe, outcome, verdict } = await sendLivenessProbe(session, PING_TIMEOUT_MS);
      const record: PingRecord = { n: ++counter, probe, at, outcome, verdict };
      set((s) => ({ inFlight: false, history: [record, ...s.history].slice(0, PING_HISTORY_LENGTH) }));
      return record;
    },
    serverPinged: () => set((s) => ({ serverPings: s.serverPings + 1 })),
    reset: () => set({ history: [], serverPings: 0 }),
  }));
}

export type Availability = { ok: true } | { ok: false; reason: string };

/** Whether Send ping can be pressed now, and if not, why (shown next to the button). */
export function pingAvailability(snapshot: ConnectionSnapshot | null, session: ClientSession | undefined, inFlight: boolean): Availability {
  if (snapshot === null || session === undefined) return { ok: false, reason: 'Not connected: connect to a server first.' };
  if (snapshot.status === 'connecting') return { ok: false, reason: 'Waiting for the server process to start…' };
  if (snapshot.status === 'closed') return { ok: false, reason: 'Not connected: connect to a server first.' };
  const probe = livenessProbe(session);
  if (inFlight) return { ok: false, reason: `Waiting for the answer to the previous ${probeNoun(probe)}…` };
  return session.canSend(probe);
}
