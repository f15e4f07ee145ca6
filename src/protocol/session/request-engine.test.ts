import { describe, expect, it } from 'vitest';
import { RequestEngine } from './request-engine.js';
import { handlerAbortOf } from './incoming-requests.js';
import { ManualClock } from '../time/clock.js';
import type { ServerRequestAnswer, ServerRequestInfo, SessionEvent } from './types.js';

/** The engine alone: every server request waits until the test answers it. */
class WaitingEngine extends RequestEngine {
  readonly asked: Array<{ method: string; info: ServerRequestInfo; answer: (a: ServerRequestAnswer) => void }> = [];
  protected answerRequest(method: string, _params: unknown, info: ServerRequestInfo): Promise<ServerRequestAnswer> {
    return new Promise((answer) => this.asked.push({ method, info, answer }));
  }
  input(key: string, method: string): Promise<ServerRequestAnswer> {
    return this.answerInput(key, method, {});
  }
}

function setup() {
  const sent: string[] = [];
  const events: SessionEvent[] = [];
  const engine = new WaitingEngine({ clock: new ManualClock(), send: (raw) => sent.push(raw) });
  engine.on((e) => events.push(e));
  const ask = (id: string | number, method = 'elicitation/create') => engine.receive(JSON.stringify({ jsonrpc: '2.0', id, method, params: {} }));
  const cancel = (requestId: unknown, reason?: string) =>
    engine.receive(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: reason === undefined ? { requestId } : { requestId, reason } }));
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { engine, sent, events, ask, cancel, flush };
}

describe('RequestEngine: the signal of each incoming request', () => {
  it('aborts when the server cancels that request, and its answer is then not sent', async () => {
    const { engine, sent, events, ask, cancel, flush } = setup();
    ask(3);
    ask(4, 'sampling/createMessage');
    const [three, four] = engine.asked;
    expect(three!.info.signal.aborted).toBe(false);
    cancel(3, 'the user closed the chat');
    expect(three!.info.signal.aborted).toBe(true);
    expect(handlerAbortOf(three!.info.signal)).toEqual({
      kind: 'cancelled',
      message: 'The server cancelled this request (notifications/cancelled) before it was answered. Its reason: "the user closed the chat".',
    });
    expect(four!.info.signal.aborted).toBe(false);
    expect(events).toContainEqual({ type: 'server-cancelled', id: 3, method: 'elicitation/create', message: expect.stringContaining('server cancelled') });
    three!.answer({ result: { action: 'cancel' } });
    four!.answer({ result: { role: 'assistant' } });
    await flush();
    // Only the request still wanted is answered.
    expect(sent.map((raw) => JSON.parse(raw).id)).toEqual([4]);
    expect(events.filter((e) => e.type === 'server-request').map((e) => e.type === 'server-request' && e.id)).toEqual([4]);
  });

  it('matches the cancelled id by JSON type: "3" does not cancel 3, nor an answered request', async () => {
    const { engine, sent, events, ask, cancel, flush } = setup();
    ask(3);
    ask('a');
    cancel('3');
    cancel(99);
    cancel(undefined);
    expect(engine.asked.map((a) => a.info.signal.aborted)).toEqual([false, false]);
    engine.asked[1]!.answer({ result: {} });
    await flush();
    cancel('a');
    expect(engine.asked[1]!.info.signal.aborted).toBe(false);
    expect(events.some((e) => e.type === 'server-cancelled')).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('aborts every running handler when the connection closes, input requests too, and sends nothing after', async () => {
    const { engine, sent, ask, flush } = setup();
    ask(1);
    const input = engine.input('ask-name', 'elicitation/create');
    engine.close('The server exited.');
    const [request, inputRequest] = engine.asked;
    expect(handlerAbortOf(request!.info.signal)).toEqual({ kind: 'closed', message: 'The connection closed before this request was answered.' });
    expect(inputRequest!.info).toMatchObject({ id: 'ask-name' });
    expect(handlerAbortOf(inputRequest!.info.signal)?.kind).toBe('closed');
    request!.answer({ result: {} });
    inputRequest!.answer({ result: { action: 'cancel' } });
    expect(await input).toEqual({ result: { action: 'cancel' } });
    await flush();
    expect(sent).toEqual([]);
    // Asked after the close: aborted from the start.
    void engine.input('late', 'roots/list');
    expect(engine.asked[2]!.info.signal.aborted).toBe(true);
  });

  it('a server cancel does not reach an input request, which has no id on the wire', () => {
    const { engine, cancel } = setup();
    void engine.input('ask-name', 'elicitation/create');
    cancel('ask-name');
    expect(engine.asked[0]!.info.signal.aborted).toBe(false);
  });
});
