// The Network view's filter: all exchanges, the MCP traffic, or the OAuth flow's.

import type { HttpExchange } from '../../../protocol/index.js';

export type ExchangeFilter = 'all' | 'mcp' | 'oauth';

export function filterExchanges(exchanges: readonly HttpExchange[], filter: ExchangeFilter): readonly HttpExchange[] {
  if (filter === 'all') return exchanges;
  return exchanges.filter((x) => (x.purpose === 'oauth') === (filter === 'oauth'));
}
