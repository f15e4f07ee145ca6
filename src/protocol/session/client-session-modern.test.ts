import { describe, expect, it } from 'vitest';
import { ClientSession, outcomeMessage } from './client-session.js';
import { ManualClock } from '../time/clock.js';
import type { SessionEvent } from './types.js';

type Sent = { id?: number; method?: string; params?: Record<string, unknown> & { _meta?: Record<string, unknown> } };

function setup() {
  const clock = new ManualClock();
  const sent: Sent[] = [];
  const events: SessionEvent[] = [];
  const session = new ClientSession({
    send: (raw) => sent.push(JSON.parse(raw) as Sent),
    clock,
    clientInfo: { name: 'mcpscope-test', version: '9' },
    handlers: { 'elicitation/create': () => ({ result: { action: 'decline' } }), 'roots/list': () => ({ result: { roots: [] } }) },
  });
  session.on((e) => events.push(e));
  const reply = (obj: unknown) => session.receive(JSON.stringify({ jsonrpc: '2.0', id: sent.at(-1)!.id, ...(obj as object) }));
  return { clock, sent, events, session, reply };
}

const discovered = {
  result: {
    resultType: 'complete',
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: {} },
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern-srv', version: '1' } },
  },
};

describe('a modern (2026-07-28) session', () => {
  it('has no handshake: useModern makes it ready, and every request carries the modern _meta', async () => {
    const { session, sent } = setup();
    session.useModern('2026-07-28');
    expect(session.state).toBe('ready');
    expect(session.era).toBe('modern');
    expect(session.protocolVersion).toBe('2026-07-28');
    expect(session.info).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', serverInfo: { name: '(unnamed server)' } });
    void session.request('tools/call', { name: 'add', arguments: {}, _meta: { progressToken: 'p' } });
    expect(sent[0]!.params).toEqual({
      name: 'add',
      arguments: {},
      _meta: {
        progressToken: 'p',
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {
          roots: {},
          elicitation: { form: {}, url: {} },
          extensions: { 'io.modelcontextprotocol/tasks': {}, 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
        },
        'io.modelcontextprotocol/clientInfo': { name: 'mcpscope-test', version: '9' },
      },
    });
    void session.request('tools/list');
    expect(sent[1]!.params!._meta).toHaveProperty(['io.modelcontextprotocol/protocolVersion'], '2026-07-28');
  });

  it('adds logLevel once set, and drops it when cleared', () => {
    const { session, sent } = setup();
    session.useModern('2026-07-28');
    session.setLogLevel('debug');
    void session.request('tools/list');
    expect(sent[0]!.params!._meta!['io.modelcontextprotocol/logLevel']).toBe('debug');
    session.setLogLevel(undefined);
    void session.request('tools/list');
    expect(sent[1]!.params!._meta).not.toHaveProperty(['io.modelcontextprotocol/logLevel']);
  });

  it('puts no _meta on notifications, nor on frames typed by hand', () => {
    const { session, sent } = setup();
    session.useModern('2026-07-28');
    session.notify('notifications/cancelled', { requestId: 1 });
    session.sendText('{"jsonrpc":"2.0","id":50,"method":"tools/list"}');
    expect(sent[0]).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    expect(sent[1]).toEqual({ jsonrpc: '2.0', id: 50, method: 'tools/list' });
  });

  it('refuses initialize, saying why', async () => {
    const { session, sent } = setup();
    session.useModern('2026-07-28');
    const init = await session.initialize('2025-11-25');
    expect(init.ok).toBe(false);
    if (!init.ok) expect(init.message).toMatch(/2026-07-28, which has no initialize/);
    expect(sent).toHaveLength(0);
  });

  it("takes the server's name from a result's _meta, and says when it changes", async () => {
    const { session, reply, events } = setup();
    session.useModern('2026-07-28');
    const list = session.request('tools/list');
    reply({ result: { tools: [], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'srv', version: '2' } } } });
    await list;
    expect(session.info!.serverInfo).toEqual({ name: 'srv', version: '2' });
    expect(events).toContainEqual({ type: 'server-info', serverInfo: { name: 'srv', version: '2' } });
    const again = session.request('tools/list');
    reply({ result: { tools: [], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'srv', version: '2' } } } });
    await again;
    expect(events.filter((e) => e.type === 'server-info')).toHaveLength(1);
  });

  it('discover: sent before anything else, with the modern _meta; its answer becomes the info once modern', async () => {
    const { session, sent, reply } = setup();
    const d = session.discover();
    expect(sent[0]).toMatchObject({ method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } });
    reply(discovered);
    const answer = await d;
    expect(answer).toMatchObject({ ok: true, version: '2026-07-28', info: { supportedVersions: ['2026-07-28'], serverInfo: { name: 'modern-srv' } } });
    expect(session.era).toBeUndefined();
    session.useModern('2026-07-28');
    expect(session.info).toMatchObject({ era: 'modern', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, serverInfo: { name: 'modern-srv' } });
  });

  it('discover: a garbage result is shown as it came and said to be malformed', async () => {
    const { session, reply } = setup();
    const d = session.discover();
    reply({ result: 'hello' });
    const answer = await d;
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.message).toMatch(/result is a string, not an object/);
    expect(answer.outcome).toMatchObject({ status: 'result', result: 'hello' });
  });

  it('discover: -32022 brings the supported list', async () => {
    const { session, reply } = setup();
    const d = session.discover();
    reply({ error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2027-01-01'], requested: '2026-07-28' } } });
    expect(await d).toMatchObject({ ok: false, supported: ['2027-01-01'] });
  });

  it('the probe: labelled in events, and its timeout sends no notifications/cancelled to a maybe-legacy server', async () => {
    const { session, sent, events, clock } = setup();
    const d = session.discover({ probe: true, timeoutMs: 3000 });
    clock.advance(3000);
    const answer = await d;
    expect(answer.judged).toEqual({ kind: 'legacy', why: 'server/discover got no answer within 3000 ms' });
    expect(sent.map((f) => f.method)).toEqual(['server/discover']);
    expect(events.filter((e) => e.type === 'probe')).toEqual([
      { type: 'probe', id: 1, method: 'server/discover', phase: 'sent' },
      { type: 'probe', id: 1, method: 'server/discover', phase: 'answered', verdict: 'legacy: server/discover got no answer within 3000 ms' },
    ]);
  });

  it('answers an input request with the installed handler, and refuses a switched-off one', async () => {
    const { session } = setup();
    session.useModern('2026-07-28');
    expect(await session.answerInputRequest('roots/list', {})).toEqual({ result: { roots: [] } });
    expect(await session.answerInputRequest('sampling/createMessage', {})).toMatchObject({ error: { code: -32601 } });
  });

  it('explains a "not initialized" error to a modern request', async () => {
    const { session, reply } = setup();
    session.useModern('2026-07-28');
    const list = session.request('tools/list');
    reply({ error: { code: -32002, message: 'Server not initialized' } });
    const outcome = await list;
    expect(outcomeMessage(outcome)).toMatch(/Server not initialized\.? This request declared protocol 2026-07-28 .*legacy server does before initialize/);
  });
});
