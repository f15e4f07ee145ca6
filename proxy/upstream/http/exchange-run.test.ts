import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../../src/protocol/index.js';
import { ExchangeRun } from './exchange-run.js';

const record = (): HttpExchange => ({
  id: 1,
  purpose: 'listen',
  method: 'GET',
  url: 'http://127.0.0.1:1/mcp',
  state: 'streaming',
  carried: [],
  requestHeaders: [],
  requestBytes: 0,
  responseBytes: 0,
  messages: 0,
  startedAt: 0,
  warnings: [],
});

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
