import { describe, expect, it } from 'vitest';
import { createMessageGate, MAX_MESSAGE_CHARS } from './message-gate.js';

describe('the message gate', () => {
  it('passes a JSON-RPC message with its exact text', () => {
    const gate = createMessageGate(() => 0);
    const message = { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'a' } } };
    expect(gate.admit(message)).toEqual({ ok: true, raw: JSON.stringify(message), message });
  });

  it('drops what is not JSON-RPC, saying why', () => {
    const gate = createMessageGate(() => 0);
    expect(gate.admit('hello')).toEqual({
      ok: false,
      diagnostic: { kind: 'bad-message', reason: expect.stringMatching(/^A message that is not JSON-RPC \(message is a string/), size: 7 },
    });
    expect(gate.admit({ type: 'resize', height: 3 })).toMatchObject({
      ok: false,
      diagnostic: { kind: 'bad-message', reason: expect.stringMatching(/"jsonrpc" member is missing/) },
    });
    expect(gate.admit(undefined)).toMatchObject({ ok: false, diagnostic: { reason: 'A message that is undefined, not JSON: dropped.' } });
    expect(gate.admit({ jsonrpc: '2.0', id: 1n, method: 'x' })).toMatchObject({
      ok: false,
      diagnostic: { reason: expect.stringMatching(/cannot be written as JSON/) },
    });
  });

  it('drops a message over the size cap before reading it', () => {
    const gate = createMessageGate(() => 0);
    const huge = { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { pad: 'x'.repeat(MAX_MESSAGE_CHARS) } };
    const verdict = gate.admit(huge);
    expect(verdict).toMatchObject({
      ok: false,
      diagnostic: { kind: 'bad-message', reason: expect.stringMatching(/over the 4194304 the host takes: dropped/) },
    });
    expect(verdict.ok === false && verdict.diagnostic?.kind === 'bad-message' && verdict.diagnostic.size).toBeGreaterThan(MAX_MESSAGE_CHARS);
  });

  it('drops a flood beyond the rate, counts it, and takes messages again the next second', () => {
    let t = 0;
    const gate = createMessageGate(() => t, { maxChars: 100, perSecond: 3 });
    const ping = { jsonrpc: '2.0', method: 'notifications/message', params: {} };
    const verdicts = Array.from({ length: 10 }, () => gate.admit(ping).ok);
    expect(verdicts).toEqual([true, true, true, false, false, false, false, false, false, false]);
    expect(gate.takeDropped()).toBe(7);
    expect(gate.takeDropped()).toBe(0);
    t = 1000;
    expect(gate.admit(ping).ok).toBe(true);
  });
});
