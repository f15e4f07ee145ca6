import { describe, expect, it } from 'vitest';
import { classifyFrame } from '../jsonrpc/codec.js';
import { ClientSession } from './client-session.js';
import { PAIRING_CASES, type PairingVerdict } from '../ledger/pairing-cases.js';
import { ManualClock } from '../time/clock.js';
import type { SessionEvent } from './types.js';

/** What every session declares by default besides its handlers' capabilities: MCP Apps. */
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

function setup(options: { requestTimeoutMs?: number; maxTotalTimeoutMs?: number } = {}) {
  const clock = new ManualClock();
  const sent: Array<Record<string, unknown>> = [];
  const events: SessionEvent[] = [];
  const session = new ClientSession({ send: (raw) => sent.push(JSON.parse(raw)), clock, ...options });
  session.on((e) => events.push(e));
  const reply = (obj: unknown) => session.receive(JSON.stringify(obj));
  return { clock, sent, events, session, reply };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

const initResult = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: { listChanged: true } },
  serverInfo: { name: 'srv', version: '1.2.3', title: 'Server' },
  instructions: 'Be nice',
};

async function ready() {
  const t = setup();
  const p = t.session.initialize('2025-11-25');
  t.reply({ jsonrpc: '2.0', id: 1, result: initResult });
  await p;
  t.sent.length = 0;
  return t;
}

describe('ClientSession', () => {
  it('performs the initialize handshake and records what it established', async () => {
    const { session, sent, reply } = setup();
    const p = session.initialize('2025-06-18');
    expect(session.state).toBe('initializing');
    expect(sent[0]).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mcpscope' } },
    });
    reply({ jsonrpc: '2.0', id: 1, result: { ...initResult, protocolVersion: '2025-06-18' } });
    const r = await p;
    expect(r.ok).toBe(true);
    expect(session.state).toBe('ready');
    expect(session.info).toEqual({
      offeredVersion: '2025-06-18',
      protocolVersion: '2025-06-18',
      versionSupported: true,
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'srv', version: '1.2.3', title: 'Server' },
      instructions: 'Be nice',
      era: 'legacy',
    });
    expect(session.era).toBe('legacy');
    expect(session.protocolVersion).toBe('2025-06-18');
    expect(sent[1]).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
  });

  it("keeps the server's icons as it sent them (2025-11-25)", async () => {
    const { session, reply } = setup();
    const p = session.initialize();
    const icons = [{ src: 'data:image/png;base64,AAAA', sizes: ['16x16'] }, 'junk'];
    reply({ jsonrpc: '2.0', id: 1, result: { ...initResult, serverInfo: { ...initResult.serverInfo, icons } } });
    const r = await p;
    expect(r.ok && r.info.serverInfo.icons).toEqual(icons);
  });

  it('flags a negotiated version it does not know', async () => {
    const { session, reply } = setup();
    const p = session.initialize();
    reply({ jsonrpc: '2.0', id: 1, result: { ...initResult, protocolVersion: '1999-01-01' } });
    const r = await p;
    expect(r.ok && r.info.versionSupported).toBe(false);
  });

  it('allocates unique increasing ids', async () => {
    const { session, sent } = await ready();
    void session.request('tools/list');
    void session.request('ping');
    void session.request('ping');
    expect(sent.map((m) => m.id)).toEqual([2, 3, 4]);
  });

  it('allows only ping before the initialize result arrives, and says why', async () => {
    const { session, sent } = setup();
    void session.initialize();
    const refused = await session.request('tools/list');
    expect(refused).toMatchObject({ status: 'refused', message: expect.stringMatching(/only send ping/) });
    expect(session.canSend('tools/list')).toMatchObject({ ok: false });
    expect(session.canSend('ping')).toEqual({ ok: true });
    void session.request('ping');
    expect(sent.map((m) => m.method)).toEqual(['initialize', 'ping']);
  });

  it('on timeout sends notifications/cancelled and stops waiting; a late response is kept as late', async () => {
    const { session, sent, events, clock, reply } = await ready();
    const p = session.request('tools/call', { name: 'slow' }, { timeoutMs: 1000 });
    clock.advance(999);
    await flush();
    expect(sent).toHaveLength(1);
    clock.advance(1);
    const outcome = await p;
    expect(outcome).toMatchObject({ status: 'timeout', elapsedMs: 1000 });
    expect(sent[1]).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId: 2, reason: expect.stringMatching(/Timed out after 1000 ms/) },
    });
    clock.advance(250);
    reply({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    expect(events).toContainEqual(expect.objectContaining({ type: 'late-response', id: 2, method: 'tools/call', lateByMs: 250 }));
    expect(events.some((e) => e.type === 'orphan-response')).toBe(false);
  });

  it('uses a 30 s default timeout, settable per session', async () => {
    const { session, clock } = await ready();
    const p = session.request('ping');
    clock.advance(29_999);
    let settled = false;
    void p.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    clock.advance(1);
    expect((await p).status).toBe('timeout');
    const custom = setup({ requestTimeoutMs: 50 });
    const q = custom.session.request('ping');
    custom.clock.advance(50);
    expect((await q).status).toBe('timeout');
  });

  it('never cancels initialize on timeout', async () => {
    const { session, sent, clock } = setup();
    const p = session.initialize('2025-11-25', {}, { timeoutMs: 100 });
    clock.advance(100);
    const r = await p;
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(/No response to initialize/);
    expect(sent.map((m) => m.method)).toEqual(['initialize']);
    expect(session.state).toBe('new');
  });

  it('progress notifications extend the timeout, up to the maximum', async () => {
    const { session, clock, reply, sent } = setup({ maxTotalTimeoutMs: 2500 });
    session.markReadyWithoutInitialize();
    const updates: number[] = [];
    const p = session.request('tools/call', { name: 'slow' }, { timeoutMs: 1000, onProgress: (u) => updates.push(u.progress) });
    const token = (sent[0]!.params as { _meta: { progressToken: string } })._meta.progressToken;
    expect(token).toBeTruthy();
    for (let i = 1; i <= 2; i++) {
      clock.advance(900);
      reply({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: i, total: 5 } });
    }
    // 1800 ms elapsed, still pending thanks to progress.
    clock.advance(600);
    reply({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 3 } });
    expect(updates).toEqual([1, 2, 3]);
    // The maximum total (2500 ms) caps the next deadline at +100 ms, not +1000 ms.
    clock.advance(100);
    expect(await p).toMatchObject({ status: 'timeout', elapsedMs: 2500 });
  });

  it('answers a server ping with {} and unknown server requests with -32601', async () => {
    const { sent, reply, events } = await ready();
    reply({ jsonrpc: '2.0', id: 'srv-1', method: 'ping' });
    reply({ jsonrpc: '2.0', id: 9, method: 'sampling/createMessage', params: {} });
    expect(sent[0]).toEqual({ jsonrpc: '2.0', id: 'srv-1', result: {} });
    expect(sent[1]).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32601 } });
    expect(events.filter((e) => e.type === 'server-request').map((e) => e.type === 'server-request' && e.answer)).toEqual(['result', 'error']);
  });

  it('answers a server ping even before initialize completes', () => {
    const { sent, reply, session } = setup();
    void session.initialize();
    reply({ jsonrpc: '2.0', id: 1000, method: 'ping' });
    expect(sent[1]).toEqual({ jsonrpc: '2.0', id: 1000, result: {} });
  });

  it('fails every pending request at once when the connection closes', async () => {
    const { session, clock } = await ready();
    const a = session.request('ping');
    const b = session.request('tools/list');
    session.close('The server exited with code 1. Last stderr: boom');
    const outcomes = await Promise.all([a, b]);
    expect(clock.now()).toBe(0);
    for (const o of outcomes) expect(o).toMatchObject({ status: 'closed', message: expect.stringMatching(/code 1/) });
    expect(await session.request('ping')).toMatchObject({ status: 'refused' });
  });

  it('fails initialize at once when the server exits during it', async () => {
    const { session } = setup();
    const p = session.initialize();
    session.close('The server exited with code 2.');
    const r = await p;
    expect(r).toMatchObject({ ok: false, message: 'The server exited with code 2.' });
  });

  it("flags a response whose id has the request's digits as a string, and keeps waiting (ids keep their JSON type)", async () => {
    const { session, reply, events, clock } = await ready();
    const p = session.request('ping', undefined, { timeoutMs: 100 });
    reply({ jsonrpc: '2.0', id: '2', result: {} });
    expect(events).toContainEqual({ type: 'id-type-mismatch', requestId: 2, responseId: '2', method: 'ping' });
    expect(session.pendingCount).toBe(1);
    clock.advance(100);
    expect(await p).toMatchObject({ status: 'timeout', message: expect.stringMatching(/response id "2" \(string\) is not the request id 2 \(number\)/) });
  });

  it('declares the capability of each handler given at construction, before initialize', () => {
    const sent: string[] = [];
    const session = new ClientSession({ send: (raw) => sent.push(raw), handlers: { 'elicitation/create': () => ({ result: { action: 'decline' } }) } });
    void session.initialize('2025-11-25');
    expect(JSON.parse(sent[0]!)).toMatchObject({ method: 'initialize', params: { capabilities: { elicitation: { form: {} } } } });
  });

  it('declares sampling with sampling.tools from 2025-11-25 on, and plain sampling before; declaredCapabilities says what was sent', () => {
    const declaredFor = (version: '2025-11-25' | '2025-06-18') => {
      const sent: string[] = [];
      const session = new ClientSession({ send: (raw) => sent.push(raw), handlers: { 'sampling/createMessage': () => ({ result: {} }) } });
      void session.initialize(version);
      expect(JSON.parse(sent[0]!).params.capabilities).toEqual(session.declaredCapabilities);
      return session.declaredCapabilities;
    };
    expect(declaredFor('2025-11-25')).toEqual({ sampling: { tools: {} }, ...APPS });
    expect(declaredFor('2025-06-18')).toEqual({ sampling: {}, ...APPS });
  });

  it('takes the classification the transport already made (one parse per frame)', async () => {
    const { session } = await ready();
    const p = session.request('ping');
    session.receive('(stands for the frame)', classifyFrame('{"jsonrpc":"2.0","id":2,"result":{}}'));
    expect(await p).toMatchObject({ status: 'result', result: {} });
  });

  it('reports a second answer to the same request as a duplicate, not an orphan', async () => {
    const { session, reply, events } = await ready();
    const p = session.request('ping');
    reply({ jsonrpc: '2.0', id: 2, result: {} });
    reply({ jsonrpc: '2.0', id: 2, result: {} });
    expect(await p).toMatchObject({ status: 'result' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'duplicate-response', id: 2, method: 'ping' }));
    expect(events.some((e) => e.type === 'orphan-response')).toBe(false);
  });

  it('reports orphan responses and invalid frames', async () => {
    const { reply, events, session } = await ready();
    reply({ jsonrpc: '2.0', id: 77, result: {} });
    session.receive('{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}');
    expect(events).toContainEqual(expect.objectContaining({ type: 'orphan-response', id: 77 }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'invalid-frame', reason: expect.stringMatching(/both/) }));
  });

  it('handles responses inside a batch', async () => {
    const { session, reply } = await ready();
    const a = session.request('ping');
    const b = session.request('ping');
    reply([
      { jsonrpc: '2.0', id: 3, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'no ping' } },
    ]);
    expect((await a).status).toBe('error');
    expect((await b).status).toBe('result');
  });

  it('returns closed, not a throw, when the transport refuses to send', async () => {
    const session = new ClientSession({
      send: () => {
        throw new Error('socket gone');
      },
    });
    expect(await session.request('ping')).toMatchObject({ status: 'closed' });
  });

  it('measures the round-trip time on the session clock', async () => {
    const { session, clock, reply } = await ready();
    const p = session.request('ping');
    clock.advance(12);
    reply({ jsonrpc: '2.0', id: 2, result: {} });
    expect(await p).toMatchObject({ status: 'result', rttMs: 12 });
  });
});

describe('ClientSession: the id table (same answers as the ledger)', () => {
  /** What the session makes of each answer, in the ledger's words. */
  const verdictOf = (e: SessionEvent | undefined, settled: boolean): PairingVerdict | undefined => {
    if (e?.type === 'duplicate-response') return 'duplicate';
    if (e?.type === 'late-response') return 'late';
    if (e?.type === 'id-type-mismatch') return 'type-mismatch';
    if (e?.type === 'orphan-response') return e.id === null || e.id === undefined ? 'unidentified' : 'orphan';
    return settled ? 'paired' : undefined;
  };

  it.each(PAIRING_CASES)('$name', async (c) => {
    const { session, events } = await ready();
    let settled = false;
    const send = () => {
      const [request] = session.sendText(c.request).requests;
      void request?.outcome.then((o) => (settled = o.status === 'result'));
    };
    if (!c.answersFirst) send();
    const verdicts: Array<PairingVerdict | undefined> = [];
    for (const raw of c.answers) {
      const before = events.length;
      const wasSettled = settled;
      session.receive(raw);
      await flush();
      verdicts.push(verdictOf(events[before], settled && !wasSettled));
    }
    expect(verdicts).toEqual(c.expect);
    if (c.answersFirst) {
      send();
      await flush();
      expect(settled).toBe(c.answeredEarly === true);
    }
  });
});
