// One HTTP exchange as the wrapper records it (a record of kind 'http'): a
// summary line and a note with every header (secrets through the one mask),
// the status and timings.
import { formatBytes, formatDuration, headerValue, isSecretHeaderName, maskHeaderValue, maskOAuthUrl, type HttpExchange } from '../src/protocol/wire.js';

/** What the wrapper knows of one exchange: the page's fields where they mean the same, any method. */
export type ExchangeFacts = Pick<
  HttpExchange,
  'url' | 'requestHeaders' | 'requestBytes' | 'status' | 'statusText' | 'responseHeaders' | 'responseBytes' | 'headersMs' | 'durationMs'
> & {
  method: string;
  /** Wrapper clock (ms), for the timings. */
  startedAt: number;
  /** How it ended ('open': an event stream's headers came, its body goes on). */
  end?: 'open' | 'done' | 'failed' | 'cut by the server' | 'cancelled by the host' | 'ended as mcpscope wrap stopped';
  /** The sentence the host got instead of an answer. */
  failure?: string;
};

const shown = ([name, value]: [string, string]): string => `${name}: ${isSecretHeaderName(name) ? maskHeaderValue(name, value) : value}`;

export function exchangeRecord(x: ExchangeFacts): { raw: string; note: string } {
  const url = new URL(x.url);
  const type = headerValue(x.responseHeaders, 'content-type')?.split(';')[0]?.trim();
  const parts = [`${x.method} ${maskOAuthUrl(`${url.pathname}${url.search}`)}${x.status !== undefined ? ` → ${x.status}${type ? ` ${type}` : ''}` : ''}`];
  if (x.end === 'open') parts.push('stream open');
  else {
    parts.push(formatBytes(x.responseBytes));
    if (x.durationMs !== undefined) parts.push(formatDuration(x.durationMs));
    if (x.end !== 'done' && x.end !== undefined) parts.push(x.end);
  }
  let raw = parts.join(' · ');
  if (x.failure !== undefined) raw += ` — ${x.failure}`;
  const note = [
    `HTTP exchange through mcpscope wrap: ${x.method} ${maskOAuthUrl(x.url)}`,
    ...x.requestHeaders.map((h) => `→ ${shown(h)}`),
    ...(x.status !== undefined ? [`← ${x.status}${x.statusText ? ` ${x.statusText}` : ''}`] : []),
    ...(x.responseHeaders ?? []).map((h) => `← ${shown(h)}`),
    `Sent ${formatBytes(x.requestBytes)}, received ${formatBytes(x.responseBytes)}` +
      `${x.headersMs !== undefined ? `; headers after ${formatDuration(x.headersMs)}` : ''}` +
      `${x.durationMs !== undefined && x.end !== 'open' ? `, ended after ${formatDuration(x.durationMs)}` : ''}.`,
  ].join('\n');
  return { raw, note };
}
