// The recorder and the capture file in-process: what they do when they cannot
// keep up (counted, said once, never waited for), and lines the capture cannot
// keep exactly (too long; a masked credential in invalid UTF-8).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseLogFile, type LogRecord } from '../src/protocol/wire.js';
import { scratch } from '../test/fixtures/wrap-helpers.js';
import { CaptureFile, captureFileName, serverName } from './capture-file.js';
import { Recorder } from './recorder.js';

function recorder(options: { maxQueuedBytes?: number; maxLineBytes?: number } = {}) {
  const lines: string[] = [];
  const onFallBehind = vi.fn();
  let now = 0;
  const r = new Recorder({ sink: { write: (text) => lines.push(text) }, startedAt: Date.UTC(2026, 0, 1), now: () => (now += 1), onFallBehind, ...options });
  const records = (): LogRecord[] =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogRecord);
  return { r, records, onFallBehind };
}

describe('the recorder', () => {
  it('counts the bytes it had no room for, says so once, and marks the line they broke', () => {
    const { r, records, onFallBehind } = recorder({ maxQueuedBytes: 40 });
    const frame = Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}\n'); // 37 bytes: one fits, the next two do not
    r.chunk('server', frame);
    r.chunk('server', Buffer.from('{"jsonrpc":"2.0","method":"lost'));
    r.chunk('server', Buffer.from('-too"}\n'));
    r.chunk('host', Buffer.from('{"jsonrpc":"2.0","id":9,"method":"ping"}\n'));
    r.flush();
    r.chunk('server', Buffer.from('tail"}\n'));
    r.flush();
    r.chunk('server', frame);
    r.flush();
    expect(onFallBehind).toHaveBeenCalledTimes(1);
    expect(records().map(({ direction, kind, raw, note }) => ({ direction, kind, raw, note }))).toEqual([
      { direction: 'in', kind: 'response', raw: '{"jsonrpc":"2.0","id":1,"result":{}}' },
      { direction: 'system', kind: 'system', raw: '38 bytes that the server wrote were forwarded but not recorded: the recorder fell behind.' },
      { direction: 'system', kind: 'system', raw: '41 bytes that the host wrote were forwarded but not recorded: the recorder fell behind.' },
      { direction: 'noise', kind: 'noise', raw: 'tail"}', note: 'Its beginning was not recorded (see the line before).' },
      { direction: 'in', kind: 'response', raw: '{"jsonrpc":"2.0","id":1,"result":{}}' },
    ]);
    expect(records().map((x) => x.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it("pairs each answer with its request through the ledger: the answer's record names the method, the request and the round trip", () => {
    const { r, records } = recorder();
    r.chunk('host', Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n'));
    r.chunk('server', Buffer.from('{"jsonrpc":"2.0","id":"s1","method":"roots/list"}\n'));
    r.chunk('server', Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}\n'));
    r.chunk('host', Buffer.from('{"jsonrpc":"2.0","id":"s1","result":{"roots":[]}}\n{"jsonrpc":"2.0","id":"1","result":{}}\n'));
    r.flush();
    expect(records().map(({ seq, direction, kind, method, pair, rtt }) => ({ seq, direction, kind, method, pair, rtt }))).toEqual([
      { seq: 1, direction: 'out', kind: 'request', method: 'tools/list' },
      { seq: 2, direction: 'in', kind: 'request', method: 'roots/list' },
      { seq: 3, direction: 'in', kind: 'response', method: 'tools/list', pair: 1, rtt: 2 },
      { seq: 4, direction: 'out', kind: 'response', method: 'roots/list', pair: 2, rtt: 2 },
      // "1" is not 1: ids keep their JSON type, so this answers nothing.
      { seq: 5, direction: 'out', kind: 'response' },
    ]);
  });

  it('records a line longer than its limit as its length, and carries on with the next', () => {
    const { r, records } = recorder({ maxLineBytes: 16 });
    r.chunk('host', Buffer.from(`{"jsonrpc":"2.0","method":"${'x'.repeat(40)}"}\n{"id":1}\n`));
    r.flush();
    expect(records().map(({ direction, kind, raw }) => ({ direction, kind, raw }))).toEqual([
      { direction: 'out', kind: 'oversize', raw: "(69 bytes, over the recorder's 16-byte limit: forwarded, not recorded)" },
      { direction: 'out', kind: 'invalid', raw: '{"id":1}' },
    ]);
  });

  it('keeps the exact bytes of invalid UTF-8, except where a masked credential changed the text, and Import accepts both', () => {
    const { r, records } = recorder();
    r.chunk(
      'stderr',
      Buffer.concat([Buffer.from('bad '), Buffer.from([0xff]), Buffer.from('\nAuthorization: Bearer abcdefghijklmnop '), Buffer.from([0xfe, 0x0a])]),
    );
    r.flush();
    const [plain, masked] = records();
    expect(plain).toMatchObject({
      direction: 'stderr',
      raw: 'bad \uFFFD',
      invalidUtf8: true,
      bytes: Buffer.from([0x62, 0x61, 0x64, 0x20, 0xff]).toString('base64'),
    });
    expect(masked).toMatchObject({ raw: 'Authorization: Bearer •••• (16 characters hidden) \uFFFD', invalidUtf8: true, note: expect.stringMatching(/masked/) });
    expect(masked!.bytes).toBeUndefined();
    const text = `{"mcpscope":"log","version":1,"exportedAt":"2026-01-01T00:00:00.000Z","server":null}\n${records()
      .map((x) => JSON.stringify(x))
      .join('\n')}\n`;
    expect(parseLogFile(text)).toMatchObject({ ok: true, problems: [] });
  });
});

describe('the capture file', () => {
  it('drops what the disk has not room for yet, with a count, says so once, and never blocks', async () => {
    const path = join(scratch(), 'slow.jsonl');
    const say = vi.fn();
    const file = new CaptureFile(path, { say, maxPendingBytes: 100 });
    const line = `${'y'.repeat(59)}\n`; // 60 bytes: one is pending, the next ones do not fit
    file.write(line);
    file.write(line + line);
    file.write(line);
    expect(file.dropped).toBe(3);
    expect(say).toHaveBeenCalledTimes(1);
    expect(say.mock.calls[0]![0]).toMatch(/^recording is not keeping up with the traffic, so some of it is not recorded in .*slow\.jsonl/);
    await file.end();
    expect(readFileSync(path, 'utf8')).toBe(line);
  });

  it('names default files by server, local time and pid, with nothing a file name should not hold', () => {
    const at = new Date(2026, 5, 1, 9, 3, 7);
    expect(captureFileName('weather', at, 42)).toBe('weather-2026-06-01-090307-42.jsonl');
    expect(captureFileName('../my server/x', at, 42)).toBe('my-server-x-2026-06-01-090307-42.jsonl');
    expect(captureFileName('', at, 1)).toBe('server-2026-06-01-090307-1.jsonl');
  });

  it('names the server, without --name, by the script or package a launcher runs, else by the command', () => {
    expect(serverName('node', ['--inspect', 'build/weather.js'])).toBe('weather');
    expect(serverName('npx', ['-y', '@modelcontextprotocol/server-everything'])).toBe('server-everything');
    expect(serverName('/usr/local/bin/my-server', ['--port', '1'])).toBe('my-server');
    expect(serverName('node', ['-e', 'require("x").run()'])).toBe('node');
  });
});
