import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../http/exchange.js';
import type { Frame } from '../jsonrpc/codec.js';
import type { UpstreamEventOf } from '../envelope/upstream-event.js';
import { ConnectionCore, type ConnectionHooks, type InitializeStep } from './core.js';
import { httpExchange } from '../../../test/fixtures/http-exchange.js';

/** A transport that keeps what the session sent, and an upstream the test speaks for. */
function fakeConnection(hooks: ConnectionHooks<string> = {}) {
  const sent: string[] = [];
  let closed = 0;
  const core = new ConnectionCore<string>({
    requestTimeoutMs: 5_000,
    transport: {
      send: (raw) => {
        sent.push(raw);
      },
      close: () => {
        closed++;
      },
    },
    hooks,
  });
  const lastId = (): unknown => (JSON.parse(sent.at(-1)!) as { id: unknown }).id;
  const answer = (body: Record<string, unknown>): void => core.receive({ type: 'message', text: JSON.stringify({ jsonrpc: '2.0', id: lastId(), ...body }) });
  return { core, sent, answer, closes: () => closed };
}

const initializeResult = {
  result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'fake', version: '1' } },
};

const close = (reason: string, stderrTail: string[] = []): UpstreamEventOf<string> => ({ type: 'close', code: 1, signal: null, reason, stderrTail });

describe('ConnectionCore', () => {
  it('classifies each frame once and hands the same frame to its side and to the session', async () => {
    const outgoing: Frame[] = [];
    const incoming: Frame[] = [];
    const { core, sent, answer } = fakeConnection({
      sent: (_raw, frame) => outgoing.push(frame),
      received: (_e, frame) => incoming.push(frame),
    });
    const step = core.initialize('2025-06-18');
    expect(JSON.parse(sent[0]!)).toMatchObject({ method: 'initialize' });
    answer(initializeResult);
    const ready: InitializeStep = await step;
    expect(ready).toMatchObject({ kind: 'ready', info: { serverInfo: { name: 'fake' } } });
    expect(outgoing.map((f) => f.kind)).toEqual(['request', 'notification']);
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({ kind: 'response' });
    expect(core.session.state).toBe('ready');
  });

  it('tells a server that does not implement initialize (-32601) apart, and can carry on without it', async () => {
    const { core, answer } = fakeConnection();
    const step = core.initialize('2025-06-18');
    answer({ error: { code: -32601, message: 'Method not found' } });
    expect(await step).toMatchObject({ kind: 'unsupported' });
    expect(core.session.canSend('tools/list').ok).toBe(false);
    core.continueWithoutInitialize();
    expect(core.session.canSend('tools/list').ok).toBe(true);
  });

  it('reports another initialize error as failed, with its outcome', async () => {
    const { core, answer } = fakeConnection();
    const step = core.initialize('2025-06-18');
    answer({ error: { code: -32603, message: 'boom' } });
    expect(await step).toMatchObject({ kind: 'failed', outcome: { status: 'error', error: { code: -32603 } } });
  });

  it('fails the requests a transport could not deliver, unless the side takes the failure over', async () => {
    let takeOver = false;
    const { core, sent } = fakeConnection({ requestFailed: () => takeOver });
    core.continueWithoutInitialize();
    const first = core.session.request('tools/list');
    const id = (JSON.parse(sent.at(-1)!) as { id: number }).id;
    core.receive({ type: 'request-failed', idTexts: [String(id)], problem: 'network', message: 'The POST failed: connection refused.' });
    expect(await first).toMatchObject({ status: 'closed', message: 'The POST failed: connection refused.' });

    takeOver = true;
    void core.session.request('tools/list');
    const second = (JSON.parse(sent.at(-1)!) as { id: number }).id;
    core.receive({ type: 'request-failed', idTexts: [String(second)], problem: 'network', message: 'x' });
    expect(core.session.pendingCount).toBe(1);
  });

  it('fails an integer id beyond 2^53 by its digits, not the neighbour JSON.parse rounds it to', async () => {
    const { core } = fakeConnection();
    core.continueWithoutInitialize();
    const typed = core.session.sendText(
      '[{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/call"},{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}]',
    );
    const [big, neighbour] = typed.requests;
    core.receive({ type: 'request-failed', idTexts: ['9007199254740993'], problem: 'network', message: 'The POST failed.' });
    expect(await big!.outcome).toMatchObject({ status: 'closed', request: { method: 'tools/call' }, message: 'The POST failed.' });
    expect(core.session.pendingCount).toBe(1);
    core.receive({ type: 'message', text: '{"jsonrpc":"2.0","id":9007199254740992,"result":{}}' });
    expect(await neighbour!.outcome).toMatchObject({ status: 'result', request: { method: 'ping' } });
  });

  it('closes the session with the reason and the last stderr lines, then refuses to send', async () => {
    const seen: string[] = [];
    const { core, sent } = fakeConnection({ stderr: (e) => seen.push(e.line), closed: (c) => seen.push(`closed: ${c.reason}`) });
    core.continueWithoutInitialize();
    const pending = core.session.request('tools/list');
    core.receive({ type: 'stderr', line: 'panic: out of cheese' });
    core.receive(close('The server process exited with code 1.'));
    const outcome = await pending;
    expect(outcome).toMatchObject({ status: 'closed' });
    expect(outcome.status === 'closed' && outcome.message).toBe('The server process exited with code 1.\nLast stderr lines:\n  panic: out of cheese');
    expect(seen).toEqual(['panic: out of cheese', 'closed: The server process exited with code 1.']);
    expect(core.closedBecause).toBe('The server process exited with code 1.');
    expect(core.stderrTail()).toEqual(['panic: out of cheese']);
    expect(core.stderrTail(undefined, { code: 1, signal: null, reason: '', stderrTail: ['from the proxy'] })).toEqual(['from the proxy']);
    const count = sent.length;
    expect(await core.session.request('tools/list')).toMatchObject({ status: 'refused' });
    expect(sent).toHaveLength(count);
  });

  it('judges each HTTP exchange once it has ended, with the transport in use', () => {
    const facts: unknown[] = [];
    const { core } = fakeConnection({ exchange: (_x, f) => facts.push(f) });
    const exchange = (state: HttpExchange['state']) => httpExchange({ state });
    core.receive({ type: 'http-mode', mode: 'streamable-http', reason: 'asked for' });
    core.receive({ type: 'http', exchange: exchange('streaming') });
    core.receive({ type: 'http', exchange: exchange('done') });
    core.receive({ type: 'http', exchange: exchange('done') });
    expect(facts).toHaveLength(3);
    expect(facts[0]).toBeUndefined();
    expect(facts[1]).toMatchObject({ method: 'POST', mode: 'streamable-http' });
    expect(facts[2]).toBeUndefined();
  });
});
