import { describe, expect, it } from 'vitest';
import { classifyFrame } from '../jsonrpc/codec.js';
import { judgeDiscover, notInitializedHint, parseDiscoverResult, probeVerdict } from './discover.js';
import type { RequestOutcome, SentRequest } from './types.js';

const request: SentRequest = { id: 1, method: 'server/discover', raw: '{}', sentAt: 0 };
const response = { raw: '{}', frame: classifyFrame('{}'), receivedAt: 1 };
const result = (value: unknown): RequestOutcome => ({ status: 'result', request, response, result: value, rttMs: 1 });
const error = (code: number, message: string, data?: unknown): RequestOutcome => ({
  status: 'error',
  request,
  response,
  error: data === undefined ? { code, message } : { code, message, data },
  rttMs: 1,
});

describe('server/discover results', () => {
  it('reads a DiscoverResult, serverInfo from _meta, caching hints', () => {
    const parsed = parseDiscoverResult({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {} },
      instructions: 'hi',
      ttlMs: 1000,
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'srv', version: '1' } },
    });
    expect(parsed).toEqual({
      ok: true,
      info: {
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {} },
        serverInfo: { name: 'srv', version: '1' },
        instructions: 'hi',
        ttlMs: 1000,
        cacheScope: 'public',
      },
    });
  });

  it.each([
    ['a string', 'hello', /is a string, not an object/],
    ['null', null, /is null, not an object/],
    ['an array', [], /is an array, not an object/],
    ['no supportedVersions', { capabilities: {} }, /has no supportedVersions/],
    ['supportedVersions not strings', { supportedVersions: [1], capabilities: {} }, /not a list of strings/],
    ['an empty supportedVersions', { supportedVersions: [], capabilities: {} }, /lists no supportedVersions/],
    ['no capabilities', { supportedVersions: ['2026-07-28'] }, /has no capabilities/],
    ['capabilities not an object', { supportedVersions: ['2026-07-28'], capabilities: 'all' }, /capabilities that is not an object/],
  ])('says what is wrong with a result that has %s', (_name, value, message) => {
    const parsed = parseDiscoverResult(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});

describe('judging the probe (stdio and HTTP backward compatibility)', () => {
  it('a result is modern, well-formed or not', () => {
    expect(judgeDiscover(result({ supportedVersions: ['2026-07-28'], capabilities: {} }), true).kind).toBe('discovered');
    expect(judgeDiscover(result('garbage'), true)).toMatchObject({ kind: 'malformed', looksModern: true });
    expect(judgeDiscover(result({ resultType: 'complete' }), true)).toMatchObject({ kind: 'malformed', looksModern: true });
    // A legacy server that answers every method with a result.
    expect(judgeDiscover(result({}), true)).toMatchObject({ kind: 'malformed', looksModern: false });
  });

  it('a modern error is modern; -32022 brings its list', () => {
    expect(judgeDiscover(error(-32022, 'Unsupported', { supported: ['2027-01-01'] }), true)).toMatchObject({ kind: 'modern-error', supported: ['2027-01-01'] });
    expect(judgeDiscover(error(-32021, 'Missing capability'), true)).toMatchObject({ kind: 'modern-error' });
  });

  it('any other error, silence, or a failed HTTP exchange is legacy, whatever the code', () => {
    for (const code of [-32601, -32602, -32600, -32000, 1]) expect(judgeDiscover(error(code, 'nope'), true).kind).toBe('legacy');
    const timeout: RequestOutcome = { status: 'timeout', request, elapsedMs: 3000, message: 'no' };
    expect(judgeDiscover(timeout, true)).toEqual({ kind: 'legacy', why: 'server/discover got no answer within 3000 ms' });
    expect(judgeDiscover({ status: 'closed', request, message: 'HTTP 400' }, true)).toEqual({ kind: 'legacy', why: 'server/discover failed: HTTP 400' });
  });

  it('a connection that ended decides nothing', () => {
    expect(judgeDiscover({ status: 'closed', request, message: 'The server exited.' }, false)).toEqual({ kind: 'gone', message: 'The server exited.' });
  });

  it('labels the verdict for the log', () => {
    expect(probeVerdict(judgeDiscover(error(-32601, 'Method not found'), true))).toBe('legacy: server/discover got error -32601 (Method not found)');
    expect(probeVerdict(judgeDiscover(result({ supportedVersions: ['2026-07-28'], capabilities: {} }), true))).toBe('modern: supports 2026-07-28');
  });
});

describe('a modern request answered with "not initialized"', () => {
  const modernRaw = JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/list',
    params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
  });
  it('names the contradiction', () => {
    expect(notInitializedHint(modernRaw, { code: -32002, message: 'Server not initialized' })).toMatch(
      /declared protocol 2026-07-28 .* answers as a legacy server does before initialize/,
    );
    expect(notInitializedHint(modernRaw, { code: -32600, message: 'Bad Request: Server not yet initialized' })).not.toBe('');
  });
  it('says nothing for other errors, or for legacy requests', () => {
    expect(notInitializedHint(modernRaw, { code: -32602, message: 'Unknown tool' })).toBe('');
    expect(notInitializedHint('{"jsonrpc":"2.0","id":2,"method":"tools/list"}', { code: -32002, message: 'Server not initialized' })).toBe('');
  });
});
