import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../http/exchange.js';
import { Linter } from './linter.js';
import { exchangeEnded, httpFactsOf } from './http-facts.js';
import { httpExchange } from '../../../test/fixtures/http-exchange.js';

const base: HttpExchange = httpExchange({
  state: 'done',
  carried: [{ kind: 'notification', method: 'notifications/initialized' }],
  requestHeaders: [
    ['Accept', 'application/json, text/event-stream'],
    ['Content-Type', 'application/json'],
  ],
  requestBytes: 10,
  status: 200,
  responseHeaders: [['Content-Type', 'application/json']],
  responseBytes: 40,
});

describe('httpFactsOf', () => {
  it('lower-cases header names and names what the POST carried', () => {
    const facts = httpFactsOf(base);
    expect(facts).toMatchObject({ method: 'POST', status: 200, carried: 'notification', responseBytes: 40 });
    expect(facts.requestHeaders.accept).toBe('application/json, text/event-stream');
    expect(facts.responseHeaders['content-type']).toBe('application/json');
  });

  it('carries the 2026-07-28 mark, with the session id a modern server should not have sent', () => {
    const facts = httpFactsOf({ ...base, modern: true, responseHeaders: [['Mcp-Session-Id', 's1']] });
    expect(facts.modern).toBe(true);
    expect(facts.responseHeaders['mcp-session-id']).toBe('s1');
    expect(httpFactsOf(base).modern).toBeUndefined();
  });

  it('feeds HTTP-202: a 200 with a body for a notification is a finding', () => {
    const linter = new Linter();
    expect(linter.httpExchange(httpFactsOf(base)).map((f) => f.rule)).toEqual(['HTTP-202']);
    expect(new Linter().httpExchange(httpFactsOf({ ...base, status: 202, responseBytes: 0 }))).toEqual([]);
  });

  it('leaves HTTP+SSE and plain JSON-RPC alone: 202 for every POST is how they work', () => {
    expect(new Linter().httpExchange(httpFactsOf({ ...base, status: 202, responseBytes: 8 }, 'sse'))).toEqual([]);
    expect(new Linter().httpExchange(httpFactsOf(base, 'plain'))).toEqual([]);
    expect(new Linter().httpExchange(httpFactsOf(base, 'streamable-http')).map((f) => f.rule)).toEqual(['HTTP-202']);
  });

  it('marks initialize and batches; an exchange is judged once it ended', () => {
    expect(httpFactsOf({ ...base, carried: [{ kind: 'request', method: 'initialize', id: 1 }] })).toMatchObject({ initialize: true, carried: 'request' });
    expect(
      httpFactsOf({
        ...base,
        carried: [
          { kind: 'request', id: 1 },
          { kind: 'request', id: 2 },
        ],
      }).carried,
    ).toBe('batch');
    expect(exchangeEnded({ ...base, state: 'streaming' })).toBe(false);
    expect(exchangeEnded({ ...base, state: 'failed' })).toBe(true);
  });
});
