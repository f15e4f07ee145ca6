// The sentences a person sees when a connection fails: what happened and what to do.

import type { ProxyEnvelope } from '../../protocol/index.js';

export type FailureKind =
  | 'refused'
  | 'lost'
  | 'spawn-failed'
  | 'exited'
  | 'initialize-timeout'
  | 'initialize-failed';

export interface ConnectionFailure {
  kind: FailureKind;
  title: string;
  message: string;
  exitCode?: number | null;
  signal?: string | null;
  /** The last lines the server wrote to stderr. */
  stderrTail: string[];
  /** Offer a Reconnect button (the proxy went away, not the server). */
  canReconnect: boolean;
}

type ClosedEnvelope = Extract<ProxyEnvelope, { type: 'closed' }>;

export const LOST_MESSAGE = 'Lost the connection to the mcpscope proxy — is it still running?';

export function refusedFailure(): ConnectionFailure {
  return {
    kind: 'refused',
    title: 'The mcpscope proxy refused the connection or is unreachable',
    message:
      'The proxy refused the WebSocket or could not be reached: the token may be wrong or stale, the page may come from an origin the proxy does not allow, or the proxy is not running. Start it again and open the URL it prints (it carries #token=…).',
    stderrTail: [],
    canReconnect: true,
  };
}

export function lostFailure(): ConnectionFailure {
  return { kind: 'lost', title: 'Connection lost', message: LOST_MESSAGE, stderrTail: [], canReconnect: true };
}

/** The proxy closed the socket with 1001 (going away): it is shutting down. */
export function proxyStoppedFailure(): ConnectionFailure {
  return {
    kind: 'lost',
    title: 'The mcpscope proxy stopped',
    message: 'The mcpscope proxy shut down, which also stopped the server. Start the proxy again, then Reconnect.',
    stderrTail: [],
    canReconnect: true,
  };
}

export function spawnFailure(message: string): ConnectionFailure {
  return { kind: 'spawn-failed', title: 'The server could not be started', message, stderrTail: [], canReconnect: false };
}

/** One sentence for a `closed` envelope: the proxy's reason, with the exit code or signal when it does not say it. */
export function exitSentence(closed: Pick<ClosedEnvelope, 'code' | 'signal' | 'reason'>): string {
  let sentence = closed.reason.trim() || 'The server process ended.';
  if (closed.signal !== null && !sentence.includes(closed.signal)) sentence += ` (signal ${closed.signal})`;
  else if (closed.code !== null && !sentence.includes(String(closed.code))) sentence += ` (exit code ${closed.code})`;
  return sentence;
}

export function exitFailure(closed: ClosedEnvelope, duringStartup: boolean, stderrTail: string[]): ConnectionFailure {
  return {
    kind: 'exited',
    title: duringStartup ? 'The server exited before the session was initialized' : 'The server exited',
    message: exitSentence(closed),
    exitCode: closed.code,
    signal: closed.signal,
    stderrTail,
    canReconnect: false,
  };
}

export function initializeTimeoutFailure(timeoutMs: number, stderrTail: string[]): ConnectionFailure {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return {
    kind: 'initialize-timeout',
    title: 'No answer to initialize',
    message: `The server did not answer initialize within ${seconds} s. Check that the command starts an MCP server that speaks JSON-RPC on stdout; its stderr is below.`,
    stderrTail,
    canReconnect: false,
  };
}

export function initializeFailure(message: string, stderrTail: string[]): ConnectionFailure {
  return { kind: 'initialize-failed', title: 'initialize failed', message, stderrTail, canReconnect: false };
}

/** The message every pending request fails with: the sentence plus the stderr tail. */
export function withStderr(message: string, stderrTail: readonly string[]): string {
  if (stderrTail.length === 0) return message;
  return `${message}\nLast stderr lines:\n${stderrTail.map((l) => `  ${l}`).join('\n')}`;
}
