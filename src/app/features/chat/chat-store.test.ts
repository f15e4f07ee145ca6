import { describe, expect, it, vi } from 'vitest';
import { MAX_TOOL_ROUNDS, type ModelContent, type ModelOutcome, type ModelRequest, type RequestOutcome } from '../../../protocol/index.js';
import { createChatStore, type ChatConnection } from './chat-store.js';

const echo = { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };

const reply = (content: ModelContent[]): ModelOutcome => ({
  ok: true,
  reply: {
    role: 'assistant',
    content,
    model: 'fake',
    stopReason: content.some((b) => b.type === 'tool_use') ? 'toolUse' : 'endTurn',
    usage: { inputTokens: 1, outputTokens: 2 },
    latencyMs: 5,
  },
});
const use = (id: string, name: string, input: unknown): ModelContent => ({ type: 'tool_use', id, name, input });
const result = (text: string): RequestOutcome => ({ status: 'result', result: { content: [{ type: 'text', text }] } }) as unknown as RequestOutcome;

function setup(script: ModelOutcome[]) {
  const requests: ModelRequest[] = [];
  const call = vi.fn(async (_tool: unknown, args: Record<string, unknown>, _signal?: AbortSignal): Promise<{ outcome: RequestOutcome }> => ({
    outcome: result(`echo: ${String(args.text)}`),
  }));
  const connection: ChatConnection = { key: 1, label: 'demo', tools: [echo], call };
  const store = createChatStore({
    generate: async (request) => {
      requests.push(structuredClone(request));
      return script.shift() ?? reply([{ type: 'text', text: 'done' }]);
    },
    connections: async () => [connection],
  });
  store.getState().setModel('openai/gpt-5');
  return { store, requests, call };
}

const lastResult = (r: ModelRequest) => r.messages.at(-1)!.content[0]!;

describe('the chat loop', () => {
  it('calls the tool the model names over its connection and feeds its result back', async () => {
    const { store, requests, call } = setup([reply([use('t1', 'echo', { text: 'hi' })]), reply([{ type: 'text', text: 'It said hi.' }])]);
    await store.getState().send('say hi');
    expect(call).toHaveBeenCalledWith(echo, { text: 'hi' }, expect.any(AbortSignal));
    expect(requests[0]!.tools!.map((t) => t.name)).toEqual(['echo']);
    expect(lastResult(requests[1]!)).toEqual({ type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'echo: hi' }] });
    expect(store.getState().entries.map((e) => e.kind)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('feeds back an unknown tool and refused arguments as errors, and goes on', async () => {
    const { store, requests, call } = setup([reply([use('t1', 'nope', {}), use('t2', 'echo', { text: 3 })])]);
    await store.getState().send('go');
    expect(call).not.toHaveBeenCalled();
    const results = requests[1]!.messages.at(-1)!.content;
    expect(results.map((b) => b.isError)).toEqual([true, true]);
    expect(JSON.stringify(results[0])).toContain('There is no tool named \\"nope\\"');
    expect(store.getState().entries.at(-1)).toMatchObject({ kind: 'assistant' });
  });

  it('holds each call for approval; Deny feeds back a refusal and sends nothing', async () => {
    const { store, requests, call } = setup([reply([use('t1', 'echo', { text: 'hi' })])]);
    store.getState().setApproveEach(true);
    const done = store.getState().send('go');
    await vi.waitFor(() => expect(store.getState().entries.find((e) => e.kind === 'tool')).toMatchObject({ status: 'awaiting-approval' }));
    store.getState().decide('t1', false);
    await done;
    expect(call).not.toHaveBeenCalled();
    expect(JSON.stringify(lastResult(requests[1]!))).toContain('declined this tool call');
  });

  it('Allow sends the held call', async () => {
    const { store, call } = setup([reply([use('t1', 'echo', { text: 'hi' })])]);
    store.getState().setApproveEach(true);
    const done = store.getState().send('go');
    await vi.waitFor(() => expect(store.getState().entries.find((e) => e.kind === 'tool')).toMatchObject({ status: 'awaiting-approval' }));
    store.getState().decide('t1', true);
    await done;
    expect(call).toHaveBeenCalledOnce();
  });

  it('Stop answers the held call as stopped and asks the model nothing more', async () => {
    const { store, requests, call } = setup([reply([use('t1', 'echo', { text: 'hi' })])]);
    store.getState().setApproveEach(true);
    const done = store.getState().send('go');
    await vi.waitFor(() => expect(store.getState().entries.find((e) => e.kind === 'tool')).toMatchObject({ status: 'awaiting-approval' }));
    store.getState().stop();
    await done;
    expect(call).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(store.getState().running).toBe(false);
    expect(JSON.stringify(store.getState().messages.at(-1))).toContain('stopped the chat');
  });

  it('Stop during a running call aborts it over its connection, says so on the entry, and asks the model nothing more', async () => {
    const { store, requests, call } = setup([reply([use('t1', 'echo', { text: 'hi' })])]);
    call.mockImplementationOnce(
      (_tool: unknown, _args: Record<string, unknown>, signal?: AbortSignal) =>
        new Promise((resolve) => signal?.addEventListener('abort', () => resolve({ outcome: { status: 'cancelled', elapsedMs: 3 } as RequestOutcome }))),
    );
    const done = store.getState().send('go');
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    store.getState().stop();
    await done;
    expect(requests).toHaveLength(1);
    expect(store.getState().entries.find((e) => e.kind === 'tool')).toMatchObject({
      status: 'done',
      problem: expect.stringContaining('notifications/cancelled'),
    });
    expect(store.getState().running).toBe(false);
  });

  it('stops after the tool-round limit and says so', async () => {
    const loop = Array.from({ length: MAX_TOOL_ROUNDS + 5 }, (_, i) => reply([use(`t${i}`, 'echo', { text: 'again' })]));
    const { store, requests, call } = setup(loop);
    await store.getState().send('loop');
    expect(call).toHaveBeenCalledTimes(MAX_TOOL_ROUNDS);
    expect(requests).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(store.getState().entries.at(-1)).toMatchObject({ kind: 'notice', text: expect.stringContaining(`after ${MAX_TOOL_ROUNDS} rounds`) });
    // Every tool_use is answered, so the next message is one the model accepts.
    expect(store.getState().messages.at(-1)!.content[0]).toMatchObject({ type: 'tool_result', isError: true });
  });

  it('shows a failure and Try again asks the same again', async () => {
    const failed: ModelOutcome = { ok: false, failure: { kind: 'timeout', message: 'The model did not answer in time.', retryable: true } };
    const { store, requests } = setup([failed, reply([{ type: 'text', text: 'hello' }])]);
    await store.getState().send('hi');
    expect(store.getState().entries.at(-1)).toEqual({ kind: 'failure', failure: failed.ok ? undefined : failed.failure });
    await store.getState().retry();
    expect(requests[1]!.messages).toEqual(requests[0]!.messages);
    expect(store.getState().entries.at(-1)).toMatchObject({ kind: 'assistant' });
  });

  it('a connection that sends nothing is an error result, not a hang', async () => {
    const { store, requests, call } = setup([reply([use('t1', 'echo', { text: 'hi' })])]);
    call.mockResolvedValueOnce(undefined as never);
    await store.getState().send('go');
    expect(JSON.stringify(lastResult(requests[1]!))).toContain('Not sent');
  });
});
