import { describe, expect, it } from 'vitest';
import type { ConnectFailed, RequestOutcome } from '../../protocol/index.js';
import { connectStepFailure, exitFailure } from './failures.js';

const closed = { type: 'close' as const, at: 0, code: 1, signal: null, reason: 'The server exited with code 1.', stderrTail: [] };

const request = { id: 1, method: 'initialize', raw: '{}', sentAt: 0 };
const failed = (step: Partial<ConnectFailed>): ConnectFailed => ({
  kind: 'failed',
  message: 'x',
  outcome: { status: 'closed', request, message: 'x' } satisfies RequestOutcome,
  cause: 'refused',
  at: 'initialize',
  ...step,
});

describe('failures', () => {
  it('offers Reconnect after a crash in use, not after a crash at start-up (the same settings would fail again)', () => {
    expect(exitFailure(closed, false, []).canReconnect).toBe(true);
    expect(exitFailure(closed, true, []).canReconnect).toBe(false);
  });

  it('no answer to initialize: the shared sentence, and stderr mentioned only when there is some', () => {
    const timeout = failed({ cause: 'timeout', message: 'The server did not answer initialize within 30 s.' });
    expect(connectStepFailure(timeout, [])).toMatchObject({
      kind: 'initialize-timeout',
      title: 'No answer to initialize',
      message: expect.stringMatching(/^The server did not answer initialize within 30 s\. Check that the command .* wrote nothing to stderr\.$/),
    });
    expect(connectStepFailure(timeout, ['boom']).message).toMatch(/its stderr is below/);
  });

  it('a server of the initialize era, 2026-07-28 chosen by hand: the page points at its version choice', () => {
    const step = failed({
      cause: 'not-modern',
      at: 'server/discover',
      message: 'server/discover got error -32601 (Method not found): this server does not seem to speak 2026-07-28.',
    });
    expect(connectStepFailure(step, [])).toMatchObject({
      kind: 'discover-failed',
      message:
        'server/discover got error -32601 (Method not found): this server does not seem to speak 2026-07-28. Choose Auto or 2025-11-25 for a server of the initialize era.',
    });
  });

  it('an authorization failure is said once, as the HTTP refusal it is, never as a protocol version problem', () => {
    const step = failed({
      cause: 'authorization',
      at: 'server/discover',
      httpProblem: 'unauthorized',
      message: 'OAuth step 7 (Token) failed: invalid_client.',
    });
    const failure = connectStepFailure(step, []);
    expect(failure).toMatchObject({ kind: 'http-failed', httpProblem: 'unauthorized', title: 'The server requires authorization (HTTP 401)' });
    expect(failure.message).toMatch(/^OAuth step 7 \(Token\) failed: invalid_client\. Check the authorization settings/);
    expect(failure.message).not.toMatch(/server\/discover|2026-07-28|protocol/);
  });
});
