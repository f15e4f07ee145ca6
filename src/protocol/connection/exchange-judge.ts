// Which HTTP exchanges to hand to the linter, and with what: each one once,
// when it has ended, with the transport in use. Shared by the page and the CLI.

import type { HttpExchange, ResolvedHttpMode } from '../http/exchange.js';
import { exchangeEnded, httpFactsOf } from '../lint/http-facts.js';
import type { HttpExchangeFacts } from '../lint/transport.js';

export class ExchangeJudge {
  private readonly judged = new Set<number>();
  private mode: ResolvedHttpMode | undefined;

  /** The transport Auto chose (or the one asked for), once known. */
  modeChosen(mode: ResolvedHttpMode): void {
    this.mode = mode;
  }

  /** The facts to lint for this report of an exchange, or undefined: not ended yet, or judged already. */
  facts(exchange: HttpExchange): HttpExchangeFacts | undefined {
    // An exchange may be reported more than once in its final state: judge it once.
    if (!exchangeEnded(exchange) || this.judged.has(exchange.id)) return undefined;
    this.judged.add(exchange.id);
    return httpFactsOf(exchange, this.mode);
  }
}
