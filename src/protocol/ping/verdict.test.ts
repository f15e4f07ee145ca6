import { describe, expect, it } from 'vitest';
import { ClientSession } from '../session/client-session.js';
import { pingVerdict } from './verdict.js';

async function pingWith(answer: (id: number) => unknown, requestTimeoutMs?: number) {
  const session: ClientSession = new ClientSession({
    ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
    send: (raw) => {
      const msg = JSON.parse(raw) as { id: number; method: string };
      if (msg.method === 'ping') queueMicrotask(() => session.receive(JSON.stringify(answer(msg.id))));
    },
  });
  return pingVerdict(await session.request('ping'));
}

describe('pingVerdict', () => {
  it('is Compliant for the same id and an empty result', async () => {
    expect(await pingWith((id) => ({ jsonrpc: '2.0', id, result: {} }))).toEqual({ compliant: true, failures: [] });
  });

  it('names a non-empty result', async () => {
    const v = await pingWith((id) => ({ jsonrpc: '2.0', id, result: { pong: true } }));
    expect(v.failures).toEqual(['result is not empty: {"pong":true}']);
  });

  it('names an id of another JSON type', async () => {
    // Not an answer (ids keep their JSON type): the ping times out, and says why.
    const v = await pingWith((id) => ({ jsonrpc: '2.0', id: String(id), result: {} }), 20);
    expect(v.compliant).toBe(false);
    expect(v.failures[0]).toMatch(/response id "1" \(string\) is not the request id 1 \(number\)/);
  });

  it('names an error answer', async () => {
    const v = await pingWith((id) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }));
    expect(v.failures[0]).toMatch(/-32601 Method not found/);
  });

  it('treats a null result as not empty', async () => {
    const v = await pingWith((id) => ({ jsonrpc: '2.0', id, result: null }));
    expect(v.failures).toEqual(['result is not empty: null']);
  });
});
