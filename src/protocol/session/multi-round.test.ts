import { describe, expect, it, vi } from 'vitest';
import { ClientSession } from './client-session.js';
import { DEFAULT_CLIENT_FEATURES } from './client-capabilities.js';
import type { ServerRequestHandler, SessionEvent } from './types.js';
import { parseInputRequired } from './multi-round.js';

interface Sent {
  id: number | string;
  method: string;
  params: Record<string, unknown>;
}

/**
 * A ready session over a scripted server: `answer` gets each request the client sends (with the
 * round it is, from 1) and returns the result to send back (or undefined to stay silent).
 */
function conversation(answer: (request: Sent, n: number) => unknown, handlers: Record<string, ServerRequestHandler> = {}, features = DEFAULT_CLIENT_FEATURES) {
  const sent: Sent[] = [];
  const events: SessionEvent[] = [];
  const session: ClientSession = new ClientSession({
    send: (raw) => {
      const frame = JSON.parse(raw) as Sent & { jsonrpc: string };
      if (frame.id === undefined) return;
      // The modern _meta every request carries is the core's business; the rounds' own params are compared here.
      const { _meta, ...params } = frame.params;
      expect(_meta).toMatchObject({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' });
      sent.push({ id: frame.id, method: frame.method, params });
      const result = answer(sent.at(-1)!, sent.length);
      if (result !== undefined) queueMicrotask(() => session.receive(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result })));
    },
    handlers,
    features,
  });
  session.useModern('2026-07-28');
  session.on((e) => events.push(e));
  return { session, sent, events };
}

const ASK_NAME = {
  resultType: 'input_required',
  inputRequests: {
    github_login: {
      method: 'elicitation/create',
      params: { message: 'Your GitHub login?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
    },
  },
  requestState: 'opaque "state" \u00e9\ud83d\ude00 with\\escapes',
};
const DONE = { resultType: 'complete', content: [{ type: 'text', text: 'done' }] };

/** A session whose server answers the n-th request (from 1) with the result text `resultOf(n)`; `raws` is what the client sent. */
function rawSession(resultOf: (n: number) => string, handlers: Record<string, ServerRequestHandler> = {}) {
  const raws: string[] = [];
  const session: ClientSession = new ClientSession({
    send: (raw) => {
      raws.push(raw);
      const id = (JSON.parse(raw) as { id: number }).id;
      const result = resultOf(raws.length);
      queueMicrotask(() => session.receive(`{"jsonrpc":"2.0","id":${id},"result":${result}}`));
    },
    handlers,
  });
  return { session, raws };
}

const accept: ServerRequestHandler = () => ({ result: { action: 'accept', content: { name: 'octocat' } } });

describe('requestWithInput: multi-round requests', () => {
  it('answers the input requests, retries with a new id, inputResponses and the requestState unchanged, and ends with the result', async () => {
    const { session, sent, events } = conversation((_, n) => (n === 1 ? ASK_NAME : DONE), { 'elicitation/create': accept });
    const outcome = await session.requestWithInput('tools/call', { name: 'login', arguments: { a: 1 } });
    expect(outcome).toMatchObject({ status: 'result', result: DONE, rounds: 2 });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.id).not.toEqual(sent[0]!.id);
    expect(sent[1]!.params).toEqual({
      name: 'login',
      arguments: { a: 1 },
      inputResponses: { github_login: { action: 'accept', content: { name: 'octocat' } } },
      requestState: ASK_NAME.requestState,
    });
    const rounds = events.filter((e) => e.type === 'input-round');
    expect(rounds).toEqual([
      { type: 'input-round', conversation: 1, round: 1, method: 'tools/call', id: sent[0]!.id },
      { type: 'input-round', conversation: 1, round: 2, method: 'tools/call', id: sent[1]!.id },
    ]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('answers an input request keyed %s under that key', async (key) => {
    const ask = { ...ASK_NAME, inputRequests: JSON.parse(`{"${key}":${JSON.stringify(ASK_NAME.inputRequests.github_login)}}`) as unknown };
    const { session, sent } = conversation((_, n) => (n === 1 ? ask : DONE), { 'elicitation/create': accept });
    expect(await session.requestWithInput('tools/call', { name: 'login' })).toMatchObject({ status: 'result', rounds: 2 });
    const responses = sent[1]!.params.inputResponses as Record<string, unknown>;
    expect(Object.keys(responses)).toEqual([key]);
    expect(Object.getOwnPropertyDescriptor(responses, key)?.value).toEqual({ action: 'accept', content: { name: 'octocat' } });
  });

  it('echoes requestState exactly as the server spelled its value, escapes included', async () => {
    const { session, raws } = rawSession((n) => (n === 1 ? '{"resultType":"input_required","requestState":"a\\u0000b\\"c\\ud800"}' : '{}'));
    session.useModern('2026-07-28');
    await session.requestWithInput('prompts/get', { name: 'p' });
    expect((JSON.parse(raws[1]!) as { params: { requestState: string } }).params.requestState).toBe('a\u0000b"c\ud800');
  });

  it('leaves requestState out when the server gave none, and sends only inputResponses', async () => {
    const { requestState: _omitted, ...noState } = ASK_NAME;
    const { session, sent } = conversation((_, n) => (n === 1 ? noState : DONE), { 'elicitation/create': accept });
    await session.requestWithInput('tools/call', { name: 'x' });
    expect(Object.keys(sent[1]!.params)).toEqual(['name', 'inputResponses']);
  });

  it('retries at once with the requestState alone when there are no inputRequests', async () => {
    const { session, sent } = conversation((_, n) => (n === 1 ? { resultType: 'input_required', requestState: 's1' } : DONE));
    const outcome = await session.requestWithInput('resources/read', { uri: 'file:///a' });
    expect(outcome).toMatchObject({ status: 'result', rounds: 2 });
    expect(sent[1]!.params).toEqual({ uri: 'file:///a', requestState: 's1' });
  });

  it('sends a declined elicitation as the response, and the latest round only', async () => {
    let round = 0;
    const { session, sent } = conversation((_, n) => (n < 3 ? { ...ASK_NAME, requestState: `s${n}` } : DONE), {
      'elicitation/create': () => ({ result: { action: round++ === 0 ? 'decline' : 'cancel' } }),
    });
    const outcome = await session.requestWithInput('tools/call', { name: 'x' });
    expect(outcome).toMatchObject({ status: 'result', rounds: 3 });
    expect(sent[1]!.params).toMatchObject({ inputResponses: { github_login: { action: 'decline' } }, requestState: 's1' });
    expect(sent[2]!.params).toMatchObject({ inputResponses: { github_login: { action: 'cancel' } }, requestState: 's2' });
  });

  it('answers sampling and roots entries under the keys the server gave, in one retry', async () => {
    const { session, sent } = conversation(
      (_, n) =>
        n === 1
          ? {
              resultType: 'input_required',
              inputRequests: {
                capital: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
                where: { method: 'roots/list' },
              },
            }
          : DONE,
      {
        'sampling/createMessage': (_p, info) => ({ result: { role: 'assistant', content: { type: 'text', text: `Paris (${String(info.id)})` }, model: 'm' } }),
        'roots/list': () => ({ result: { roots: [{ uri: 'file:///r' }] } }),
      },
    );
    await session.requestWithInput('tools/call', { name: 'x' });
    expect(sent[1]!.params.inputResponses).toEqual({
      capital: { role: 'assistant', content: { type: 'text', text: 'Paris (capital)' }, model: 'm' },
      where: { roots: [{ uri: 'file:///r' }] },
    });
  });

  it('stops a server that asks for input forever at the round limit, with a sentence that says so', async () => {
    const { session, sent } = conversation(() => ({ resultType: 'input_required', requestState: 'again' }));
    const outcome = await session.requestWithInput('tools/call', { name: 'loop' });
    expect(sent).toHaveLength(10);
    expect(outcome.status).toBe('stopped');
    expect(outcome).toMatchObject({ rounds: 10, message: expect.stringMatching(/asked for input 10 times in a row; stopped — it may be looping/) });
  });

  it('takes a smaller round limit', async () => {
    const { session, sent } = conversation(() => ({ resultType: 'input_required', requestState: 'again' }));
    const outcome = await session.requestWithInput('tools/call', { name: 'loop' }, { maxRounds: 3 });
    expect(sent).toHaveLength(3);
    expect(outcome).toMatchObject({ status: 'stopped', message: expect.stringMatching(/3 times in a row/) });
  });

  it.each([
    [
      'neither inputRequests nor requestState',
      { resultType: 'input_required' },
      /neither inputRequests nor requestState \(the spec says it MUST have at least one\)/,
    ],
    ['a requestState that is not a string', { resultType: 'input_required', requestState: 42 }, /requestState is a number, not a string/],
    ['inputRequests that is not an object', { resultType: 'input_required', inputRequests: ['x'] }, /inputRequests is an array, not an object/],
    [
      'an entry without a method',
      { resultType: 'input_required', inputRequests: { k: { params: {} } } },
      /input request "k" is not a request object with a method/,
    ],
  ])('stops at once on an input_required result with %s', async (_, result, message) => {
    const { session, sent } = conversation(() => result, { 'elicitation/create': accept });
    const outcome = await session.requestWithInput('tools/call', { name: 'x' });
    expect(sent).toHaveLength(1);
    expect(outcome).toMatchObject({ status: 'stopped', rounds: 1, result, message: expect.stringMatching(message) });
  });

  it('stops, naming the key and method, on an input request it cannot construct, without asking about the others', async () => {
    const asked: unknown[] = [];
    const { session, sent } = conversation(
      () => ({
        resultType: 'input_required',
        inputRequests: { first: ASK_NAME.inputRequests.github_login, odd: { method: 'tools/list', params: {} } },
      }),
      { 'elicitation/create': (p) => (asked.push(p), { result: { action: 'accept', content: {} } }) },
    );
    const outcome = await session.requestWithInput('tools/call', { name: 'x' });
    expect(asked).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(outcome).toMatchObject({ status: 'stopped', message: expect.stringMatching(/input request "odd" \(tools\/list\).*cannot be answered/) });
  });

  it('stops when an input request needs a feature that is switched off', async () => {
    const { session } = conversation(
      () => ASK_NAME,
      { 'elicitation/create': accept },
      { ...DEFAULT_CLIENT_FEATURES, elicitationForm: false, elicitationUrl: false },
    );
    const outcome = await session.requestWithInput('tools/call', { name: 'x' });
    expect(outcome).toMatchObject({
      status: 'stopped',
      message: expect.stringMatching(/"github_login" \(elicitation\/create\).*switched off in mcpscope's client capabilities/),
    });
  });

  it('stops when a handler answers an input request with an error (an input response can only be a result)', async () => {
    const { session, sent } = conversation(() => ASK_NAME, { 'elicitation/create': () => ({ error: { code: -1, message: 'User rejected' } }) });
    const outcome = await session.requestWithInput('tools/call', { name: 'x' });
    expect(sent).toHaveLength(1);
    expect(outcome).toMatchObject({ status: 'stopped', message: expect.stringMatching(/"github_login".*User rejected \(-1\)/) });
  });

  it('gives up an answer still awaited when the connection closes: the call ends as closed, it does not hang', async () => {
    const { session, sent } = conversation(() => ASK_NAME, { 'elicitation/create': () => new Promise(() => {}) });
    const pending = session.requestWithInput('tools/call', { name: 'x' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await Promise.resolve();
    session.close('The server exited (code 1).');
    expect(await pending).toMatchObject({ status: 'closed', message: 'The server exited (code 1).', rounds: 1 });
    expect(sent).toHaveLength(1);
  });

  it('sends no further round once its signal aborts: checked before each round, and an answer still awaited is given up', async () => {
    const controller = new AbortController();
    let answered = 0;
    const { session, sent } = conversation(() => ASK_NAME, {
      'elicitation/create': () => {
        answered++;
        if (answered === 2) controller.abort();
        return { result: { action: 'decline' } };
      },
    });
    const outcome = await session.requestWithInput('tools/call', { name: 'x' }, { signal: controller.signal });
    expect(outcome).toMatchObject({ status: 'stopped', rounds: 2, message: expect.stringContaining('did not send the next round') });
    expect(sent).toHaveLength(2);

    const waiting = new AbortController();
    const second = conversation(() => ASK_NAME, { 'elicitation/create': () => new Promise(() => {}) });
    const pending = second.session.requestWithInput('tools/call', { name: 'x' }, { signal: waiting.signal });
    await vi.waitFor(() => expect(second.sent).toHaveLength(1));
    waiting.abort();
    expect(await pending).toMatchObject({ status: 'stopped', rounds: 1, message: expect.stringContaining('Cancelled between rounds') });
    expect(second.sent).toHaveLength(1);
  });

  it('does not start a round after a signal aborted before the answer came back', async () => {
    const controller = new AbortController();
    const { session, sent } = conversation(
      () => {
        controller.abort();
        return ASK_NAME;
      },
      { 'elicitation/create': accept },
    );
    expect(await session.requestWithInput('tools/call', { name: 'x' }, { signal: controller.signal })).toMatchObject({ status: 'stopped', rounds: 1 });
    expect(sent).toHaveLength(1);
  });

  it('does not retry input_required on a method that may not get it', async () => {
    const { session, sent } = conversation(() => ASK_NAME, { 'elicitation/create': accept });
    const outcome = await session.requestWithInput('tools/list', {});
    expect(sent).toHaveLength(1);
    expect(outcome).toMatchObject({ status: 'stopped', message: expect.stringMatching(/answered tools\/list with input_required, which it MUST NOT/) });
  });

  it('treats a result without resultType as complete', async () => {
    const { session, sent } = conversation(() => ({ content: [] }));
    expect(await session.requestWithInput('tools/call', { name: 'x' })).toMatchObject({ status: 'result', rounds: 1 });
    expect(sent).toHaveLength(1);
  });

  it('never lets one conversation’s inputResponses or requestState reach a request sent in parallel', async () => {
    const { session, sent } = conversation((r, n) => (n === 1 ? ASK_NAME : DONE), {
      'elicitation/create': async () => {
        await session.requestWithInput('tools/call', { name: 'other' });
        return { result: { action: 'accept', content: { name: 'a' } } };
      },
    });
    await session.requestWithInput('tools/call', { name: 'first' });
    const other = sent.find((s) => s.params.name === 'other')!;
    expect(other.params).toEqual({ name: 'other' });
    expect(sent.at(-1)!.params).toMatchObject({ name: 'first', requestState: ASK_NAME.requestState });
  });
});

describe('requestWithInput on a legacy session', () => {
  it('is one plain request: a 2025 session has no multi-round requests', async () => {
    const { session, raws: sent } = rawSession(() => JSON.stringify(ASK_NAME), { 'elicitation/create': accept });
    session.markReadyWithoutInitialize();
    const outcome = await session.requestWithInput('tools/call', { name: 'x' });
    expect(sent).toEqual(['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}']);
    expect(outcome).toMatchObject({ status: 'result', result: ASK_NAME, rounds: 1 });
  });
});

describe('parseInputRequired', () => {
  it('keeps the server’s key order', () => {
    const parsed = parseInputRequired({ inputRequests: { b: { method: 'roots/list' }, a: { method: 'roots/list' } } });
    expect(parsed.ok && parsed.value.inputRequests?.map(([k]) => k)).toEqual(['b', 'a']);
  });
});
