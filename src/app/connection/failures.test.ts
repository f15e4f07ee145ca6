import { describe, expect, it } from 'vitest';
import { exitFailure, initializeTimeoutFailure } from './failures.js';

const closed = { type: 'close' as const, at: 0, code: 1, signal: null, reason: 'The server exited with code 1.', stderrTail: [] };

describe('failures', () => {
  it('offers Reconnect after a crash in use, not after a crash at start-up (the same settings would fail again)', () => {
    expect(exitFailure(closed, false, []).canReconnect).toBe(true);
    expect(exitFailure(closed, true, []).canReconnect).toBe(false);
  });

  it('mentions stderr only when there is some', () => {
    expect(initializeTimeoutFailure(30_000, []).message).toMatch(/wrote nothing to stderr/);
    expect(initializeTimeoutFailure(30_000, ['boom']).message).toMatch(/its stderr is below/);
  });
});
