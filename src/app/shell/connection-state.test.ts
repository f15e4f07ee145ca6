import { describe, expect, it } from 'vitest';
import type { PingSample, PingVerdict, RequestOutcome } from '../../protocol/index.js';
import type { ConnectionSnapshot } from '../connection/snapshot.js';
import type { PingRecord } from '../features/ping/ping-store.js';
import { connectionState, lastRoundTrip } from './connection-state.js';

const base: ConnectionSnapshot = {
  connection: 1,
  status: 'ready',
  sessionState: 'ready',
  offeredVersion: '2025-11-25',
  versionChoice: '2025-11-25',
  transport: { kind: 'stdio', command: 'node', args: [], env: {} },
};
const running = { state: 'running' as const };
const failure = { kind: 'exited' as const, title: 'The server exited', message: 'exit code 3', stderrTail: [], canReconnect: false };

describe('the state dot', () => {
  it('names each state of the connection', () => {
    expect(connectionState(null, running)).toBe('idle');
    expect(connectionState({ ...base, status: 'connecting' }, running)).toBe('connecting');
    expect(connectionState({ ...base, status: 'initializing' }, running)).toBe('connecting');
    expect(connectionState({ ...base, status: 'initializing', initializeUnsupported: 'Method not found' }, running)).toBe('waiting');
    expect(connectionState(base, running)).toBe('ready');
    expect(connectionState({ ...base, status: 'closed' }, running)).toBe('closed');
    expect(connectionState({ ...base, status: 'closed', failure }, running)).toBe('failed');
    expect(connectionState({ ...base, status: 'closed', versionUnsupported: { supported: [] } }, running)).toBe('failed');
  });

  it('is stale while the heartbeat gets no answer, or waits to reconnect', () => {
    expect(connectionState(base, { state: 'stale' })).toBe('stale');
    expect(connectionState(base, { state: 'stopped', reconnectInMs: 2000 })).toBe('stale');
  });
});

describe('the last round trip', () => {
  const verdict: PingVerdict = { compliant: true, problems: [] } as unknown as PingVerdict;
  const sample = (n: number, rttMs?: number): PingSample => ({
    n,
    at: n,
    outcome: rttMs === undefined ? 'timeout' : 'result',
    verdict,
    ...(rttMs !== undefined ? { rttMs } : {}),
  });
  const ping = (outcome: Partial<RequestOutcome> & { status: RequestOutcome['status'] }): PingRecord =>
    ({ n: 1, probe: 'ping', at: 0, outcome, verdict }) as unknown as PingRecord;

  it('is the running heartbeat’s newest sample, answered or not', () => {
    expect(lastRoundTrip({ state: 'running', samples: [sample(1, 4), sample(2, 2.5)] }, [ping({ status: 'result', rttMs: 9 })])).toEqual({
      answered: true,
      rttMs: 2.5,
      by: 'heartbeat',
    });
    expect(lastRoundTrip({ state: 'stale', samples: [sample(1, 4), sample(2)] }, [])).toEqual({ answered: false, by: 'heartbeat' });
  });

  it('else the last ping of the Ping tab; nothing when none was sent', () => {
    expect(lastRoundTrip({ state: 'stopped', samples: [sample(1, 4)] }, [ping({ status: 'result', rttMs: 9 })])).toEqual({
      answered: true,
      rttMs: 9,
      by: 'ping',
    });
    expect(lastRoundTrip({ state: 'stopped', samples: [] }, [ping({ status: 'timeout' })])).toEqual({ answered: false, by: 'ping' });
    expect(lastRoundTrip({ state: 'stopped', samples: [] }, [])).toBeUndefined();
  });
});
