// HTTP exchanges in the message log: one system entry when an exchange's
// state changes (a stream opens, it ends, it fails), next to the frames it
// carried, with every header and deviation in the note.

import {
  HTTP_MODE_LABEL,
  exchangeSummary,
  formatBytes,
  formatDuration,
  plural,
  type HttpExchange,
  type HttpExchangeState,
  type ResolvedHttpMode,
} from '../../protocol/index.js';

const LOGGED: ReadonlySet<HttpExchangeState> = new Set(['streaming', 'done', 'failed', 'cancelled']);

/** Remembers which state of each exchange was logged, so repeated reports log once. */
export class ExchangeLogger {
  private readonly logged = new Map<number, HttpExchangeState>();

  /** The log line for this report of an exchange, or undefined when nothing new happened. */
  entry(x: HttpExchange): { raw: string; note: string } | undefined {
    if (!LOGGED.has(x.state) || this.logged.get(x.id) === x.state) return undefined;
    // A POST's reply stream is logged once, when it ends; long-lived GET streams also when they open.
    if (x.state === 'streaming' && x.purpose === 'message') return undefined;
    this.logged.set(x.id, x.state);
    return { raw: exchangeLine(x), note: exchangeNote(x) };
  }
}

function carriedText(x: HttpExchange): string {
  return x.carried.map((c) => `${c.method ?? c.kind}${c.id !== undefined ? ` (id ${JSON.stringify(c.id)})` : ''}`).join(', ');
}

/** The row text: the summary, then what went wrong or differs from the spec. */
export function exchangeLine(x: HttpExchange): string {
  let line = exchangeSummary(x);
  if (x.failure) line += ` — ${x.failure.message}`;
  for (const w of x.warnings) line += ` ⚠ ${w}`;
  if (x.note) line += ` — ${x.note}`;
  return line;
}

/** Everything about the exchange, for the detail view. */
export function exchangeNote(x: HttpExchange): string {
  const lines = [`HTTP exchange #${x.id} (${x.purpose}): ${x.method} ${x.url}`];
  if (x.carried.length > 0) lines.push(`Carried: ${carriedText(x)}`);
  for (const [name, value] of x.requestHeaders) lines.push(`→ ${name}: ${value}`);
  if (x.status !== undefined) lines.push(`← ${x.status}${x.statusText ? ` ${x.statusText}` : ''}`);
  for (const [name, value] of x.responseHeaders ?? []) lines.push(`← ${name}: ${value}`);
  const timing = [
    x.headersMs !== undefined ? `headers after ${formatDuration(x.headersMs)}` : undefined,
    x.durationMs !== undefined ? `ended after ${formatDuration(x.durationMs)}` : undefined,
  ].filter((t) => t !== undefined);
  lines.push(`Sent ${formatBytes(x.requestBytes)}, received ${formatBytes(x.responseBytes)}${timing.length ? `; ${timing.join(', ')}` : ''}.`);
  if (x.events !== undefined) {
    lines.push(
      `SSE: ${plural(x.events, 'event')}${x.lastEventId !== undefined ? `, last id ${x.lastEventId}` : ''}${x.retryMs !== undefined ? `, retry ${x.retryMs} ms` : ''}.`,
    );
  }
  return lines.join('\n');
}

export function modeLine(mode: ResolvedHttpMode, reason: string): string {
  return `Auto chose ${HTTP_MODE_LABEL[mode]}: ${reason}`;
}
