import { describe, expect, it } from 'vitest';
import { parseClientEnvelope, parseProxyEnvelope } from './envelope.js';

describe('parseClientEnvelope', () => {
  it('accepts open, send and close', () => {
    expect(parseClientEnvelope('{"type":"open","transport":{"kind":"stdio","command":"node","args":["s.js"],"env":{"A":"1"},"cwd":"/tmp"}}')).toEqual({
      ok: true,
      value: { type: 'open', transport: { kind: 'stdio', command: 'node', args: ['s.js'], env: { A: '1' }, cwd: '/tmp' } },
    });
    expect(parseClientEnvelope('{"type":"send","raw":"{}"}')).toEqual({ ok: true, value: { type: 'send', raw: '{}' } });
    expect(parseClientEnvelope('{"type":"close"}')).toEqual({ ok: true, value: { type: 'close' } });
  });

  it('carries the id of the saved server an open is for', () => {
    expect(parseClientEnvelope('{"type":"open","transport":{"kind":"stdio","command":"node"},"savedServer":"s-1"}')).toEqual({
      ok: true,
      value: { type: 'open', transport: { kind: 'stdio', command: 'node', args: [], env: {} }, savedServer: 's-1' },
    });
  });

  const bad: Array<[string, RegExp]> = [
    ['nope', /not JSON/],
    ['[]', /JSON object/],
    ['{"type":"explode"}', /unknown envelope type/],
    ['{"type":"send"}', /send.raw/],
    ['{"type":"open","transport":{"kind":"stdio","command":""}}', /command/],
    ['{"type":"open","transport":{"kind":"stdio","command":"x"},"savedServer":7}', /open.savedServer must be the id/],
    ['{"type":"open","transport":{"kind":"stdio","command":"x","args":"a b"}}', /args/],
    ['{"type":"open","transport":{"kind":"stdio","command":"x","env":{"A":1}}}', /env.A/],
    ['{"type":"open","transport":{"kind":"shell","command":"x"}}', /not supported/],
    ['{"type":"open","transport":{"kind":"http","url":"file:///etc/passwd"}}', /transport.url: The URL must start with http/],
    ['{"type":"open","transport":{"kind":"http"}}', /transport.url must be a string/],
    ['{"type":"open","transport":{"kind":"http","url":"http://h/mcp","mode":"websocket"}}', /transport.mode "websocket"/],
    ['{"type":"open","transport":{"kind":"http","url":"http://h/mcp","headers":{"X":"a\\r\\nY: b"}}}', /line break/],
    ['{"type":"open","transport":{"kind":"http","url":"http://h/mcp","headers":{"Mcp-Session-Id":"forged"}}}', /set by mcpscope/],
  ];
  for (const [text, reason] of bad) {
    it(`refuses ${text}`, () => {
      const r = parseClientEnvelope(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(reason);
    });
  }
});

describe('HTTP transport config', () => {
  it('accepts a URL, headers and a mode (Auto by default)', () => {
    expect(
      parseClientEnvelope('{"type":"open","transport":{"kind":"http","url":" http://127.0.0.1:3001/mcp ","headers":{"Authorization":"Bearer t"}}}'),
    ).toEqual({
      ok: true,
      value: { type: 'open', transport: { kind: 'http', url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' }, mode: 'auto' } },
    });
    const sse = parseClientEnvelope('{"type":"open","transport":{"kind":"http","url":"http://h/sse","mode":"sse"}}');
    expect(sse.ok && sse.value.type === 'open' && sse.value.transport).toEqual({ kind: 'http', url: 'http://h/sse', headers: {}, mode: 'sse' });
  });

  it('takes upstream events in their own shape (message, close), not renamed', () => {
    expect(parseProxyEnvelope('{"type":"message","at":1,"text":"{}"}')).toMatchObject({ ok: true, value: { type: 'message', text: '{}' } });
    expect(parseProxyEnvelope('{"type":"close","at":1,"code":0,"signal":null,"reason":"r","stderrTail":[]}').ok).toBe(true);
    expect(parseProxyEnvelope('{"type":"recv","at":1,"raw":"{}"}').ok).toBe(false);
  });

  it('lets the HTTP envelopes through from the proxy', () => {
    for (const type of ['http-opened', 'http', 'http-mode', 'request-failed']) {
      expect(parseProxyEnvelope(JSON.stringify({ type, at: 1 })).ok).toBe(true);
    }
  });
});
