// What the CLI advises when connecting failed, per cause, in its own terms (its
// flags); the sentence of what happened is the page's too (connect-failure.ts).

import { describeConnectFailure, type ConnectAdvice, type ConnectFailureText, type ConnectStepFailed } from '../src/protocol/index.js';

/** How the run was set up, as far as the advice needs: the --timeout in force, and whether --auth was given. */
export interface CliSetup {
  timeoutMs: number;
  authorizing: boolean;
}

function cliAdvice({ timeoutMs, authorizing }: CliSetup): ConnectAdvice {
  return {
    'version-refused': ({ usable }) => (usable !== undefined ? `Pass --protocol-version ${usable} (or auto).` : ''),
    'not-modern': () => 'Pass --protocol-version auto (or 2025-11-25) for a server of the initialize era.',
    authorization: () =>
      authorizing
        ? 'Check --auth and its options (--client-id, --client-secret, --scope), then run again.'
        : 'Pass --auth to authorize (with --client-id, --client-secret or --scope where the server needs them).',
    timeout: () =>
      `Check that the command starts an MCP server that speaks JSON-RPC on stdout; if it is slow to start, give it longer with --timeout (now ${timeoutMs} ms).`,
    'initialize-unsupported': () => 'Pass --no-initialize to use it anyway.',
    transport: () => '',
    refused: () => '',
  };
}

/** How connecting failed, for the CLI: the shared sentence, the last stderr lines, and the CLI's advice. */
export function cliConnectFailure(step: ConnectStepFailed, stderrTail: string, setup: CliSetup): { text: ConnectFailureText; message: string } {
  const text = describeConnectFailure(step, cliAdvice(setup), stderrTail !== '');
  return { text, message: `${text.summary}${stderrTail}${text.advice === '' ? '' : `\n${text.advice}`}` };
}
