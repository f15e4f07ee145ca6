// An HTTP exchange as the lint rules read it: header names in lower case, what
// the POST carried as one word.

import type { HttpExchange, ResolvedHttpMode } from '../http/exchange.js';
import type { HttpExchangeFacts } from './transport.js';

/** Whether an exchange has ended, so it is checked once, with everything known. */
export function exchangeEnded(x: HttpExchange): boolean {
  return x.state === 'done' || x.state === 'failed' || x.state === 'cancelled';
}

function lower(headers: ReadonlyArray<readonly [string, string]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers ?? []) out[name.toLowerCase()] = value;
  return out;
}

export function httpFactsOf(x: HttpExchange, mode?: ResolvedHttpMode): HttpExchangeFacts {
  const facts: HttpExchangeFacts = {
    ...(mode ? { mode } : {}),
    method: x.method,
    requestHeaders: lower(x.requestHeaders),
    responseHeaders: lower(x.responseHeaders),
    responseBytes: x.responseBytes,
  };
  if (x.status !== undefined) facts.status = x.status;
  if (x.modern) facts.modern = true;
  if (x.carried.length > 1) facts.carried = 'batch';
  else if (x.carried.length === 1) {
    const kind = x.carried[0]!.kind;
    if (kind === 'request' || kind === 'notification') facts.carried = kind;
    else if (kind === 'response' || kind === 'error') facts.carried = 'response';
  }
  if (x.carried.some((c) => c.method === 'initialize')) facts.initialize = true;
  return facts;
}
