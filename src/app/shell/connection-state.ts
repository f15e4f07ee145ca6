// The top bar's state dot and word, and its last round trip: one reading of the
// connection, the heartbeat and the Ping tab's history.

import type { MonitorState, PingSample } from '../../protocol/index.js';
import type { ConnectionSnapshot } from '../connection/snapshot.js';
import type { PingRecord } from '../features/ping/ping-store.js';

export type ShellState = 'idle' | 'connecting' | 'waiting' | 'ready' | 'stale' | 'closed' | 'failed';

export const STATE_WORD: Record<ShellState, string> = {
  idle: 'not connected',
  connecting: 'connecting',
  waiting: 'waiting for you',
  ready: 'ready',
  stale: 'stale',
  closed: 'closed',
  failed: 'failed',
};

/** What the heartbeat says about the connection: stale once enough pings in a row went unanswered. */
export interface HeartbeatReading {
  state: MonitorState;
  reconnectInMs?: number;
}

export function connectionState(snapshot: ConnectionSnapshot | null, heartbeat: HeartbeatReading): ShellState {
  if (snapshot === null) return 'idle';
  switch (snapshot.status) {
    case 'connecting':
      return 'connecting';
    case 'initializing':
      // The server does not implement initialize: the offer in the main pane waits for the person.
      return snapshot.initializeUnsupported !== undefined ? 'waiting' : 'connecting';
    case 'ready':
      return heartbeat.state === 'stale' || heartbeat.reconnectInMs !== undefined ? 'stale' : 'ready';
    case 'closed':
      return snapshot.failure !== undefined || snapshot.versionUnsupported !== undefined ? 'failed' : 'closed';
  }
}

export type RoundTrip = { answered: true; rttMs: number; by: 'heartbeat' | 'ping' } | { answered: false; by: 'heartbeat' | 'ping' };

/**
 * The newest liveness probe: the running heartbeat's last sample (it probes every interval), else
 * the Ping tab's last ping. Undefined when neither sent one on this connection.
 */
export function lastRoundTrip(heartbeat: { state: MonitorState; samples: readonly PingSample[] }, pings: readonly PingRecord[]): RoundTrip | undefined {
  const sample = heartbeat.state === 'stopped' ? undefined : heartbeat.samples.at(-1);
  if (sample !== undefined) return sample.rttMs === undefined ? { answered: false, by: 'heartbeat' } : { answered: true, rttMs: sample.rttMs, by: 'heartbeat' };
  const ping = pings[0];
  if (ping === undefined) return undefined;
  const { outcome } = ping;
  return outcome.status === 'result' || outcome.status === 'error' ? { answered: true, rttMs: outcome.rttMs, by: 'ping' } : { answered: false, by: 'ping' };
}
