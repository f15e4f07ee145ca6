// A capture made into a test file: what becomes a step, what is left out and why.
import { describe, expect, it } from 'vitest';
import { logHeader, type LogServer } from '../capture/jsonl.js';
import type { LogRecord } from '../capture/record.js';
import { testFromCapture } from './from-capture.js';
import { parseTestFile } from './parse.js';

let seq = 0;
const rec = (direction: 'out' | 'in', frame: Record<string, unknown>, pair?: number): LogRecord => ({
  seq: ++seq,
  time: '2026-12-02T00:00:00.000Z',
  t: seq,
  connection: 1,
  direction,
  kind: 'method' in frame ? 'request' : 'error' in frame ? 'error' : 'response',
  ...(typeof frame.method === 'string' ? { method: frame.method } : {}),
  raw: JSON.stringify({ jsonrpc: '2.0', ...frame }),
  ...(pair !== undefined ? { pair } : {}),
});
const header = (server: LogServer | null) => logHeader(server, new Date('2026-12-02T00:00:00Z'));

describe('testFromCapture', () => {
  it('makes a step of each answered call, read and prompt; a tool error is expected as one', () => {
    seq = 0;
    const records = [
      rec('out', { id: 1, method: 'tools/call', params: { name: 'fail', arguments: {} } }),
      rec('in', { id: 1, result: { content: [], isError: true } }, 1),
      rec('out', { id: 2, method: 'tools/call', params: { name: 'fail', arguments: { again: true } } }),
      rec('in', { id: 2, result: { content: [{ type: 'text', text: 'ok' }] } }, 3),
      rec('out', { id: 3, method: 'resources/read', params: { uri: 'x://gone' } }),
      rec('in', { id: 3, error: { code: -32002, message: 'Resource not found' } }, 5),
      rec('out', { id: 4, method: 'prompts/get', params: { name: 'p', arguments: { n: 1 } } }),
      rec('out', { id: 5, method: 'tools/call', params: { name: 'ask', arguments: {} } }),
      rec('in', { id: 5, result: { resultType: 'input_required', inputRequests: {} } }, 8),
      rec('out', { id: 6, method: 'tools/list' }),
    ];
    const made = testFromCapture(header({ name: 's', command: 'node "my server.js" --port 3', protocolVersion: '2026-07-28' }), records, 'replay');
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const parsed = parseTestFile(made.value.yaml, 'x');
    expect(parsed).toMatchObject({
      ok: true,
      value: { name: 'replay', protocolVersion: '2026-07-28', server: { kind: 'stdio', command: 'node', args: ['my server.js', '--port', '3'] } },
    });
    if (!parsed.ok) return;
    expect(parsed.value.steps.map((s) => [s.name, s.expect])).toEqual([
      ['call fail', { isError: true, match: { content: [], isError: true } }],
      ['call fail (2)', { isError: false, match: { content: [{ type: 'text', text: 'ok' }] } }],
    ]);
    expect(made.value.steps).toBe(2);
    expect(made.value.notes).toEqual([
      'Left out resources/read of record 5: it was answered with an error.',
      'Left out prompts/get of record 7: it has no answer.',
      'Left out tools/call of record 8: the server asked for input (a multi-round request).',
    ]);
  });

  it('says why a capture cannot become a test', () => {
    expect(testFromCapture(header(null), [], 'r')).toEqual({ ok: false, error: expect.stringContaining('does not say how its server was reached') });
    expect(testFromCapture(header({ url: 'http://127.0.0.1:1/mcp' }), [], 'r')).toEqual({
      ok: false,
      error: expect.stringContaining('The capture cannot become a test file. There is no tools/call, resources/read or prompts/get with a result'),
    });
  });
});
