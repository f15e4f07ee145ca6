import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../http/exchange.js';
import { ExchangeJudge } from './exchange-judge.js';

const exchange = (id: number, state: HttpExchange['state']): HttpExchange => ({
  id,
  purpose: 'message',
  method: 'POST',
  url: 'http://127.0.0.1:1/mcp',
  state,
  carried: [],
  requestHeaders: [],
  requestBytes: 0,
  responseBytes: 0,
  messages: 0,
  startedAt: 0,
  warnings: [],
});

describe('ExchangeJudge', () => {
  it('judges each exchange once, once it has ended, with the transport in use', () => {
    const judge = new ExchangeJudge();
    expect(judge.facts(exchange(1, 'streaming'))).toBeUndefined();
    judge.modeChosen('sse');
    expect(judge.facts(exchange(1, 'done'))).toMatchObject({ method: 'POST', mode: 'sse' });
    expect(judge.facts(exchange(1, 'done'))).toBeUndefined();
    expect(judge.facts(exchange(2, 'failed'))).toBeDefined();
  });
});
