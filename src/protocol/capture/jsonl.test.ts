import { describe, expect, it } from 'vitest';
import { logFileName, logHeader, parseLogFile, serializeLog } from './jsonl.js';
import type { LogRecord } from './record.js';
import { utf8ByteLength } from './utf8.js';
import { base64ByteLength, bytesFromBase64 } from './bytes.js';

const records: LogRecord[] = [
  { seq: 1, time: '2025-06-01T10:00:00.000Z', t: 0, connection: 1, direction: 'system', kind: 'system', raw: 'Starting the server', note: 'argv: ["node"]' },
  {
    seq: 2,
    time: '2025-06-01T10:00:00.012Z',
    t: 12.345678,
    connection: 1,
    direction: 'out',
    kind: 'request',
    method: 'initialize',
    id: 0,
    raw: '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}',
    pair: 3,
  },
  {
    seq: 3,
    time: '2025-06-01T10:00:00.020Z',
    t: 20.5,
    connection: 1,
    direction: 'in',
    kind: 'response',
    method: 'initialize',
    id: 0,
    raw: '{"jsonrpc":"2.0","id":0,"result":{}}',
    rtt: 8.154322,
    pair: 2,
  },
  { seq: 4, time: '2025-06-01T10:00:01.000Z', t: 1000, connection: 1, direction: 'stderr', kind: 'stderr', raw: 'héllo "quoted"\ttab 🌍' },
  { seq: 5, time: '2025-06-01T10:00:02.000Z', t: 2, connection: 2, direction: 'in', kind: 'invalid', raw: 'not json\r', note: 'the frame is not JSON' },
  {
    seq: 6,
    time: '2025-06-01T10:00:02.000Z',
    t: 3,
    connection: 2,
    direction: 'out',
    kind: 'request',
    method: 'ping',
    id: 'abc',
    raw: '{"jsonrpc":"2.0","id":"abc","method":"ping"}',
  },
];
const header = logHeader({ name: 'demo', version: '1.0.0', protocolVersion: '2025-11-25', command: 'node' }, new Date('2025-06-01T11:00:00Z'));

describe('mcpscope log files (JSON Lines)', () => {
  it('round-trips: export then import gives the same frames and header', () => {
    const text = serializeLog(header, records);
    const parsed = parseLogFile(text);
    expect(parsed).toEqual({ ok: true, header, records, problems: [] });
  });

  it('writes a header line, then one line per frame, each ending in a newline', () => {
    const text = serializeLog(header, records);
    const lines = text.split('\n');
    expect(lines).toHaveLength(records.length + 2);
    expect(lines.at(-1)).toBe('');
    expect(JSON.parse(lines[0]!)).toEqual({ mcpscope: 'log', version: 1, exportedAt: '2025-06-01T11:00:00.000Z', server: header.server });
    expect(Object.keys(JSON.parse(lines[3]!))).toEqual(['seq', 'time', 't', 'connection', 'direction', 'kind', 'method', 'id', 'raw', 'rtt', 'pair']);
  });

  it('keeps the good lines and reports each bad one by line number', () => {
    const lines = serializeLog(header, records).split('\n');
    lines.splice(3, 0, '{oops');
    lines.splice(5, 0, '{"seq":9,"time":"2025-06-01T10:00:00Z","t":1,"connection":1,"direction":"sideways","kind":"request","raw":""}');
    lines.splice(6, 0, '');
    lines.splice(7, 0, JSON.stringify({ ...records[0], seq: 2 }));
    lines.splice(8, 0, '[1,2]');
    const parsed = parseLogFile(lines.join('\r\n'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.records).toEqual(records);
    expect(parsed.problems).toEqual([
      { line: 4, message: 'not JSON' },
      { line: 6, message: expect.stringMatching(/^"direction" must be one of out, in, stderr, noise, system$/) },
      { line: 8, message: 'seq 2 was already used on line 3; this line was skipped' },
      { line: 9, message: 'not a JSON object' },
    ]);
  });

  it.each([
    ['seq', { seq: 0 }, /"seq"/],
    ['time', { time: 'yesterday' }, /"time"/],
    ['t', { t: '5' }, /"t"/],
    ['kind', { kind: 'http-ish' }, /"kind" must be one of/],
    ['raw', { raw: 5 }, /"raw"/],
    ['id', { id: null }, /"id"/],
    ['rtt', { rtt: -1 }, /"rtt"/],
    ['pair', { pair: 1.5 }, /"pair"/],
    ['method', { method: 7 }, /"method"/],
  ])('rejects a line with a bad %s', (_field, patch, message) => {
    const text = `${JSON.stringify(header)}\n${JSON.stringify({ ...records[1], ...patch })}\n`;
    const parsed = parseLogFile(text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.records).toEqual([]);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]?.line).toBe(2);
    expect(parsed.problems[0]?.message).toMatch(message);
  });

  it('refuses a log of another format version, saying what to do', () => {
    const newer = parseLogFile(`${JSON.stringify({ ...header, version: 2 })}\n`);
    expect(newer).toEqual({ ok: false, error: expect.stringMatching(/format version 2; this mcpscope reads version 1\. Open it with a newer mcpscope/) });
    const noVersion = parseLogFile('{"mcpscope":"log"}\n');
    expect(noVersion.ok).toBe(false);
  });

  it('refuses files that are not mcpscope logs', () => {
    expect(parseLogFile('')).toEqual({ ok: false, error: expect.stringMatching(/empty/) });
    expect(parseLogFile('\n\n  \n')).toEqual({ ok: false, error: expect.stringMatching(/empty/) });
    expect(parseLogFile('hello\n')).toEqual({ ok: false, error: expect.stringMatching(/Line 1 is not JSON/) });
    expect(parseLogFile(JSON.stringify(records[0]))).toEqual({ ok: false, error: expect.stringMatching(/not an mcpscope log/) });
  });

  it('accepts a header without server details, and a byte-order mark', () => {
    const parsed = parseLogFile(`\uFEFF{"mcpscope":"log","version":1,"exportedAt":"2025-06-01T11:00:00.000Z","server":null}\n`);
    expect(parsed).toMatchObject({ ok: true, header: { server: null }, records: [] });
  });

  it('suggests a file name without colons', () => {
    expect(logFileName(new Date(2025, 5, 1, 9, 3, 7))).toBe('mcpscope-2025-06-01-090307.jsonl');
  });

  it('counts UTF-8 bytes like TextEncoder does', () => {
    for (const s of ['', 'abc', 'é', '€', '🌍', 'a\uD800b', '\uDC00', '\uD83C', 'x'.repeat(1000) + '日本']) {
      expect(utf8ByteLength(s)).toBe(new TextEncoder().encode(s).length);
    }
  });
});

describe('lint findings in the export', () => {
  it('round-trip with their frame and are checked on import', async () => {
    const { parseLogFile, serializeLog, logHeader } = await import('./index.js');
    const record = {
      seq: 1,
      time: new Date(0).toISOString(),
      t: 0,
      connection: 1,
      direction: 'in' as const,
      kind: 'response' as const,
      raw: '{"jsonrpc":"2.0","id":1,"result":{"pong":true}}',
      lint: [{ rule: 'PING-RESULT', severity: 'error' as const, message: 'ping was answered with {"pong":true}', specUrl: 'https://x/y#z' }],
    };
    const text = serializeLog(logHeader(null, new Date(0)), [record]);
    const parsed = parseLogFile(text);
    expect(parsed.ok && parsed.records[0]?.lint).toEqual(record.lint);
    const bad = parseLogFile(text.replace('"severity":"error"', '"severity":"fatal"'));
    expect(bad.ok && bad.problems[0]?.message).toMatch(/severity/);
  });
});

describe("the page's lines from before any connection", () => {
  const early: LogRecord = { seq: 1, time: '2025-06-01T10:00:00.000Z', t: 0, connection: 0, direction: 'system', kind: 'system', raw: 'Restored the log' };

  it('round-trip with connection 0, which only a system line may carry', () => {
    expect(parseLogFile(serializeLog(header, [early]))).toEqual({ ok: true, header, records: [early], problems: [] });
    const frame = serializeLog(header, [{ ...early, direction: 'in', kind: 'request', raw: '{}' }]);
    expect(parseLogFile(frame).ok && JSON.stringify(parseLogFile(frame))).toMatch(/connection.*positive integer/);
  });
});

describe('lines that are not clean UTF-8 in the export', () => {
  const base = { time: '2025-06-01T10:00:00.000Z', t: 1, connection: 1 };
  // "caf" 0xE9 "!" as the server wrote it, and as it reads.
  const cafe = btoa(String.fromCharCode(0x63, 0x61, 0x66, 0xe9, 0x21));
  const bytesRecords: LogRecord[] = [
    { ...base, seq: 1, direction: 'in', kind: 'invalid', raw: '\uFEFF{"jsonrpc":"2.0","method":"m"}', note: 'not JSON: it starts with a byte-order mark' },
    { ...base, seq: 2, direction: 'noise', kind: 'noise', raw: 'caf\uFFFD!', invalidUtf8: true, bytes: cafe },
    { ...base, seq: 3, direction: 'stderr', kind: 'stderr', raw: 'warn \uFFFD', invalidUtf8: true, bytes: btoa('warn \xff') },
  ];

  it('keeps a byte-order mark in "raw" and the exact bytes of invalid UTF-8, and reads them back', () => {
    const text = serializeLog(header, bytesRecords);
    const lines = text.split('\n');
    // The mark is written as itself, so the file holds EF BB BF where the server wrote it.
    expect(lines[1]).toContain('"raw":"\uFEFF{');
    expect(JSON.parse(lines[2]!)).toMatchObject({ raw: 'caf\uFFFD!', invalidUtf8: true, bytes: 'Y2Fm6SE=' });
    expect(parseLogFile(text)).toEqual({ ok: true, header, records: bytesRecords, problems: [] });
    expect(bytesFromBase64(bytesRecords[1]!.bytes!)).toEqual(Uint8Array.of(0x63, 0x61, 0x66, 0xe9, 0x21));
  });

  it('still reads files written before these fields existed', () => {
    const old = `${JSON.stringify(header)}\n{"seq":1,"time":"2025-06-01T10:00:00.000Z","t":0,"connection":1,"direction":"in","kind":"response","raw":"{\\"b\\":\\"\uFFFD\\"}","note":"Contained invalid UTF-8."}\n`;
    const parsed = parseLogFile(old);
    expect(parsed.ok && parsed.records).toEqual([
      {
        seq: 1,
        time: '2025-06-01T10:00:00.000Z',
        t: 0,
        connection: 1,
        direction: 'in',
        kind: 'response',
        raw: '{"b":"\uFFFD"}',
        note: 'Contained invalid UTF-8.',
      },
    ]);
  });

  it.each([
    ['not base64', { bytes: 'caf!' }],
    ['bytes of another line', { bytes: btoa('other') }],
    ['a number', { bytes: 5 }],
  ])('rejects "bytes" that are %s', (_what, patch) => {
    const parsed = parseLogFile(`${JSON.stringify(header)}\n${JSON.stringify({ ...bytesRecords[1], ...patch })}\n`);
    expect(parsed.ok && parsed.problems).toEqual([{ line: 2, message: '"bytes" must be the base64 of the bytes "raw" was decoded from' }]);
  });

  it('rejects an "invalidUtf8" that is not a boolean', () => {
    const parsed = parseLogFile(`${JSON.stringify(header)}\n${JSON.stringify({ ...bytesRecords[1], invalidUtf8: 'yes' })}\n`);
    expect(parsed.ok && parsed.problems[0]?.message).toMatch(/"invalidUtf8"/);
  });

  it('counts the bytes of base64 without decoding it', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 100]) expect(base64ByteLength(btoa('x'.repeat(n)))).toBe(n);
    // One reading of base64 for the log, the UI and the CLI: line breaks carry no bytes.
    expect(base64ByteLength('aGVs\nbG8=')).toBe(5);
  });
});
