// How the recorder takes HTTP bodies (wrap --to): a JSON body is one frame, an
// SSE answer one frame per event however its bytes were split; both bounded,
// and what the recorder had no room for is counted, said once, never waited for.
import { describe, expect, it, vi } from 'vitest';
import type { LogRecord } from '../src/protocol/wire.js';
import { JsonBodyFramer, SseBodyFramer } from './http-bodies.js';
import { Recorder } from './recorder.js';

function recorder(maxQueuedBytes?: number) {
  const lines: string[] = [];
  const onFallBehind = vi.fn();
  let now = 0;
  const r = new Recorder({
    sink: { write: (text) => lines.push(text) },
    startedAt: Date.UTC(2026, 0, 1),
    now: () => (now += 1),
    onFallBehind,
    ...(maxQueuedBytes !== undefined ? { maxQueuedBytes } : {}),
  });
  const records = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogRecord)
      .map(({ direction, kind, method, raw, note, pair }) => ({ direction, kind, method, raw, note, pair }));
  return { r, records, onFallBehind };
}

const b = (s: string) => Buffer.from(s);

describe('the recorder, given HTTP bodies', () => {
  it('frames a JSON request, an SSE answer split anywhere, and the exchange, in order, paired', () => {
    const { r, records } = recorder();
    const host = new JsonBodyFramer('host');
    r.body(host, b('{"jsonrpc":"2.0","id":1,'));
    r.body(host, b('"method":"tools/list"}'));
    r.body(host, null);
    const server = new SseBodyFramer();
    for (const piece of [
      'id: 1\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n',
      '\n: ping\n\nid: 2\nda',
      'ta: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}\r\n\r\n',
    ]) {
      r.body(server, b(piece));
    }
    r.body(server, null);
    r.exchange('POST /mcp → 200 text/event-stream · 130 B · 3 ms', '→ Authorization: Bearer •••• (9 characters hidden)');
    r.flush();
    expect(records()).toEqual([
      { direction: 'out', kind: 'request', method: 'tools/list', raw: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' },
      { direction: 'in', kind: 'notification', method: 'notifications/progress', raw: '{"jsonrpc":"2.0","method":"notifications/progress"}' },
      { direction: 'in', kind: 'response', method: 'tools/list', raw: '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}', pair: 1 },
      {
        direction: 'system',
        kind: 'http',
        raw: 'POST /mcp → 200 text/event-stream · 130 B · 3 ms',
        note: '→ Authorization: Bearer •••• (9 characters hidden)',
      },
    ]);
  });

  it('records a body over the frame limit as its length, and an empty body as nothing', () => {
    const { r, records } = recorder();
    const big = new JsonBodyFramer('server', 16);
    r.body(big, b('{"jsonrpc":"2.0",'));
    r.body(big, b('"id":1,"result":{}}'));
    r.body(big, null);
    const empty = new JsonBodyFramer('server');
    r.body(empty, null);
    r.flush();
    expect(records()).toEqual([{ direction: 'in', kind: 'oversize', raw: "(36 bytes, over the recorder's 16-byte limit: forwarded, not recorded)" }]);
  });

  it('counts the body bytes and exchanges it had no room for, says so once, and starts the body afresh', () => {
    const { r, records, onFallBehind } = recorder(60);
    const server = new SseBodyFramer();
    r.body(server, b('data: {"jsonrpc":"2.0","method":"kept"}\n\n')); // 41 bytes: fits
    r.body(server, b('data: {"jsonrpc":"2.0","method":"lost"}\n\n')); // no room
    r.exchange('GET /mcp → 200 text/event-stream · stream open', 'x'.repeat(40)); // no room
    r.flush();
    r.body(server, b('data: {"jsonrpc":"2.0","method":"after"}\n\n'));
    r.body(server, null);
    r.flush();
    expect(onFallBehind).toHaveBeenCalledTimes(1);
    expect(records()).toEqual([
      { direction: 'in', kind: 'notification', method: 'kept', raw: '{"jsonrpc":"2.0","method":"kept"}' },
      { direction: 'system', kind: 'system', raw: '41 bytes of an HTTP body that the server sent were forwarded but not recorded: the recorder fell behind.' },
      { direction: 'system', kind: 'system', raw: '1 HTTP exchange went through but was not recorded: the recorder fell behind.' },
      {
        direction: 'in',
        kind: 'notification',
        method: 'after',
        raw: '{"jsonrpc":"2.0","method":"after"}',
        note: 'Its beginning was not recorded (see the line before).',
      },
    ]);
  });
});
