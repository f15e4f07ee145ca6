import { describe, expect, it } from 'vitest';
import { parseClientEnvelope } from './envelope.js';

describe('parseClientEnvelope', () => {
  it('accepts open, send and close', () => {
    expect(parseClientEnvelope('{"type":"open","transport":{"kind":"stdio","command":"node","args":["s.js"],"env":{"A":"1"},"cwd":"/tmp"}}')).toEqual({
      ok: true,
      value: { type: 'open', transport: { kind: 'stdio', command: 'node', args: ['s.js'], env: { A: '1' }, cwd: '/tmp' } },
    });
    expect(parseClientEnvelope('{"type":"send","raw":"{}"}')).toEqual({ ok: true, value: { type: 'send', raw: '{}' } });
    expect(parseClientEnvelope('{"type":"close"}')).toEqual({ ok: true, value: { type: 'close' } });
  });

  const bad: Array<[string, RegExp]> = [
    ['nope', /not JSON/],
    ['[]', /JSON object/],
    ['{"type":"explode"}', /unknown envelope type/],
    ['{"type":"send"}', /send.raw/],
    ['{"type":"open","transport":{"kind":"stdio","command":""}}', /command/],
    ['{"type":"open","transport":{"kind":"stdio","command":"x","args":"a b"}}', /args/],
    ['{"type":"open","transport":{"kind":"stdio","command":"x","env":{"A":1}}}', /env.A/],
    ['{"type":"open","transport":{"kind":"shell","command":"x"}}', /not supported/],
  ];
  for (const [text, reason] of bad) {
    it(`refuses ${text}`, () => {
      const r = parseClientEnvelope(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(reason);
    });
  }
});
