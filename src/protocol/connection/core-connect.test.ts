import { describe, expect, it } from 'vitest';
import { ConnectionCore, type ConnectStep } from './core.js';
import { ManualClock } from '../time/clock.js';
import type { SessionEvent } from '../session/types.js';

type Sent = { id?: number; method?: string; params?: { protocolVersion?: string; _meta?: Record<string, unknown> } };

/** A core over a fake transport; the test answers for the server, frame by frame. */
function fake() {
  const clock = new ManualClock();
  const sent: Sent[] = [];
  const events: SessionEvent[] = [];
  const core = new ConnectionCore<string>({
    clock,
    requestTimeoutMs: 30_000,
    transport: { send: (raw) => void sent.push(JSON.parse(raw) as Sent), close: () => {} },
  });
  core.session.on((e) => events.push(e));
  const answer = (body: Record<string, unknown>) => core.receive({ type: 'message', text: JSON.stringify({ jsonrpc: '2.0', id: sent.at(-1)!.id, ...body }) });
  /** Let the core's awaits run, so the next frame is out. */
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { core, sent, events, answer, clock, settle };
}

const discoverResult = (versions: string[]) => ({
  result: {
    resultType: 'complete',
    supportedVersions: versions,
    capabilities: { tools: {} },
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'srv', version: '1' } },
  },
});
/** The message of a step that must have failed. */
async function failedMessage(step: Promise<ConnectStep>): Promise<string> {
  const s = await step;
  expect(s.kind).toBe('failed');
  return s.kind === 'failed' ? s.message : '';
}

const initializeResult = { result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'old', version: '1' } } };

describe('connect: a version chosen by hand', () => {
  it('legacy: exactly initialize, no probe', async () => {
    const { core, sent, answer } = fake();
    const step = core.connect('2025-06-18');
    expect(sent.map((f) => f.method)).toEqual(['initialize']);
    answer({ result: { ...initializeResult.result, protocolVersion: '2025-06-18' } });
    expect(await step).toMatchObject({ kind: 'ready', era: 'legacy', reason: '2025-06-18 was chosen: initialize', info: { era: 'legacy' } });
    expect(sent.map((f) => f.method)).toEqual(['initialize', 'notifications/initialized']);
  });

  it('modern: server/discover, then ready with _meta on every request', async () => {
    const { core, sent, answer } = fake();
    const step = core.connect('2026-07-28');
    expect(sent[0]).toMatchObject({ method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } });
    answer(discoverResult(['2026-07-28']));
    expect(await step).toMatchObject({ kind: 'ready', era: 'modern', info: { era: 'modern', serverInfo: { name: 'srv' }, supportedVersions: ['2026-07-28'] } });
    void core.session.request('tools/list');
    expect(sent[1]!.params!._meta).toHaveProperty(['io.modelcontextprotocol/protocolVersion'], '2026-07-28');
  });

  it('modern: -32022 is version-unsupported with the list, and no retry', async () => {
    const { core, sent, answer, settle } = fake();
    const step = core.connect('2026-07-28');
    answer({ error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2025-11-25'], requested: '2026-07-28' } } });
    expect(await step).toEqual({
      kind: 'version-unsupported',
      supported: ['2025-11-25'],
      message: 'The server does not support 2026-07-28; it supports: 2025-11-25 (choose 2025-11-25 to connect).',
    });
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('modern: a legacy answer says the server does not seem to speak it', async () => {
    const { core, answer } = fake();
    const step = core.connect('2026-07-28');
    answer({ error: { code: -32601, message: 'Method not found' } });
    // What happened, with no advice: each side says what to do in its own terms (connect-failure.ts).
    expect(await step).toEqual(
      expect.objectContaining({
        kind: 'failed',
        cause: 'not-modern',
        at: 'server/discover',
        message: 'server/discover got error -32601 (Method not found): this server does not seem to speak 2026-07-28.',
      }),
    );
  });

  it('modern: refused for authorization is an authorization failure, said once, not a protocol verdict', async () => {
    const { core } = fake();
    const step = core.connect('2026-07-28');
    core.receive({ type: 'request-failed', idTexts: ['1'], problem: 'unauthorized', message: 'OAuth step 7 (Token) failed: invalid_client.' });
    expect(await step).toEqual(
      expect.objectContaining({
        kind: 'failed',
        cause: 'authorization',
        at: 'server/discover',
        httpProblem: 'unauthorized',
        message: 'OAuth step 7 (Token) failed: invalid_client.',
      }),
    );
  });

  it('legacy: no answer to initialize is a timeout, in seconds', async () => {
    const { core, clock } = fake();
    const step = core.connect('2025-11-25', { timeoutMs: 30_000 });
    clock.advance(30_000);
    expect(await step).toEqual(
      expect.objectContaining({ kind: 'failed', cause: 'timeout', at: 'initialize', message: 'The server did not answer initialize within 30 s.' }),
    );
  });

  it("legacy: a refused initialize names the server's error", async () => {
    const { core, answer } = fake();
    const step = core.connect('2025-11-25');
    answer({ error: { code: -32603, message: 'boom' } });
    expect(await step).toMatchObject({ kind: 'failed', cause: 'refused', at: 'initialize' });
  });

  it('modern: a -32022 that lists the version asked for is retried once with it', async () => {
    const { core, sent, answer, settle } = fake();
    const step = core.connect('2026-07-28');
    const refusal = { error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } } };
    answer(refusal);
    await settle();
    expect(sent.map((f) => f.method)).toEqual(['server/discover', 'server/discover']);
    answer(discoverResult(['2026-07-28']));
    expect(await step).toMatchObject({ kind: 'ready', era: 'modern' });

    const again = fake();
    const twice = again.core.connect('2026-07-28');
    again.answer(refusal);
    await again.settle();
    again.answer(refusal);
    expect(await twice).toMatchObject({ kind: 'version-unsupported', supported: ['2026-07-28'] });
    expect(again.sent).toHaveLength(2);
  });

  it('modern: a discover that does not list the version is version-unsupported', async () => {
    const { core, answer } = fake();
    const step = core.connect('2026-07-28');
    answer(discoverResult(['2027-01-01']));
    expect(await step).toMatchObject({ kind: 'version-unsupported', supported: ['2027-01-01'] });
  });
});

describe('connect: Auto', () => {
  it('a DiscoverResult: modern, saying so; the probe frames are labelled', async () => {
    const { core, sent, answer, events } = fake();
    const step = core.connect('auto');
    answer(discoverResult(['2025-11-25', '2026-07-28']));
    expect(await step).toMatchObject({ kind: 'ready', era: 'modern', reason: 'Auto: server/discover answered with 2026-07-28' });
    expect(sent.map((f) => f.method)).toEqual(['server/discover']);
    expect(events.filter((e) => e.type === 'probe').map((e) => e.type === 'probe' && e.phase)).toEqual(['sent', 'answered']);
    expect(core.session.era).toBe('modern');
  });

  it('any non-modern error: falls back to initialize, saying so', async () => {
    const { core, sent, answer, settle } = fake();
    const step = core.connect('auto');
    answer({ error: { code: -32602, message: 'Invalid params' } });
    await settle();
    expect(sent.map((f) => f.method)).toEqual(['server/discover', 'initialize']);
    expect(sent[1]!.params!.protocolVersion).toBe('2025-11-25');
    expect(sent[1]!.params!._meta).toBeUndefined();
    answer(initializeResult);
    expect(await step).toMatchObject({
      kind: 'ready',
      era: 'legacy',
      reason: 'Auto: server/discover got error -32602 (Invalid params), fell back to initialize',
    });
    expect(core.session.era).toBe('legacy');
  });

  it('a silent legacy server: the probe times out (3 s by default) and Auto falls back to initialize', async () => {
    const { core, sent, answer, clock, settle } = fake();
    const step = core.connect('auto');
    clock.advance(2999);
    await settle();
    expect(sent).toHaveLength(1);
    clock.advance(1);
    await settle();
    expect(sent.map((f) => f.method)).toEqual(['server/discover', 'initialize']);
    answer(initializeResult);
    expect(await step).toMatchObject({ kind: 'ready', era: 'legacy', reason: 'Auto: server/discover got no answer within 3000 ms, fell back to initialize' });
  });

  it('the probe timeout is configurable, and the probe can be skipped', async () => {
    const a = fake();
    void a.core.connect('auto', { probeTimeoutMs: 500 });
    a.clock.advance(500);
    await a.settle();
    expect(a.sent.map((f) => f.method)).toEqual(['server/discover', 'initialize']);
    const b = fake();
    void b.core.connect('auto', { probe: false });
    expect(b.sent.map((f) => f.method)).toEqual(['initialize']);
  });

  it('over HTTP the probe waits the whole connect timeout; over stdio at most 3 s', async () => {
    const http = fake();
    void http.core.connect('auto', { timeoutMs: 10_000, over: 'http' });
    http.clock.advance(9_999);
    await http.settle();
    expect(http.sent.map((f) => f.method)).toEqual(['server/discover']);
    http.clock.advance(1);
    await http.settle();
    expect(http.sent.map((f) => f.method)).toEqual(['server/discover', 'initialize']);
    const stdio = fake();
    void stdio.core.connect('auto', { timeoutMs: 10_000, over: 'stdio' });
    stdio.clock.advance(3_000);
    await stdio.settle();
    expect(stdio.sent.map((f) => f.method)).toEqual(['server/discover', 'initialize']);
  });

  it('refused for authorization (401 after a failed OAuth flow): failed with that sentence, no fallback to initialize', async () => {
    const { core, sent, settle } = fake();
    const step = core.connect('auto');
    core.receive({ type: 'request-failed', idTexts: ['1'], problem: 'unauthorized', message: 'OAuth step 7 (Token) failed: invalid_client.' });
    expect(await step).toEqual(
      expect.objectContaining({ kind: 'failed', cause: 'authorization', at: 'server/discover', message: 'OAuth step 7 (Token) failed: invalid_client.' }),
    );
    await settle();
    expect(sent.map((f) => f.method)).toEqual(['server/discover']);
  });

  it('HTTP: a 4xx without a JSON-RPC body (request-failed) falls back to initialize', async () => {
    const { core, sent, answer, settle } = fake();
    const step = core.connect('auto');
    core.receive({ type: 'request-failed', idTexts: ['1'], problem: 'http-error', message: 'The server refused the request with HTTP 400 Bad Request.' });
    await settle();
    expect(sent.map((f) => f.method)).toEqual(['server/discover', 'initialize']);
    answer(initializeResult);
    expect(await step).toMatchObject({
      kind: 'ready',
      era: 'legacy',
      reason: expect.stringMatching(/^Auto: server\/discover failed: The server refused .*HTTP 400.*, fell back to initialize$/),
    });
  });

  it('-32022 listing a legacy version: initialize with it, once', async () => {
    const { core, sent, answer, settle } = fake();
    const step = core.connect('auto');
    answer({ error: { code: -32022, message: 'Unsupported', data: { supported: ['2025-06-18', '2025-11-25'] } } });
    await settle();
    expect(sent[1]).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    answer(initializeResult);
    expect(await step).toMatchObject({ kind: 'ready', era: 'legacy', reason: 'Auto: server/discover got -32022; the server supports 2025-11-25: initialize' });
  });

  it('-32022 with nothing in common: version-unsupported, with the list', async () => {
    const { core, sent, answer, settle } = fake();
    const step = core.connect('auto');
    answer({ error: { code: -32022, message: 'Unsupported', data: { supported: ['2027-01-01'] } } });
    expect(await step).toMatchObject({
      kind: 'version-unsupported',
      supported: ['2027-01-01'],
      message: expect.stringMatching(/none of them is a version mcpscope speaks/),
    });
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('a result that is no DiscoverResult (a legacy server answering every method): falls back, saying what was wrong', async () => {
    const { core, sent, answer, settle } = fake();
    const step = core.connect('auto');
    answer({ result: {} });
    await settle();
    expect(sent.map((f) => f.method)).toEqual(['server/discover', 'initialize']);
    answer(initializeResult);
    expect(await step).toMatchObject({
      kind: 'ready',
      era: 'legacy',
      reason:
        'Auto: server/discover was answered, but not with a DiscoverResult (The server/discover result has no supportedVersions; a DiscoverResult needs supportedVersions (strings) and capabilities (an object).); taken for a legacy server, fell back to initialize',
    });
  });

  it('a result with no DiscoverResult in it, from a server that has no initialize either: failed, naming both', async () => {
    const { core, answer, settle } = fake();
    const step = core.connect('auto');
    answer({ result: { content: [] } });
    await settle();
    answer({ error: { code: -32601, message: 'Method not found' } });
    const s = await step;
    expect(s).toMatchObject({ kind: 'failed', outcome: { status: 'result', result: { content: [] }, request: { method: 'server/discover' } } });
    if (s.kind === 'failed') expect(s.message).toMatch(/^Auto: The server\/discover result has no supportedVersions; .* Nor did initialize work: .*-32601/);
  });

  it.each([
    ['a string', 'hello', /is a string, not an object/],
    ['a DiscoverResult without versions', { resultType: 'complete', capabilities: {} }, /has no supportedVersions/],
  ])("a modern server's broken DiscoverResult (%s): reported, no fallback", async (_name, result, problem) => {
    const { core, sent, answer, settle } = fake();
    const step = core.connect('auto');
    answer({ result });
    const message = await failedMessage(step);
    expect(message).toMatch(/^Auto: the server answered server\/discover as a modern server, but: The server\/discover result /);
    expect(message).toMatch(problem);
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('another modern error (-32021): failed, naming it, no fallback', async () => {
    const { core, answer } = fake();
    const step = core.connect('auto');
    answer({ error: { code: -32021, message: 'Missing required client capability' } });
    expect(await failedMessage(step)).toMatch(/modern error, so it speaks the 2026-07-28 generation, but refused: .*-32021/);
  });

  it('the server exits during the probe: failed, no initialize', async () => {
    const { core, sent } = fake();
    const step = core.connect('auto');
    core.receive({ type: 'close', code: 1, signal: null, reason: 'The server exited with code 1.', stderrTail: [] });
    expect(await step).toMatchObject({ kind: 'failed', message: 'The server exited with code 1.' });
    expect(sent).toHaveLength(1);
  });

  it('a legacy server that does not implement initialize either: unsupported, as today', async () => {
    const { core, answer, settle } = fake();
    const step = core.connect('auto');
    answer({ error: { code: -32601, message: 'Method not found' } });
    await settle();
    answer({ error: { code: -32601, message: 'Method not found' } });
    expect(await step).toMatchObject({ kind: 'unsupported' });
  });
});
