import { describe, expect, it } from 'vitest';
import type { ConnectionSnapshot } from '../connection/snapshot.js';
import { scopeState } from './scope-state.js';

const snap = (patch: Partial<ConnectionSnapshot>) => ({ connection: 1, status: 'ready', ...patch }) as ConnectionSnapshot;

describe('scopeState', () => {
  it('reads the connection, and the heartbeat once it is ready', () => {
    expect(scopeState(null, 'stopped')).toBe('idle');
    expect(scopeState(snap({ status: 'connecting' }), 'stopped')).toBe('connecting');
    expect(scopeState(snap({ status: 'initializing' }), 'stopped')).toBe('connecting');
    expect(scopeState(snap({}), 'running')).toBe('ready');
    expect(scopeState(snap({}), 'stale')).toBe('stale');
    expect(scopeState(snap({ status: 'closed' }), 'stopped')).toBe('closed');
    expect(scopeState(snap({ status: 'closed', failure: { kind: 'lost' } as ConnectionSnapshot['failure'] }), 'stopped')).toBe('failed');
  });
});
