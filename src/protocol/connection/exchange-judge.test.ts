import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../http/exchange.js';
import { ExchangeJudge } from './exchange-judge.js';
import { httpExchange } from '../../../test/fixtures/http-exchange.js';

const exchange = (id: number, state: HttpExchange['state']) => httpExchange({ id, state });

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
