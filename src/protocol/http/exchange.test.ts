import { describe, expect, it } from 'vitest';
import { carriedMessages, carriedRequestIds, exchangeSummary, shortUrl, type HttpExchange } from './exchange.js';
import { httpExchange } from '../../../test/fixtures/http-exchange.js';

const base: HttpExchange = httpExchange({ url: 'http://127.0.0.1:3001/mcp?x=1', requestBytes: 10 });

describe('exchange helpers', () => {
  it('lists what a body carries, batches included', () => {
    expect(carriedMessages('{"jsonrpc":"2.0","id":3,"method":"ping"}')).toEqual([{ kind: 'request', method: 'ping', id: 3 }]);
    const batch = carriedMessages('[{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":"a","result":{}}]');
    expect(batch).toEqual([
      { kind: 'notification', method: 'notifications/initialized' },
      { kind: 'response', id: 'a' },
    ]);
    expect(carriedRequestIds(batch)).toEqual([]);
    expect(carriedMessages('nope')).toEqual([{ kind: 'invalid' }]);
  });

  it('summarises an exchange on one line', () => {
    expect(exchangeSummary(base)).toBe('POST /mcp?x=1');
    const streaming: HttpExchange = { ...base, state: 'streaming', status: 200, responseHeaders: [['content-type', 'text/event-stream']] };
    expect(exchangeSummary(streaming)).toBe('POST /mcp?x=1 → 200 text/event-stream · stream open');
    const done: HttpExchange = { ...streaming, state: 'done', events: 2, responseBytes: 1234, durationMs: 12.34 };
    expect(exchangeSummary(done)).toBe('POST /mcp?x=1 → 200 text/event-stream · 2 events · 1.2 kB · 12.3 ms');
    // Sizes and times read as everywhere else (text/format): seconds past one second.
    expect(exchangeSummary({ ...done, responseBytes: 45_678, durationMs: 1500 })).toBe('POST /mcp?x=1 → 200 text/event-stream · 2 events · 46 kB · 1.50 s');
  });

  it('shortens URLs', () => {
    expect(shortUrl('not a url')).toBe('not a url');
  });
});
