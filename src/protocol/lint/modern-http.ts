// Streamable HTTP as 2026-07-28 has it: every POST names its version, method
// and (for tools/call, resources/read, prompts/get) its target in headers that
// match the body; a mismatch is answered 400 with -32020; no session id, no
// GET stream, no DELETE.

import type { Report } from './report.js';
import { namesModernVersion } from './modern-era.js';
import type { ModernLint, ModernRequest } from './modern.js';
import type { HttpExchangeFacts } from './transport.js';

const NAMED = new Set(['tools/call', 'resources/read', 'prompts/get']);
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header value as the body value it mirrors: the Base64 sentinel decoded (UTF-8); undefined when it cannot be. */
export function decodeHeaderValue(value: string): string | undefined {
  const m = SENTINEL.exec(value);
  if (!m) return value;
  try {
    const bytes = Uint8Array.from(atob(m[1]!), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** How a POST's headers differ from the body of the request it carried; empty when they agree. */
function headerProblems(headers: Record<string, string>, request: ModernRequest): { missing: string[]; mismatched: string[] } {
  const missing: string[] = [];
  const mismatched: string[] = [];
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && typeof request.namedVersion === 'string' && version !== request.namedVersion) {
    mismatched.push(`MCP-Protocol-Version is ${version} but the body's _meta names ${request.namedVersion}`);
  }
  const method = headers['mcp-method'];
  if (method === undefined) missing.push('Mcp-Method');
  else if (method !== request.method) mismatched.push(`Mcp-Method is ${JSON.stringify(method)} but the body's method is ${JSON.stringify(request.method)}`);
  if (NAMED.has(request.method)) {
    const name = headers['mcp-name'];
    if (name === undefined) missing.push('Mcp-Name');
    else {
      const decoded = decodeHeaderValue(name);
      if (decoded === undefined) mismatched.push(`Mcp-Name ${JSON.stringify(name)} is not valid Base64 UTF-8 in its =?base64?…?= form`);
      else if (request.name !== undefined && decoded !== request.name)
        mismatched.push(`Mcp-Name is ${JSON.stringify(decoded)} but the body names ${JSON.stringify(request.name)}`);
    }
  }
  return { missing, mismatched };
}

/**
 * The 2026-07-28 header, session and method rules, on an exchange of that generation: one that carried its
 * requests, or none, on a connection (or with a header) of it. Its findings link to `reportFor` the version of its
 * first request, else the connection's, else its header's.
 */
export function checkModernExchange(ex: HttpExchangeFacts, modern: ModernLint, reportFor: (version: string | undefined) => Report): void {
  if ((ex.mode !== undefined && ex.mode !== 'streamable-http') || ex.initialize) return;
  const keys = ex.requestKeys ?? [];
  const requests = keys.flatMap((k): ModernRequest[] => {
    const r = modern.remembered(k);
    return r ? [r] : [];
  });
  const header = ex.requestHeaders['mcp-protocol-version'];
  // A POST of requests of the initialize generation is not one; anything else follows the connection (or its header).
  const isModern = requests.length > 0 || (keys.length === 0 && (modern.version !== undefined || namesModernVersion(header)));
  if (!isModern) return;
  try {
    checkModernHttpExchange(ex, requests, reportFor(requests[0]?.version ?? modern.version ?? header));
  } finally {
    for (const k of keys) modern.forget(k);
  }
}

/**
 * One exchange of a modern connection. `requests` are the modern client requests its POST carried.
 */
function checkModernHttpExchange(ex: HttpExchangeFacts, requests: readonly ModernRequest[], report: Report): void {
  if (ex.method === 'GET' || ex.method === 'DELETE') {
    report(
      'MODERN-HTTP-METHOD',
      `An HTTP ${ex.method} on a 2026-07-28 connection; that revision has no ${ex.method === 'GET' ? 'GET stream (subscriptions/listen replaces it)' : 'session to DELETE'}.`,
      'client',
    );
  }
  if (ex.requestHeaders['mcp-session-id'] !== undefined) {
    report('MODERN-HTTP-SESSION', 'The client sent Mcp-Session-Id on a 2026-07-28 exchange; that revision has no sessions.', 'client');
  }
  if (ex.responseHeaders['mcp-session-id'] !== undefined) {
    report('MODERN-HTTP-SESSION', 'The server sent Mcp-Session-Id on a 2026-07-28 exchange; it must not mint or echo session ids.', 'server');
  }
  if (ex.method !== 'POST') return;
  if (ex.requestHeaders['mcp-protocol-version'] === undefined) {
    report('MODERN-HTTP-HEADERS', 'The POST has no MCP-Protocol-Version header; every 2026-07-28 POST carries it.', 'client');
  }
  for (const request of requests) {
    const { missing, mismatched } = headerProblems(ex.requestHeaders, request);
    if (missing.length) report('MODERN-HTTP-HEADERS', `The POST of ${request.method} has no ${missing.join(' or ')} header.`, 'client');
    if (mismatched.length) report('MODERN-HTTP-HEADERS', `The POST of ${request.method}: ${mismatched.join('; ')}.`, 'client');
    if (ex.status === undefined) continue;
    const rejected = ex.status === 400 && request.answerCode === -32020;
    const answer = `${ex.status}${request.answerCode !== undefined ? ` with error ${request.answerCode}` : ''}`;
    if ((missing.length || mismatched.length) && !rejected) {
      report(
        'MODERN-HTTP-MISMATCH',
        `The server answered ${answer} to a ${request.method} POST whose headers do not match its body (or lack one); it must answer 400 with error -32020.`,
        'server',
      );
    } else if (!missing.length && !mismatched.length && request.answerCode === -32020) {
      report(
        'MODERN-HTTP-MISMATCH',
        `The server rejected ${request.method} with -32020 (header mismatch), but its headers match the body as mcpscope sees them: check how the server compares them (Base64 names are decoded first).`,
        'server',
        'warning',
      );
    }
  }
}
