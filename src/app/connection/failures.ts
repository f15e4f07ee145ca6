// The sentences a person sees when a connection fails: what happened and what to do.

import {
  INITIALIZE_NOT_IMPLEMENTED,
  describeConnectFailure,
  type ConnectAdvice,
  type ConnectStepFailed,
  type HttpProblem,
  type ProxyEnvelope,
} from '../../protocol/index.js';

export type FailureKind =
  | 'refused'
  | 'lost'
  | 'spawn-failed'
  /** The proxy already runs as many servers as it may (--max-servers). */
  | 'server-limit'
  | 'exited'
  | 'initialize-timeout'
  | 'initialize-failed'
  /** 2026-07-28 chosen by hand (or Auto met a modern server): server/discover failed or was malformed. */
  | 'discover-failed'
  /** The server supports none of the versions that could be used; the snapshot's versionUnsupported lists its own. */
  | 'version-unsupported'
  /** HTTP: the server could not be reached, or refused (401, 404 …). */
  | 'http-failed'
  /** HTTP: the server ended the session (404 to a request with its session id). */
  | 'session-expired'
  /** HTTP: the server ended the connection (an HTTP+SSE stream closed). */
  | 'http-closed';

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
  /** Offer Re-initialize: a new session with the same settings (HTTP session expiry). */
  canReinitialize?: boolean;
  /** HTTP: the proxy's classification (a 401 or 403 after a failed OAuth flow is that flow's failure). */
  httpProblem?: HttpProblem;
}

type ClosedEnvelope = Extract<ProxyEnvelope, { type: 'close' }>;

/** What to do when connecting failed, per cause, in the page's terms (the CLI names its flags instead). */
const PAGE_ADVICE: ConnectAdvice = {
  // The version switch next to the sentence offers the versions the server listed.
  'version-refused': () => '',
  'not-modern': () => 'Choose Auto or 2025-11-25 for a server of the initialize era.',
  authorization: () => 'Check the authorization settings in the Connect form, then connect again; the Authorization tab shows each step.',
  timeout: ({ stderr }) =>
    `Check that the command starts an MCP server that speaks JSON-RPC on stdout; ${stderr ? 'its stderr is below.' : 'it wrote nothing to stderr.'}`,
  'initialize-unsupported': () =>
    'You can continue without initialize: Ping, Tools and Resources will still be sent, and every deviation stays visible in the log.',
  transport: () => '',
  refused: () => '',
};

/** Shown with "Continue without initialize" when the server answers initialize with -32601. */
export const INITIALIZE_UNSUPPORTED = `${INITIALIZE_NOT_IMPLEMENTED} ${PAGE_ADVICE['initialize-unsupported']({ at: 'initialize', stderr: false })}`;

/** How connecting failed, as the page shows it: the shared sentence for its cause, and the page's advice. */
export function connectStepFailure(step: ConnectStepFailed, stderrTail: string[]): ConnectionFailure {
  const text = describeConnectFailure(step, PAGE_ADVICE, stderrTail.length > 0);
  const message = text.advice === '' ? text.message : `${text.message} ${text.advice}`;
  switch (text.cause) {
    case 'version-refused':
      return { kind: 'version-unsupported', title: text.title, message, stderrTail, canReconnect: false };
    case 'authorization':
      // Titled by its HTTP problem; after a failed flow, AuthStatus says the flow's own sentence instead.
      return httpFailure(step.kind === 'failed' ? (step.httpProblem ?? 'unauthorized') : 'unauthorized', message);
    case 'timeout':
      return { kind: 'initialize-timeout', title: text.title, message, stderrTail, canReconnect: false };
    default:
      // A failure of server/discover (a modern server, or 2026-07-28 by hand) is not initialize's.
      return { kind: text.at === 'server/discover' ? 'discover-failed' : 'initialize-failed', title: text.title, message, stderrTail, canReconnect: false };
  }
}

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

/** The proxy's sentence says how many run and what to do; Reconnect tries again once one was closed. */
export function serverLimitFailure(message: string): ConnectionFailure {
  return { kind: 'server-limit', title: 'Too many servers are running', message, stderrTail: [], canReconnect: true };
}

/** One sentence for a `closed` envelope: the proxy's reason, with the exit code or signal when it does not say it. */
export function exitSentence(closed: Pick<ClosedEnvelope, 'code' | 'signal' | 'reason'>): string {
  let sentence = closed.reason.trim() || 'The server process ended.';
  if (closed.signal !== null && !sentence.includes(closed.signal)) sentence += ` (signal ${closed.signal})`;
  else if (closed.code !== null && !sentence.includes(String(closed.code))) sentence += ` (exit code ${closed.code})`;
  return sentence;
}

export function exitFailure(closed: Pick<ClosedEnvelope, 'code' | 'signal' | 'reason'>, duringStartup: boolean, stderrTail: string[]): ConnectionFailure {
  return {
    kind: 'exited',
    title: duringStartup ? 'The server exited before the session was initialized' : 'The server exited',
    message: exitSentence(closed),
    exitCode: closed.code,
    signal: closed.signal,
    stderrTail,
    // A server that crashed while in use can be started again with the same settings.
    canReconnect: !duringStartup,
  };
}

/** The message every pending request fails with: the sentence plus the stderr tail. */
export function withStderr(message: string, stderrTail: readonly string[]): string {
  if (stderrTail.length === 0) return message;
  return `${message}\nLast stderr lines:\n${stderrTail.map((l) => `  ${l}`).join('\n')}`;
}

const HTTP_TITLES: Record<HttpProblem, string> = {
  refused: 'Connection refused',
  dns: 'Unknown host',
  tls: 'TLS error',
  network: 'The HTTP request failed',
  timeout: 'No answer in time',
  redirect: 'Redirect not followed',
  unauthorized: 'The server requires authorization (HTTP 401)',
  forbidden: 'The server refused access (HTTP 403)',
  'not-found': 'Nothing at this URL',
  'session-expired': 'The server session expired',
  'http-error': 'The server refused the request',
  'server-error': 'The server failed',
  'bad-body': 'The server answered with something that is not JSON-RPC',
  'bad-content-type': 'The server answered with the wrong content type',
  'stream-cut': 'The server ended the stream early',
  'too-large': 'The reply is too large',
  'no-endpoint': 'Not an HTTP+SSE server',
};

/** Problems worth simply trying again (the server was down, or slow). */
const TRANSIENT = new Set<HttpProblem>(['refused', 'network', 'timeout', 'server-error']);

/** An HTTP failure that ends the connection: the proxy's sentence, titled by its problem. */
export function httpFailure(problem: HttpProblem, message: string): ConnectionFailure {
  if (problem === 'session-expired') {
    return { kind: 'session-expired', title: HTTP_TITLES[problem], message, stderrTail: [], canReconnect: false, canReinitialize: true, httpProblem: problem };
  }
  return { kind: 'http-failed', title: HTTP_TITLES[problem], message, stderrTail: [], canReconnect: TRANSIENT.has(problem), httpProblem: problem };
}

/** The proxy could not open the HTTP connection (HTTP+SSE: no event stream or no endpoint). */
export function connectFailure(message: string): ConnectionFailure {
  return { kind: 'http-failed', title: 'The server could not be reached', message, stderrTail: [], canReconnect: true };
}

/** The HTTP upstream closed on its own (an HTTP+SSE stream ended). */
export function httpClosedFailure(reason: string): ConnectionFailure {
  return { kind: 'http-closed', title: 'The server ended the connection', message: reason, stderrTail: [], canReconnect: false, canReinitialize: true };
}
