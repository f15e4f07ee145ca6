import { describe, expect, it } from 'vitest';
import { parseLogFile, type LogRecord } from '../capture/index.js';
import { exchangeFactsOfRecord } from './http-record.js';
import { PassiveLinter } from './passive.js';

let seq = 0;
const rec = (direction: LogRecord['direction'], kind: LogRecord['kind'], raw: string, note?: string): LogRecord => ({
  seq: ++seq,
  time: '2026-01-01T00:00:00.000Z',
  t: seq,
  connection: 1,
  direction,
  kind,
  raw,
  ...(note !== undefined ? { note } : {}),
});

const INIT =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"host","version":"1"}}}';
const INIT_RESULT = '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}';

function lintAll(records: readonly LogRecord[]): Array<[string, number | undefined, string]> {
  const linter = new PassiveLinter();
  return records.flatMap((r) => linter.record(r)).map((f) => [f.rule, f.seq, f.subject]);
}

describe('PassiveLinter', () => {
  it("reads a capture's records of both directions: the host's frames as the client's, the server's as the server's", () => {
    seq = 0;
    const capture = [
      rec('out', 'request', INIT),
      rec('in', 'response', INIT_RESULT),
      rec('out', 'notification', '{"jsonrpc":"2.0","method":"notifications/initialized"}'),
      // The host reuses id 1: a client mistake.
      rec('out', 'request', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'),
      // The server answers a ping with a non-empty result and says "jsonrpc": "1.0" once.
      rec('out', 'request', '{"jsonrpc":"2.0","id":2,"method":"ping"}'),
      rec('in', 'response', '{"jsonrpc":"2.0","id":2,"result":{"pong":true}}'),
      rec('in', 'invalid', '{"jsonrpc":"1.0","method":"notifications/message","params":{}}'),
      rec('noise', 'noise', 'Server listening on stdio'),
      rec('stderr', 'stderr', '{"jsonrpc":"1.0"}'),
      rec('system', 'system', 'The server exited with code 0.'),
    ];
    expect(lintAll(capture)).toEqual([
      ['JR-ID-REUSE', 4, 'client'],
      ['PING-RESULT', 6, 'server'],
      ['JR-VERSION', 7, 'server'],
      ['STDIO-NONMSG', 8, 'server'],
    ]);
  });

  it("reads an HTTP record back into an exchange (the page's note and the wrapper's)", () => {
    seq = 0;
    const wrapped = rec(
      'system',
      'http',
      'POST /mcp → 200 application/json · 120 B · 3 ms',
      [
        'HTTP exchange through mcpscope wrap: POST http://127.0.0.1:9/mcp',
        '→ content-type: application/json',
        '→ accept: application/json',
        '← 200 OK',
        '← content-type: application/json',
        'Sent 80 B, received 120 B; headers after 2 ms, ended after 3 ms.',
      ].join('\n'),
    );
    const page = rec(
      'system',
      'http',
      'POST /mcp → 200',
      [
        'HTTP exchange #2 (message): POST http://127.0.0.1:9/mcp',
        'Carried: notifications/initialized',
        '→ Accept: application/json, text/event-stream',
        '← 200 OK',
        'Sent 60 B, received 2 B.',
      ].join('\n'),
    );
    expect(lintAll([wrapped, page])).toEqual([
      ['HTTP-ACCEPT', 1, 'client'],
      ['HTTP-202', 2, 'server'],
    ]);
    // Where the exchange is judged live with its full facts, its record is not read again.
    expect(new PassiveLinter().record(wrapped, { httpRecords: false })).toEqual([]);
  });

  it('reads what a page note says a POST carried, ids with commas and parentheses included', () => {
    const note = (carried: string) => `HTTP exchange #1 (message): POST http://h/mcp\nCarried: ${carried}\n→ Mcp-Session-Id: a:b`;
    expect(exchangeFactsOfRecord(note('initialize (id 0)'))).toMatchObject({
      carried: 'request',
      initialize: true,
      requestHeaders: { 'mcp-session-id': 'a:b' },
    });
    expect(exchangeFactsOfRecord(note('tools/call (id "a, b) (c"), notifications/progress'))).toMatchObject({ carried: 'batch' });
    expect(exchangeFactsOfRecord(note('response (id 3)'))?.carried).toBe('response');
    expect(exchangeFactsOfRecord(note('notifications/cancelled'))?.carried).toBe('notification');
    expect(exchangeFactsOfRecord('not an exchange')).toBeUndefined();
    expect(exchangeFactsOfRecord(undefined)).toBeUndefined();
    // A header named by the server is data, never the prototype.
    expect(Object.getPrototypeOf(exchangeFactsOfRecord('HTTP exchange #1 (message): GET http://h/mcp\n← __proto__: x')!.responseHeaders)).toBe(
      Object.prototype,
    );
  });

  it('lints an exported log line by line as it was recorded', () => {
    const header = '{"mcpscope":"log","version":1,"exportedAt":"2026-01-01T00:00:00.000Z","server":null}';
    const line = (r: object) => JSON.stringify({ time: '2026-01-01T00:00:00.000Z', t: 0, connection: 1, ...r });
    const file = [header, line({ seq: 1, direction: 'out', kind: 'request', raw: '{"jsonrpc":"2.0","id":null,"method":"ping"}' })].join('\n');
    const parsed = parseLogFile(file);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(lintAll(parsed.records)).toEqual([['JR-ID-TYPE', 1, 'client']]);
  });

  it("reads a wrapper's HTTP capture as its sessions: the POST of initialize for what it was, and a later initialize as a new session", () => {
    seq = 0;
    const exchange = (session: string | undefined, version: string | undefined) =>
      rec(
        'system',
        'http',
        'POST /mcp → 200',
        [
          'HTTP exchange through mcpscope wrap: POST http://127.0.0.1:9/mcp',
          '→ accept: application/json, text/event-stream',
          ...(session ? [`→ mcp-session-id: ${session}`] : []),
          ...(version ? [`→ mcp-protocol-version: ${version}`] : []),
          '← 200 OK',
          '← content-type: application/json',
          ...(session ? [] : ['← mcp-session-id: s1']),
        ].join('\n'),
      );
    const session = () => [
      rec('out', 'request', INIT),
      rec('in', 'response', INIT_RESULT),
      // The POST of initialize carries no version header, and needs none.
      exchange(undefined, undefined),
      rec('out', 'request', '{"jsonrpc":"2.0","id":2,"method":"ping"}'),
      rec('in', 'response', '{"jsonrpc":"2.0","id":2,"result":{}}'),
      exchange('s1', '2025-11-25'),
    ];
    // Two host sessions one after the other through one wrapper: no id is reused, initialize is not sent twice.
    expect(lintAll([...session(), ...session()])).toEqual([]);
    // A stdio capture is one session: a second initialize is the client's mistake.
    seq = 0;
    const stdio = [rec('out', 'request', INIT), rec('in', 'response', INIT_RESULT), rec('out', 'request', INIT)];
    expect(lintAll(stdio).map(([rule]) => rule)).toEqual(expect.arrayContaining(['JR-ID-REUSE']));
  });
});
