// What the CLI advises when connecting failed, per cause, in its own terms (its
// flags); the sentence of what happened is the page's too (connect-failure.ts).

import { describeConnectFailure, type ConnectAdvice, type ConnectFailureText, type ConnectStepFailed } from '../src/protocol/index.js';

/** `timeoutMs`: the --timeout in force, to say how to give a slow server longer. */
function cliAdvice(timeoutMs: number): ConnectAdvice {
  return {
    'version-refused': ({ usable }) => (usable !== undefined ? `Pass --protocol-version ${usable} (or auto).` : ''),
    'not-modern': () => 'Pass --protocol-version auto (or 2025-11-25) for a server of the initialize era.',
    authorization: () => 'Check --auth and its options (--client-id, --client-secret, --scope), then run again.',
    timeout: () =>
      `Check that the command starts an MCP server that speaks JSON-RPC on stdout; if it is slow to start, give it longer with --timeout (now ${timeoutMs} ms).`,
    'initialize-unsupported': () => 'Pass --no-initialize to use it anyway.',
    transport: () => '',
    refused: () => '',
  };
}

/** How connecting failed, for the CLI: the shared sentence, the last stderr lines, and the CLI's advice. */
export function cliConnectFailure(step: ConnectStepFailed, stderrTail: string, timeoutMs: number): { text: ConnectFailureText; message: string } {
  const text = describeConnectFailure(step, cliAdvice(timeoutMs), stderrTail !== '');
  return { text, message: `${text.summary}${stderrTail}${text.advice === '' ? '' : `\n${text.advice}`}` };
}
