// One row per HTTP exchange: what was sent, what came back, how long it took.

import { formatBytes, formatDuration, headerValue, shortUrl, type HttpExchange } from '../../../protocol/index.js';

const PURPOSE: Record<HttpExchange['purpose'], string> = {
  message: 'message',
  listen: 'GET stream',
  resume: 'resume',
  'event-stream': 'event stream',
  'end-session': 'end session',
  oauth: 'OAuth',
};

function carried(x: HttpExchange): string {
  // OAuth exchanges name the step of the flow they belong to.
  if (x.purpose === 'oauth') return x.authStep !== undefined ? `OAuth: ${x.authStep}` : PURPOSE.oauth;
  if (x.carried.length === 0) return PURPOSE[x.purpose];
  return x.carried.map((c) => c.method ?? (c.kind === 'response' || c.kind === 'error' ? `answer ${JSON.stringify(c.id)}` : c.kind)).join(', ');
}

function statusText(x: HttpExchange): string {
  if (x.status !== undefined) return String(x.status);
  if (x.state === 'failed') return 'failed';
  if (x.state === 'cancelled') return 'cancelled';
  return '…';
}

function timeText(x: HttpExchange): string {
  if (x.durationMs !== undefined) return formatDuration(x.durationMs);
  if (x.state === 'streaming') return 'open';
  return '…';
}

interface Props {
  exchanges: readonly HttpExchange[];
  selected: number | undefined;
  onSelect: (id: number) => void;
}

export function ExchangeTable({ exchanges, selected, onSelect }: Props) {
  return (
    <table className="network-table" aria-label="HTTP exchanges">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Method</th>
          <th scope="col">URL</th>
          <th scope="col">Carried</th>
          <th scope="col">Status</th>
          <th scope="col">Type</th>
          <th scope="col">Size</th>
          <th scope="col">Time</th>
        </tr>
      </thead>
      <tbody>
        {exchanges.map((x) => {
          const problem = x.state === 'failed' ? 'failed' : x.warnings.length > 0 ? 'warned' : '';
          const type = headerValue(x.responseHeaders, 'content-type')?.split(';')[0] ?? '';
          return (
            <tr
              key={x.id}
              className={`network-row state-${x.state} ${problem}${selected === x.id ? ' selected' : ''}`}
              aria-selected={selected === x.id}
              tabIndex={0}
              onClick={() => onSelect(x.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(x.id);
                }
              }}
            >
              <td className="num">{x.id}</td>
              <td className="mono">{x.method}</td>
              <td className="mono url" title={x.url}>
                {shortUrl(x.url)}
              </td>
              <td className="mono">{carried(x)}</td>
              <td className="mono">
                {statusText(x)}
                {problem === 'warned' && <span title={x.warnings.join('\n')}> ⚠</span>}
              </td>
              <td className="mono">{type}</td>
              <td className="num">{formatBytes(x.responseBytes)}</td>
              <td className="num">{timeText(x)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
