// Everything about one exchange: headers both ways, timings, sizes, SSE
// bookkeeping, and what went wrong or deviated from the spec.

import { formatBytes, formatClock, formatDuration, plural, type HttpExchange } from '../../../protocol/index.js';
import { mirroredHeader } from './mirrored.js';

function Headers({ title, headers, mirrored }: { title: string; headers: ReadonlyArray<readonly [string, string]>; mirrored?: boolean }) {
  return (
    <section className="exchange-headers">
      <h4>{title}</h4>
      {headers.length === 0 ? (
        <p className="hint">none</p>
      ) : (
        <dl className="mono">
          {headers.map(([name, value], i) => {
            const from = mirrored ? mirroredHeader(name, value) : undefined;
            return (
              <div key={`${name}-${i}`} className={from ? 'mirrored' : undefined}>
                <dt>{name}</dt>
                <dd>
                  {value}
                  {from?.decoded !== undefined && <span className="decoded"> = {JSON.stringify(from.decoded)}</span>}
                  {from && <span className="mirrored-source">{from.source}</span>}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

export function ExchangeDetail({ exchange: x }: { exchange: HttpExchange }) {
  const facts: Array<[string, string]> = [
    ['Started', formatClock(x.startedAt)],
    ['Headers after', x.headersMs !== undefined ? formatDuration(x.headersMs) : '—'],
    ['Ended after', x.durationMs !== undefined ? formatDuration(x.durationMs) : x.state === 'streaming' ? 'still open' : '—'],
    ['Sent', formatBytes(x.requestBytes)],
    ['Received', `${formatBytes(x.responseBytes)}, ${plural(x.messages, 'message')}`],
  ];
  if (x.events !== undefined) facts.push(['SSE events', String(x.events)]);
  if (x.lastEventId !== undefined) facts.push(['Last event id', x.lastEventId]);
  if (x.retryMs !== undefined) facts.push(['Retry', `${x.retryMs} ms`]);
  if (x.modern) facts.push(['Rules', '2026-07-28 (stateless)']);
  if (x.purpose === 'oauth') facts.push(['OAuth step', x.authStep ?? 'not named']);
  return (
    <section className="exchange-detail" aria-label={`Exchange ${x.id}`}>
      <h3 className="mono">
        #{x.id} {x.method} {x.url}
        {x.status !== undefined && (
          <span className="status">
            {' '}
            → {x.status} {x.statusText}
          </span>
        )}
      </h3>
      {x.failure && (
        <p className="failure-text" role="note">
          {x.failure.message}
        </p>
      )}
      {x.warnings.map((w) => (
        <p key={w} className="warning">
          ⚠ {w}
        </p>
      ))}
      {x.note && <p className="hint">{x.note}</p>}
      <dl className="exchange-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="exchange-headers-pair">
        <Headers title="Request headers" headers={x.requestHeaders} mirrored={x.modern === true} />
        <Headers title="Response headers" headers={x.responseHeaders ?? []} />
      </div>
    </section>
  );
}
