import { describe, expect, it } from 'vitest';
import { httpExchange } from '../../../test/fixtures/http-exchange.js';
import { ExchangeRun } from './exchange-run.js';

const record = () => httpExchange({ purpose: 'listen', method: 'GET', state: 'streaming' });

describe('ExchangeRun warnings', () => {
  it('stay bounded in length and number, whatever a server sends', () => {
    const run = new ExchangeRun(
      record(),
      () => {},
      () => {},
    );
    run.warn(`SSE: invalid retry ${'9'.repeat(1_000_000)}`);
    for (let i = 0; i < 500; i++) run.warn(`unknown field ${i}`);
    run.warn('unknown field 3');
    const w = run.record.warnings;
    expect(w[0]!.length).toBeLessThan(400);
    expect(w).toHaveLength(51);
    expect(w[50]).toMatch(/too many/);
  });
});
