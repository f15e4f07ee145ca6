import { describe, expect, it } from 'vitest';
import { ManualClock } from '../time/clock.js';
import { fetchDocument, type AuthExchange, type AuthFetch } from './exchange.js';

const URL_ = 'https://a.example/.well-known/oauth-authorization-server';
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('fetchDocument', () => {
  it('records the request with its timing, and asks for JSON', async () => {
    const clock = new ManualClock();
    let init: Parameters<AuthFetch>[1] | undefined;
    const fetch: AuthFetch = async (_url, i) => {
      init = i;
      clock.advance(42);
      return { status: 200, headers: { get: () => 'application/json' }, text: async () => '{"issuer":"x"}' };
    };
    const exchanges: AuthExchange[] = [];
    const outcome = await fetchDocument({ fetch, clock }, 'authorization-server-metadata', URL_, { 'MCP-Protocol-Version': '2025-03-26' }, exchanges);
    expect(outcome).toEqual({ kind: 'document', json: { issuer: 'x' }, contentType: 'application/json' });
    expect(init?.headers).toEqual({ Accept: 'application/json', 'MCP-Protocol-Version': '2025-03-26' });
    expect(exchanges).toEqual([
      {
        step: 'authorization-server-metadata',
        method: 'GET',
        url: URL_,
        status: 200,
        contentType: 'application/json',
        bodyExcerpt: '{"issuer":"x"}',
        durationMs: 42,
      },
    ]);
  });

  it('gives up on a server that never answers, aborting the request, instead of hanging', async () => {
    const clock = new ManualClock();
    let signal: AbortSignal | undefined;
    const fetch: AuthFetch = (_url, init) => {
      signal = init.signal;
      return new Promise(() => {});
    };
    const exchanges: AuthExchange[] = [];
    const pending = fetchDocument({ fetch, clock, timeoutMs: 5000 }, 'protected-resource-metadata', URL_, {}, exchanges);
    await settle();
    clock.advance(5000);
    expect(await pending).toEqual({ kind: 'unusable', reason: 'the request failed (no answer within 5000 ms)' });
    expect(signal?.aborted).toBe(true);
    expect(exchanges).toMatchObject([{ error: 'no answer within 5000 ms', durationMs: 5000 }]);
  });

  it('gives up on a body that never ends', async () => {
    const clock = new ManualClock();
    const fetch: AuthFetch = async () => ({ status: 200, headers: { get: () => 'application/json' }, text: () => new Promise<string>(() => {}) });
    const exchanges: AuthExchange[] = [];
    const pending = fetchDocument({ fetch, clock, timeoutMs: 100 }, 'protected-resource-metadata', URL_, {}, exchanges);
    await settle();
    clock.advance(100);
    expect(await pending).toEqual({ kind: 'unusable', reason: 'the body could not be read (no answer within 100 ms)' });
    expect(exchanges).toMatchObject([{ status: 200, error: 'no answer within 100 ms' }]);
  });

  it('keeps only the start of a long body', async () => {
    const long = `{"x":"${'a'.repeat(2000)}"}`;
    const fetch: AuthFetch = async () => ({ status: 200, headers: { get: () => null }, text: async () => long });
    const exchanges: AuthExchange[] = [];
    await fetchDocument({ fetch }, 'protected-resource-metadata', URL_, {}, exchanges);
    expect(exchanges[0]!.bodyExcerpt).toHaveLength(500);
    expect(exchanges[0]!.contentType).toBe('');
  });
});
