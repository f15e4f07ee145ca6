import { describe, expect, it } from 'vitest';
import { ClientSession, type JsonRpcId } from '../../../protocol/index.js';
import { createSamplingStore, type ModelAnswer, type SamplingRequestContext } from './sampling-store.js';

const info = (id: JsonRpcId, signal = new AbortController().signal) => ({ id, signal });

const ask = { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 10 };
const context = (over: Partial<SamplingRequestContext> = {}): SamplingRequestContext => ({
  connection: 1,
  version: '2025-11-25',
  clientCapabilities: { sampling: { tools: {} } },
  ...over,
});

function setup(over: Partial<SamplingRequestContext> = {}) {
  let ctx = context(over);
  const sampling = createSamplingStore({ context: () => ctx, now: () => 1000 });
  return { sampling, setContext: (c: Partial<SamplingRequestContext>) => (ctx = context(c)) };
}

describe('the sampling store', () => {
  it('queues requests without blocking, each with the tool call in flight, and answers each as the person says', async () => {
    const { sampling, setContext } = setup({ toolCall: { name: 'trigger', requestId: 5 } });
    const first = sampling.request(ask, info(0));
    setContext({ toolCall: { name: 'other' } });
    const second = sampling.request(ask, info(1));
    const queue = sampling.store.getState().queue;
    expect(queue.map((q) => [q.id, q.toolCall?.name, q.toolsDeclared])).toEqual([
      [0, 'trigger', true],
      [1, 'other', true],
    ]);
    expect(sampling.store.getState().open).toBe(true);
    sampling.answer(queue[1]!.n, { error: { code: -1, message: 'User rejected sampling request' } }, 'rejected', 'Rejected.');
    expect(await second).toEqual({ error: { code: -1, message: 'User rejected sampling request' } });
    // One still waits: the dock stays open.
    expect(sampling.store.getState().open).toBe(true);
    sampling.answer(queue[0]!.n, { result: { role: 'assistant' } }, 'replied', 'Replied.');
    expect(await first).toEqual({ result: { role: 'assistant' } });
    expect(sampling.store.getState().queue).toEqual([]);
    expect(sampling.store.getState().open).toBe(false);
    expect(sampling.store.getState().answered.map((a) => [a.id, a.outcome, a.toolCall?.name])).toEqual([
      [0, 'replied', 'trigger'],
      [1, 'rejected', 'other'],
    ]);
  });

  it('keeps the dock open when the person opened it', async () => {
    const { sampling } = setup();
    sampling.setOpen(true);
    void sampling.request(ask, info(0));
    sampling.answer(sampling.store.getState().queue[0]!.n, { result: {} }, 'replied', 'Replied.');
    expect(sampling.store.getState().open).toBe(true);
  });

  it('answers -32602 at once when tools come to a client that did not declare sampling.tools', async () => {
    const { sampling } = setup({ clientCapabilities: { sampling: {} } });
    const answer = await sampling.request({ ...ask, tools: [{ name: 'w', inputSchema: { type: 'object' } }] }, info('x'));
    expect(answer).toEqual({
      error: {
        code: -32602,
        message:
          'Invalid sampling request: tools came in a sampling request, but this client did not declare sampling.tools; the client must answer with an error.',
      },
    });
    expect(sampling.store.getState().queue).toEqual([]);
    expect(sampling.store.getState().answered[0]).toMatchObject({ id: 'x', outcome: 'invalid-params' });
  });

  it('with the canned reply on, answers at once (malformed requests with -32602) and says so', async () => {
    const { sampling } = setup();
    sampling.setCanned({ on: true, text: 'Canned', model: 'm1' });
    expect(await sampling.request(ask, info(1))).toEqual({
      result: { role: 'assistant', content: { type: 'text', text: 'Canned' }, model: 'm1', stopReason: 'endTurn' },
    });
    const malformed = await sampling.request({ maxTokens: 3 }, info(2));
    expect(malformed).toMatchObject({ error: { code: -32602, message: 'Invalid sampling request: messages is missing; there is nothing to sample from.' } });
    expect(sampling.store.getState().answered.map((a) => a.outcome)).toEqual(['invalid-params', 'canned']);
    expect(sampling.store.getState().queue).toEqual([]);
  });

  it('drops a request when the session aborts its signal (the server cancelled it, the connection closed), and nothing is sent', async () => {
    const { sampling } = setup();
    const sent: string[] = [];
    const session = new ClientSession({ send: (raw) => sent.push(raw), handlers: { 'sampling/createMessage': (p, i) => sampling.request(p, i) } });
    session.markReadyWithoutInitialize();
    const ask7 = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'sampling/createMessage', params: ask });
    session.receive(ask7);
    session.receive(ask7.replace('"id":7', '"id":8'));
    session.receive('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"7"}}'); // "7" is not 7
    expect(sampling.store.getState().queue).toHaveLength(2);
    session.receive('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user left"}}');
    expect(sampling.store.getState().queue.map((q) => q.id)).toEqual([8]);
    session.close('The server exited.');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([]);
    expect(sampling.store.getState().queue).toEqual([]);
    expect(sampling.store.getState().answered.map((a) => [a.id, a.outcome, a.summary])).toEqual([
      [8, 'connection-closed', 'The connection closed before this request was answered.'],
      [7, 'cancelled-by-server', 'The server cancelled this request (notifications/cancelled) before it was answered. Its reason: "user left".'],
    ]);
  });

  it('drops a request run as a client-side task when its connection closes (its own request was answered at once)', () => {
    const { sampling } = setup();
    void sampling.request(ask, info(9));
    sampling.connectionClosed(2); // another connection
    expect(sampling.store.getState().queue).toHaveLength(1);
    sampling.connectionClosed(1);
    expect(sampling.store.getState().answered.map((a) => [a.id, a.outcome])).toEqual([[9, 'connection-closed']]);
  });

  it('answers with the model at once while automatic answers are on, and leaves a failed one to the person with the reason', async () => {
    const asked: Array<[unknown, string]> = [];
    let answer: ModelAnswer = {
      ok: true,
      result: { role: 'assistant', content: [{ type: 'text', text: 'Hello' }], model: 'gpt-5' },
      summary: 'Answered by openai/gpt-5.',
    };
    const sampling = createSamplingStore({
      context: () => context(),
      now: () => 1000,
      answerWithModel: (pending, ref) => {
        asked.push([pending.params, ref]);
        return Promise.resolve(answer);
      },
    });
    // Off: the person answers.
    void sampling.request(ask, info(0));
    expect(asked).toEqual([]);
    sampling.setAutoModel({ on: true, ref: 'openai/gpt-5' });
    expect(await sampling.request(ask, info(1))).toEqual({ result: { role: 'assistant', content: [{ type: 'text', text: 'Hello' }], model: 'gpt-5' } });
    expect(asked).toEqual([[ask, 'openai/gpt-5']]);
    expect(sampling.store.getState().answered[0]).toMatchObject({ id: 1, outcome: 'model', summary: 'Answered by openai/gpt-5.' });
    answer = { ok: false, message: 'Incorrect API key provided.' };
    void sampling.request(ask, info(2));
    await new Promise((r) => setTimeout(r, 0));
    expect(sampling.store.getState().queue.map((q) => [q.id, q.modelFailure])).toEqual([
      [0, undefined],
      [2, 'Incorrect API key provided.'],
    ]);
  });
  it('drops an input request of a multi-round call given up between rounds, saying the call was cancelled, not the server', async () => {
    const { sampling } = setup();
    const sent: string[] = [];
    const session = new ClientSession({ send: (raw) => sent.push(raw), handlers: { 'sampling/createMessage': (p, i) => sampling.request(p, i) } });
    session.markReadyWithoutInitialize();
    const givenUp = new AbortController();
    const answer = session.answerInputRequest('sampling/createMessage', ask, 'word', givenUp.signal);
    expect(sampling.store.getState().queue).toHaveLength(1);
    givenUp.abort();
    await new Promise((r) => setTimeout(r, 0));
    expect(sampling.store.getState().queue).toEqual([]);
    expect(sampling.store.getState().answered.map((a) => [a.outcome, a.summary])).toEqual([
      ['given-up', 'The request this input was asked for was cancelled between rounds, so this answer is no longer awaited.'],
    ]);
    expect(sent).toEqual([]);
    // Nobody awaits it any more; it settles all the same, with the sentence.
    expect(await answer).toMatchObject({ error: { message: expect.stringContaining('cancelled between rounds') } });
  });
  it('stops a model the person asked when the server cancels the request: its card stays saying so, and nothing is sent', async () => {
    const { sampling } = setup();
    const sent: string[] = [];
    const session = new ClientSession({ send: (raw) => sent.push(raw), handlers: { 'sampling/createMessage': (p, i) => sampling.request(p, i) } });
    session.markReadyWithoutInitialize();
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'sampling/createMessage', params: ask }));
    const [item] = sampling.store.getState().queue;
    let stops = 0;
    sampling.modelAsked(item!.n, () => stops++);
    session.receive('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}');
    await new Promise((r) => setTimeout(r, 0));
    expect(stops).toBe(1);
    expect(sent).toEqual([]);
    expect(sampling.store.getState().queue).toEqual([]);
    expect(sampling.store.getState().stopped).toEqual([
      { n: item!.n, id: 7, outcome: 'cancelled-by-server', sentence: "The server cancelled this request; the model's answer was stopped." },
    ]);
    // The card stays where the person was looking: the dock the request opened does not close under it.
    expect(sampling.store.getState().open).toBe(true);
    expect(sampling.store.getState().answered[0]!.summary).toBe(
      "The server cancelled this request (notifications/cancelled) before it was answered. The model's answer was stopped.",
    );
    sampling.dismissStopped(item!.n);
    expect(sampling.store.getState().stopped).toEqual([]);
    expect(sampling.store.getState().open).toBe(false);
  });

  it('says the connection closed when it ends while a model answers, and leaves no card once the answer has come', () => {
    const { sampling } = setup();
    void sampling.request(ask, info(1));
    void sampling.request(ask, info(2));
    const [first, second] = sampling.store.getState().queue;
    let stopped = 0;
    const answered = sampling.modelAsked(first!.n, () => stopped++);
    answered();
    sampling.modelAsked(second!.n, () => stopped++);
    sampling.connectionClosed(1);
    expect(stopped).toBe(1);
    expect(sampling.store.getState().stopped).toEqual([
      {
        n: second!.n,
        id: 2,
        outcome: 'connection-closed',
        sentence: "The connection closed before this request was answered; the model's answer was stopped.",
      },
    ]);
  });

  it('stops an automatic answer when the server cancels the request meanwhile: nothing is sent, and the answered list says so', async () => {
    const signals: AbortSignal[] = [];
    const sampling = createSamplingStore({
      context: () => context(),
      now: () => 1000,
      answerWithModel: (_pending, _ref, signal) =>
        new Promise((_resolve, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    });
    sampling.setAutoModel({ on: true, ref: 'openai/gpt-5' });
    const sent: string[] = [];
    const session = new ClientSession({ send: (raw) => sent.push(raw), handlers: { 'sampling/createMessage': (p, i) => sampling.request(p, i) } });
    session.markReadyWithoutInitialize();
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 'auto-1', method: 'sampling/createMessage', params: ask }));
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    session.receive('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"auto-1","reason":"too slow"}}');
    await new Promise((r) => setTimeout(r, 0));
    expect(signals[0]!.aborted).toBe(true);
    expect(sent).toEqual([]);
    expect(sampling.store.getState().queue).toEqual([]);
    expect(sampling.store.getState().answered.map((a) => [a.id, a.outcome, a.summary])).toEqual([
      [
        'auto-1',
        'cancelled-by-server',
        'The server cancelled this request (notifications/cancelled) before it was answered. Its reason: "too slow". The model\'s answer was stopped.',
      ],
    ]);
  });
});
