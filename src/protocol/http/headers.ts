// Rules for the request headers a person adds to an HTTP connection
// (Authorization, API keys …): which names are valid, which ones mcpscope sets
// itself, and how their values are masked wherever they are shown.
import { maskSecret } from './secrets.js';

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Set by the transport for each request: a user value would break the protocol. */
const TRANSPORT_HEADERS = new Set([
  'accept',
  'content-type',
  'content-length',
  'host',
  'connection',
  'transfer-encoding',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
  'mcp-method',
  'mcp-name',
]);

/** A sentence when a header name cannot be used, else undefined. */
export function headerNameProblem(name: string): string | undefined {
  if (name === '') return 'A header needs a name.';
  if (!TOKEN.test(name)) return `"${name}" is not a valid header name: use letters, digits and - (no spaces or colons).`;
  if (TRANSPORT_HEADERS.has(name.toLowerCase()) || name.toLowerCase().startsWith('mcp-param-')) {
    return `${name} is set by mcpscope for each request (the transport depends on it); remove this header.`;
  }
  return undefined;
}

/** A sentence when a header value cannot be sent, else undefined. */
export function headerValueProblem(name: string, value: string): string | undefined {
  // CR/LF would split the header; other controls are refused by HTTP clients.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) return `The value of ${name} contains a line break or control character.`;
  // eslint-disable-next-line no-control-regex -- the range starts at U+0000 on purpose: Latin-1 is U+0000–U+00FF
  if (/[^\u0000-\u00ff]/.test(value)) return `The value of ${name} has characters outside Latin-1, which HTTP headers cannot carry.`;
  return undefined;
}

/** Headers that carry a credential whoever set them (the person, or the OAuth flow): always shown masked. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

export function isSecretHeaderName(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase());
}

/** How a secret header value is shown: the scheme word of Authorization stays readable. */
export function maskHeaderValue(name: string, value: string): string {
  if (value === '') return '';
  const scheme = name.toLowerCase() === 'authorization' ? /^([A-Za-z]+) +/.exec(value) : null;
  return scheme ? `${scheme[1]} ${maskSecret(value.slice(scheme[0].length))}` : maskSecret(value);
}

/** "Name: value" (the --header option and pasted lines) → a pair, or a sentence. */
export function parseHeaderLine(line: string): { ok: true; name: string; value: string } | { ok: false; error: string } {
  const colon = line.indexOf(':');
  if (colon <= 0) return { ok: false, error: `"${line}" is not a header: write it as "Name: value".` };
  const name = line.slice(0, colon).trim();
  const value = line.slice(colon + 1).trim();
  const problem = headerNameProblem(name) ?? headerValueProblem(name, value);
  return problem === undefined ? { ok: true, name, value } : { ok: false, error: problem };
}

/** A sentence when the URL of an HTTP connection cannot be used, else undefined. */
export function httpUrlProblem(url: string): string | undefined {
  if (url.trim() === '') return 'Enter the URL of the server, for example http://127.0.0.1:3001/mcp.';
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return `"${url}" is not a URL: write it in full, for example http://127.0.0.1:3001/mcp.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `The URL must start with http:// or https://, not ${parsed.protocol}//.`;
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return 'Put credentials in a header (for example Authorization: Basic …), not in the URL.';
  }
  return undefined;
}
