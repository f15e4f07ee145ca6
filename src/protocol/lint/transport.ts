// Transport rules: what a stdio server writes to stdout, and the HTTP
// exchanges of the Streamable HTTP and HTTP+SSE transports.

import type { Report } from './report.js';
import type { SessionFacts } from './state.js';

const MAX_NOISE_RUN = 200;

/** A stdout line that is not JSON (the framing calls it noise). */
export function checkStdoutNoise(facts: SessionFacts, line: string, invalidUtf8: boolean, report: Report): void {
  report(
    'STDIO-NONMSG',
    invalidUtf8 ? 'The server wrote bytes to stdout that are not valid UTF-8.' : `The server wrote a line to stdout that is not JSON: ${preview(line)}`,
    'server',
  );
  // One JSON message pretty-printed over several lines shows up as a run of noise.
  facts.noiseRun.push(line);
  if (facts.noiseRun.length > MAX_NOISE_RUN) facts.noiseRun.shift();
  const trimmed = line.trimEnd();
  if (facts.noiseRun.length > 1 && (trimmed.endsWith('}') || trimmed.endsWith(']'))) {
    for (let start = facts.noiseRun.length - 2; start >= 0; start--) {
      const head = facts.noiseRun[start]!.trimStart();
      if (!head.startsWith('{') && !head.startsWith('[')) continue;
      try {
        JSON.parse(facts.noiseRun.slice(start).join('\n'));
        report('STDIO-NEWLINE', `The server split one JSON message over ${facts.noiseRun.length - start} lines; each message must be one line.`, 'server');
        facts.noiseRun = [];
        return;
      } catch {
        // not a complete value from here; try an earlier start
      }
    }
  }
}

export function endNoiseRun(facts: SessionFacts): void {
  if (facts.noiseRun.length) facts.noiseRun = [];
}

export function preview(text: string, max = 80): string {
  const one = text.replace(/\s+/g, ' ');
  return JSON.stringify(one.length > max ? `${one.slice(0, max - 1)}…` : one);
}

/** What the HTTP upstream reports of one exchange; header names lower-case. */
export interface HttpExchangeFacts {
  method: string;
  status?: number;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** What the POST body carried. */
  carried?: 'request' | 'notification' | 'response' | 'batch';
  /** Bytes of the response body (0 for none). */
  responseBytes?: number;
  /** True when this is the POST of initialize. */
  initialize?: boolean;
  /**
   * The POST carried a 2026-07-28 (or later) request: no sessions, so a response's Mcp-Session-Id
   * (in responseHeaders) is the server's mistake, and Mcp-Method / Mcp-Name / Mcp-Param-* apply.
   */
  modern?: true;
  /** The transport in use; the header, status and session rules are Streamable HTTP's. */
  mode?: 'streamable-http' | 'sse' | 'plain';
}

export function checkHttpExchange(facts: SessionFacts, ex: HttpExchangeFacts, sessionId: { value?: string }, report: Report): void {
  // HTTP+SSE (2024-11-05) answers every POST with 202 and has no session or version headers;
  // plain JSON-RPC over HTTP is not an MCP transport at all. Until Auto decides, it is trying Streamable HTTP.
  if (ex.mode !== undefined && ex.mode !== 'streamable-http') return;
  const accept = (ex.requestHeaders.accept ?? '').toLowerCase();
  if (ex.method === 'POST' && (!accept.includes('application/json') || !accept.includes('text/event-stream'))) {
    report('HTTP-ACCEPT', `The POST's Accept header (${JSON.stringify(accept)}) must list application/json and text/event-stream.`, 'client');
  }
  if (ex.method === 'GET' && !accept.includes('text/event-stream')) {
    report('HTTP-ACCEPT', 'The GET stream request must accept text/event-stream.', 'client');
  }
  const status = ex.status;
  if (status !== undefined && ex.method === 'POST' && (ex.carried === 'notification' || ex.carried === 'response')) {
    if (status >= 200 && status < 300 && (status !== 202 || (ex.responseBytes ?? 0) > 0)) {
      report(
        'HTTP-202',
        `An accepted ${ex.carried} must get 202 Accepted with no body; the server answered ${status}${ex.responseBytes ? ` with ${ex.responseBytes} bytes` : ''}.`,
        'server',
      );
    }
  }
  if (status !== undefined && status >= 200 && status < 300 && ex.method === 'POST' && ex.carried === 'request') {
    const type = (ex.responseHeaders['content-type'] ?? '').toLowerCase();
    if (!type.startsWith('application/json') && !type.startsWith('text/event-stream')) {
      report('HTTP-202', `A request's reply must be application/json or text/event-stream, not ${JSON.stringify(type || 'none')}.`, 'server');
    }
  }
  const issued = ex.responseHeaders['mcp-session-id'];
  if (ex.initialize && issued !== undefined) {
    if (!/^[\x21-\x7e]+$/.test(issued)) report('HTTP-SESSION', `The session id ${JSON.stringify(issued)} must be visible ASCII (0x21–0x7E).`, 'server');
    sessionId.value = issued;
  } else if (sessionId.value !== undefined && !ex.initialize) {
    const sent = ex.requestHeaders['mcp-session-id'];
    if (sent !== sessionId.value)
      report('HTTP-SESSION', `The request did not carry the session id the server issued (Mcp-Session-Id: ${sessionId.value}).`, 'client');
    if (status === 400 && sent === sessionId.value) {
      report('HTTP-SESSION', 'The server answered 400 to a request with a valid session id; an expired session must get 404.', 'server', 'warning');
    }
  }
  if (!ex.initialize && facts.initializeResult && facts.version >= '2025-06-18' && ex.method !== 'DELETE') {
    const header = ex.requestHeaders['mcp-protocol-version'];
    if (header === undefined) report('HTTP-VERSION-HDR', 'A request after initialization did not carry MCP-Protocol-Version.', 'client');
    else if (header !== facts.version) report('HTTP-VERSION-HDR', `MCP-Protocol-Version is ${header} but ${facts.version} was negotiated.`, 'client');
  }
}
