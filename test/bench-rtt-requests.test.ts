import { describe, expect, it } from 'vitest';
import * as protocol from '../src/protocol/index.js';
import { parseRttArgs, replyProblem, rttRequest } from '../bench/rtt-requests.mjs';

// bench/ping-rtt.mjs's request and reply check: the discover round trip must carry the modern
// _meta exactly as the session sends it, and a run of wrong answers must stop the bench, not be timed.
describe('bench/ping-rtt arguments', () => {
  it('defaults to ping, 2000 measured after 200 warm-up', () => {
    expect(parseRttArgs([])).toEqual({ ok: true, method: 'ping', pings: 2000, warmup: 200 });
  });

  it('takes --method discover and the counts', () => {
    expect(parseRttArgs(['--method', 'discover', '--pings', '400', '--warmup', '0', '--profile-proxy', '/tmp/p'])).toEqual({
      ok: true,
      method: 'discover',
      pings: 400,
      warmup: 0,
      profileDir: '/tmp/p',
    });
  });

  it.each([
    [['--method', 'initialize'], '--method takes ping or discover, not "initialize".'],
    [['--pings', '30'], '--pings takes a positive multiple of 20 (they are split into rounds), not "30".'],
    [['--pings', '0'], '--pings takes a positive multiple of 20 (they are split into rounds), not "0".'],
    [['--warmup', 'many'], '--warmup takes a whole number, not "many".'],
    [['--pings'], '--pings needs a value.'],
    [['--discover'], 'Unknown argument "--discover".'],
  ])('refuses %j with a sentence', (argv, message) => {
    const parsed = parseRttArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});

describe('bench/ping-rtt request', () => {
  it('sends server/discover with the session’s modern _meta, by id', () => {
    const discover = rttRequest('discover', protocol);
    const frame = JSON.parse(discover(41)) as { id: number; method: string; params: { _meta: Record<string, unknown> } };
    expect(frame).toMatchObject({ jsonrpc: '2.0', id: 41, method: 'server/discover' });
    const meta = protocol.modernRequestMeta(frame.params);
    expect(meta.protocolVersion).toBe('2026-07-28');
    expect(meta.clientCapabilities).toBeTypeOf('object');
    expect(meta.clientInfo).toEqual({ name: 'mcpscope', version: expect.any(String) });
    expect(JSON.parse(discover(42))).toMatchObject({ id: 42 });
  });

  it('sends what a ClientSession speaking 2026-07-28 sends', () => {
    const sent: string[] = [];
    const session = new protocol.ClientSession({ send: (raw) => void sent.push(raw) });
    session.useModern('2026-07-28');
    void session.discover();
    session.close('test over');
    expect(JSON.parse(rttRequest('discover', protocol)(1))).toEqual(JSON.parse(sent[0] ?? 'null'));
  });

  it('sends ping as a bare request', () => {
    expect(JSON.parse(rttRequest('ping', protocol)(3))).toEqual({ jsonrpc: '2.0', id: 3, method: 'ping' });
  });
});

describe('bench/ping-rtt reply check', () => {
  const discovered = { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } };

  it('accepts a DiscoverResult and an empty ping result', () => {
    expect(replyProblem('discover', protocol, { result: discovered })).toBeUndefined();
    expect(replyProblem('ping', protocol, { result: {} })).toBeUndefined();
  });

  it('names an error reply, as a legacy server gives to server/discover', () => {
    expect(replyProblem('discover', protocol, { error: { code: -32601, message: 'Method not found' } })).toBe(
      'server/discover was answered with error -32601: Method not found',
    );
  });

  it('names a result that is no DiscoverResult', () => {
    expect(replyProblem('discover', protocol, { result: { capabilities: {} } })).toContain('has no supportedVersions');
    expect(replyProblem('ping', protocol, { result: null })).toBe('ping was answered with null, not an object');
  });
});
