import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { httpExchange } from '../../../../test/fixtures/http-exchange.js';
import { ExchangeDetail } from './ExchangeDetail.js';
import { ExchangeTable } from './ExchangeTable.js';
import { filterExchanges } from './exchange-filter.js';

const mcp = httpExchange({ id: 1 });
const discovery = httpExchange({ id: 2, method: 'GET', purpose: 'oauth', authStep: 'resource-metadata', carried: [] });
const token = httpExchange({ id: 3, purpose: 'oauth', authStep: 'token', carried: [] });

describe('OAuth exchanges in the Network view', () => {
  it('are filtered apart from the MCP traffic', () => {
    const all = [mcp, discovery, token];
    expect(filterExchanges(all, 'all')).toBe(all);
    expect(filterExchanges(all, 'oauth').map((x) => x.id)).toEqual([2, 3]);
    expect(filterExchanges(all, 'mcp').map((x) => x.id)).toEqual([1]);
  });

  it('name their step in the table and the detail', () => {
    const table = renderToString(createElement(ExchangeTable, { exchanges: [discovery, token], selected: undefined, onSelect: () => {} }));
    expect(table).toContain('OAuth: resource-metadata');
    expect(table).toContain('OAuth: token');
    const detail = renderToString(createElement(ExchangeDetail, { exchange: token }));
    expect(detail).toMatch(/OAuth step<\/dt><dd>token/);
  });
});
