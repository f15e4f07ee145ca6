// A built-in rule that throws (here META-KEY, made to fail on a marked frame)
// costs one LINT-INTERNAL finding: the frame's other rules and later frames are
// still linted.
import { describe, expect, it, vi } from 'vitest';
import { Linter } from './linter.js';

vi.mock(import('./meta.js'), async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    checkMeta: (...args: Parameters<typeof real.checkMeta>) => {
      const holder = args[1];
      if (typeof holder === 'object' && holder !== null && 'explode' in holder) throw new RangeError('injected failure');
      real.checkMeta(...args);
    },
  };
});

const frames = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
];

describe('Linter: a built-in rule that throws', () => {
  it('is reported once, and the frame and the frames after it are still linted', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25' });
    linter.frame('client', JSON.stringify(frames[0]));
    linter.frame('server', JSON.stringify(frames[1]));
    linter.frame('client', JSON.stringify(frames[2]));
    // A ping with params whose META-KEY check throws: PING-PARAMS still fires on it.
    const found = linter.frame('client', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { explode: true } }), { seq: 4 });
    expect(found.map((f) => f.rule)).toEqual(['LINT-INTERNAL', 'PING-PARAMS']);
    expect(found[0]?.message).toContain('The check META-KEY failed on the client\'s request "ping" (id 2) (RangeError: injected failure)');
    // Later frames: the answer to that ping is paired and judged, and a fresh bad frame is flagged.
    expect(linter.frame('server', '{"jsonrpc":"2.0","id":2,"result":{"pong":true}}').map((f) => f.rule)).toEqual(['PING-RESULT']);
    expect(linter.frame('server', '{"jsonrpc":"2.0","id":99,"result":{}}').map((f) => f.rule)).toEqual(['JR-RESP-ORPHAN']);
  });
});
