// One word for where a scope's connection stands, for its tab in the strip of
// open connections (the dot's colour and the word read out with it).

import type { MonitorState } from '../../protocol/index.js';
import type { ConnectionSnapshot } from '../connection/snapshot.js';

export type ScopeState = 'idle' | 'connecting' | 'ready' | 'stale' | 'closed' | 'failed';

export function scopeState(snapshot: ConnectionSnapshot | null, heartbeat: MonitorState): ScopeState {
  if (snapshot === null) return 'idle';
  if (snapshot.status === 'ready') return heartbeat === 'stale' ? 'stale' : 'ready';
  if (snapshot.status === 'closed') return snapshot.failure !== undefined ? 'failed' : 'closed';
  return 'connecting';
}

export const SCOPE_STATE_WORD: Readonly<Record<ScopeState, string>> = {
  idle: 'not connected',
  connecting: 'connecting',
  ready: 'ready',
  stale: 'stale',
  closed: 'closed',
  failed: 'failed',
};
