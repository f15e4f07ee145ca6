import { describe, expect, it } from 'vitest';
import type { ConnectFailed } from '../src/protocol/index.js';
import { connectStepFailure } from '../src/app/connection/failures.js';
import { cliConnectFailure } from './connect-advice.js';

const request = { id: 1, method: 'server/discover', raw: '{}', sentAt: 0 };
const failed = (step: Partial<ConnectFailed>): ConnectFailed => ({
  kind: 'failed',
  message: 'x',
  outcome: { status: 'closed', request, message: 'x' },
  cause: 'refused',
  at: 'server/discover',
  ...step,
});

describe('the CLI says why connecting failed', () => {
  it('an OAuth failure: once, with authorization advice, not a protocol version hint', () => {
    const step = failed({ cause: 'authorization', httpProblem: 'unauthorized', message: 'OAuth step 7 (Token) failed: invalid_client.' });
    expect(cliConnectFailure(step, '', { timeoutMs: 30_000, authorizing: true }).message).toBe(
      'OAuth step 7 (Token) failed: invalid_client.\nCheck --auth and its options (--client-id, --client-secret, --scope), then run again.',
    );
  });

  it('refused for authorization without --auth: the advice is to pass it', () => {
    const step = failed({ cause: 'authorization', httpProblem: 'unauthorized', message: 'The server requires authorization (HTTP 401 Unauthorized).' });
    expect(cliConnectFailure(step, '', { timeoutMs: 30_000, authorizing: false }).message).toBe(
      'The server requires authorization (HTTP 401 Unauthorized).\nPass --auth to authorize (with --client-id, --client-secret or --scope where the server needs them).',
    );
  });

  it("a server of the initialize era, 2026-07-28 asked for: the flag to pass, not the page's buttons", () => {
    const step = failed({
      cause: 'not-modern',
      message: 'server/discover got error -32601 (Method not found): this server does not seem to speak 2026-07-28.',
    });
    expect(cliConnectFailure(step, '', { timeoutMs: 30_000, authorizing: true }).message).toBe(
      'server/discover got error -32601 (Method not found): this server does not seem to speak 2026-07-28.\nPass --protocol-version auto (or 2025-11-25) for a server of the initialize era.',
    );
  });

  it('an error answer is prefixed with the request once; stderr comes before the advice', () => {
    const step = failed({ at: 'initialize', cause: 'timeout', message: 'The server did not answer initialize within 30 s.' });
    expect(cliConnectFailure(step, '\nLast stderr lines:\n  boom', { timeoutMs: 5_000, authorizing: false }).message).toBe(
      'The server did not answer initialize within 30 s.\nLast stderr lines:\n  boom\nCheck that the command starts an MCP server that speaks JSON-RPC on stdout; if it is slow to start, give it longer with --timeout (now 5000 ms).',
    );
    expect(cliConnectFailure(failed({ message: 'The server answered with error -32603: boom' }), '', { timeoutMs: 1, authorizing: false }).message).toBe(
      'server/discover failed: The server answered with error -32603: boom',
    );
  });

  it.each([
    ['authorization', 'OAuth step 7 (Token) failed: invalid_client.'],
    ['not-modern', 'server/discover got error -32601 (Method not found): this server does not seem to speak 2026-07-28.'],
    ['timeout', 'The server did not answer initialize within 30 s.'],
  ] as const)('the page and the CLI give the same sentence for %s, each with its own advice', (cause, message) => {
    const step = failed({ cause, message });
    expect(cliConnectFailure(step, '', { timeoutMs: 30_000, authorizing: true }).message.startsWith(`${message}\n`)).toBe(true);
    expect(connectStepFailure(step, []).message.startsWith(`${message} `)).toBe(true);
  });
});
