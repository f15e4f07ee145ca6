import { describe, expect, it } from 'vitest';
import { ClientSession } from './client-session.js';
import { ManualClock } from '../time/clock.js';
import type { LegacyProtocolVersion as ProtocolVersion } from '../versions.js';

/** What every session declares by default besides its handlers' capabilities: MCP Apps. */
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

function setup() {
  const clock = new ManualClock();
  const sent: string[] = [];
  const session = new ClientSession({ clock, send: (raw) => sent.push(raw) });
  session.markReadyWithoutInitialize();
  return { clock, sent, session };
}

describe('ClientSession.sendText (the raw composer)', () => {
  it('cancels an integer id beyond 2^53 by its spelling, and names it so in notifications/cancelled', async () => {
    const { session, sent } = setup();
    const typed = session.sendText('[{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"},{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/call"}]');
    const [neighbour, big] = typed.requests;
    expect(big!.requestId.text).toBe('9007199254740993');
    expect(session.cancel(big!.requestId, 'no longer needed')).toBe(true);
    expect(sent.at(-1)).toBe('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9007199254740993,"reason":"no longer needed"}}');
    expect(await big!.outcome).toMatchObject({ status: 'cancelled', message: expect.stringContaining('tools/call (id 9007199254740993)') });
    expect(session.pendingCount).toBe(1);
    // Failing by the rounded value reaches the neighbour, whose id that value is.
    expect(session.failRequest(9007199254740992, 'gone')).toBe(true);
    expect(await neighbour!.outcome).toMatchObject({ status: 'closed', request: { method: 'ping' } });
  });

  it('sends exactly the text and pairs the reply to a typed request', async () => {
    const { session, sent } = setup();
    const text = '{"jsonrpc":"2.0","id":"mine","method":"ping","params":{}}';
    const r = session.sendText(text);
    expect(sent).toEqual([text]);
    expect(r.requests.map((q) => q.id)).toEqual(['mine']);
    session.receive('{"jsonrpc":"2.0","id":"mine","error":{"code":-32602,"message":"ping takes no params"}}');
    expect(await r.requests[0]!.outcome).toMatchObject({ status: 'error', error: { code: -32602 } });
  });

  it('says that a notification gets no answer', () => {
    const { session } = setup();
    const r = session.sendText('{"jsonrpc":"2.0","method":"ping"}');
    expect(r.requests).toEqual([]);
    expect(r.message).toMatch(/no answer is due/);
  });

  it('tracks every request of a batch', async () => {
    const { session } = setup();
    const r = session.sendText('[{"jsonrpc":"2.0","id":101,"method":"ping"},{"jsonrpc":"2.0","id":102,"method":"tools/list"}]');
    expect(r.requests.map((q) => q.method)).toEqual(['ping', 'tools/list']);
    session.receive('[{"jsonrpc":"2.0","id":102,"result":{"tools":[]}},{"jsonrpc":"2.0","id":101,"result":{}}]');
    expect((await r.requests[0]!.outcome).status).toBe('result');
    expect((await r.requests[1]!.outcome).status).toBe('result');
  });

  it('sends malformed text as typed and says so', () => {
    const { session, sent } = setup();
    const r = session.sendText('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(sent).toEqual(['{"jsonrpc": "2.0", "id": 1, "method": ']);
    expect(r.message).toMatch(/not a valid JSON-RPC message/);
  });

  it('keeps its own ids clear of typed ones and times typed requests out', async () => {
    const { session, sent, clock } = setup();
    const r = session.sendText('{"jsonrpc":"2.0","id":50,"method":"ping"}', { timeoutMs: 100 });
    void session.request('ping');
    expect(JSON.parse(sent[1]!).id).toBe(51);
    clock.advance(100);
    expect((await r.requests[0]!.outcome).status).toBe('timeout');
  });
});

describe('answers that take their time', () => {
  it('an async handler answers when it is ready; a throwing one answers -32603', async () => {
    const { session, sent } = setup();
    let accept!: (v: { result: unknown }) => void;
    session.setRequestHandler('elicitation/create', () => new Promise((r) => (accept = r)));
    session.setRequestHandler('roots/list', () => {
      throw new Error('no roots here');
    });
    session.receive('{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"message":"Name?"}}');
    session.receive('{"jsonrpc":"2.0","id":"r1","method":"roots/list"}');
    expect(sent.map((r) => JSON.parse(r).id)).toEqual(['r1']);
    expect(JSON.parse(sent[0]!).error.code).toBe(-32603);
    accept({ result: { action: 'accept', content: { name: 'Ann' } } });
    await Promise.resolve();
    expect(JSON.parse(sent[1]!)).toEqual({ jsonrpc: '2.0', id: 'e1', result: { action: 'accept', content: { name: 'Ann' } } });
  });
});

describe('capabilities follow the handlers', () => {
  it('a session that answers elicitation/create declares the elicitation capability', () => {
    const sent: string[] = [];
    const session = new ClientSession({ send: (raw) => sent.push(raw) });
    session.setRequestHandler('elicitation/create', () => ({ result: { action: 'decline' } }));
    void session.initialize('2025-11-25');
    expect(JSON.parse(sent[0]!).params.capabilities).toEqual({ elicitation: { form: {}, url: {} }, ...APPS });
  });

  it('declares only capabilities that exist in the offered version: no elicitation before 2025-06-18', () => {
    const declaredFor = (version: ProtocolVersion) => {
      const sent: string[] = [];
      const session = new ClientSession({ send: (raw) => sent.push(raw) });
      session.setRequestHandler('elicitation/create', () => ({ result: { action: 'decline' } }));
      session.setRequestHandler('roots/list', () => ({ result: { roots: [] } }));
      void session.initialize(version);
      return JSON.parse(sent[0]!).params.capabilities as Record<string, unknown>;
    };
    expect(declaredFor('2024-11-05')).toEqual({ roots: { listChanged: true }, ...APPS });
    expect(declaredFor('2025-03-26')).toEqual({ roots: { listChanged: true }, ...APPS });
    expect(declaredFor('2025-06-18')).toEqual({ elicitation: {}, roots: { listChanged: true }, ...APPS });
    expect(declaredFor('2025-11-25')).toEqual({ elicitation: { form: {}, url: {} }, roots: { listChanged: true }, ...APPS });
  });
});
