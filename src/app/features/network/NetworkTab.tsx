// The Network view: every HTTP exchange the proxy had with the remote server
// for the current connection — POSTs, GET streams, resumptions, the DELETE.

import { useState } from 'react';
import { HTTP_MODE_LABEL, plural, type HttpExchange } from '../../../protocol/index.js';
import { useConnectionScope, useConnection, useNetwork } from '../../hooks.js';
import { ExchangeDetail } from './ExchangeDetail.js';
import { filterExchanges, type ExchangeFilter } from './exchange-filter.js';
import { ExchangeTable } from './ExchangeTable.js';
import './network.css';

const NONE: readonly HttpExchange[] = [];

export function NetworkTab() {
  const { networkStore } = useConnectionScope();
  const snapshot = useConnection((s) => s.snapshot);
  const exchanges = useNetwork((s) => (s.connection === snapshot?.connection ? s.exchanges : NONE));
  const dropped = useNetwork((s) => s.dropped);
  const selectedId = useNetwork((s) => s.selected);
  const [filter, setFilter] = useState<ExchangeFilter>('all');
  if (snapshot === null) return <p className="hint">Not connected. Connect to a server over HTTP to see its exchanges here.</p>;
  if (snapshot.transport.kind !== 'http') {
    return <p className="hint">This connection uses stdio: there is no HTTP traffic. Every frame is in the Log tab.</p>;
  }
  const http = snapshot.http;
  const selected = exchanges.find((x) => x.id === selectedId);
  const hasOAuth = exchanges.some((x) => x.purpose === 'oauth');
  const shown = filterExchanges(exchanges, filter);
  return (
    <div className="network">
      <p className="network-summary">
        {http?.mode ? HTTP_MODE_LABEL[http.mode] : 'Transport not decided yet'}
        {http?.requested === 'auto' && http.mode && ' (chosen by Auto)'} · {plural(exchanges.length, 'exchange')}
        {dropped > 0 && ` (${dropped} older ones are only in the log)`}
        {filter !== 'all' && `, ${shown.length} shown`}
        {(hasOAuth || filter !== 'all') && (
          <label className="network-filter">
            {' '}
            Show{' '}
            <select value={filter} onChange={(e) => setFilter(e.target.value === 'mcp' ? 'mcp' : e.target.value === 'oauth' ? 'oauth' : 'all')}>
              <option value="all">all exchanges</option>
              <option value="mcp">MCP only</option>
              <option value="oauth">OAuth only</option>
            </select>
          </label>
        )}
      </p>
      {exchanges.length === 0 ? (
        <p className="hint">No HTTP exchange yet.</p>
      ) : (
        <div className="network-layout">
          <div className="network-table-wrap">
            <ExchangeTable exchanges={shown} selected={selectedId} onSelect={(id) => networkStore.getState().select(id)} />
          </div>
          {selected ? <ExchangeDetail exchange={selected} /> : <p className="hint">Select an exchange to see its headers and timings.</p>}
        </div>
      )}
    </div>
  );
}
