import { describe, expect, it, vi } from 'vitest';
import {
  MAX_TOOL_ROUNDS,
  TOOL_RESULT_LIMIT,
  type ModelContent,
  type ModelOutcome,
  type ModelRequest,
  type RequestOutcome,
  type Tool,
} from '../../../protocol/index.js';
import type { ToolCallRecord } from '../tools/tools-store.js';
import { DEFAULT_CHAT_SETTINGS, readChatSettings, type ChatRunSettings } from './chat-settings.js';
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
const recordOf = (tool: Tool, args: unknown, outcome: RequestOutcome): ToolCallRecord => ({
  seq: 1,
  tool,
  arguments: args,
  startedAt: 0,
  durationMs: 3,
  outcome,
  sentAnyway: false,
  fromChat: true,
});
const defaults = (): ChatRunSettings => {
  const read = readChatSettings(DEFAULT_CHAT_SETTINGS);
  if (!read.ok) throw new Error('the default chat settings do not read');
  return read.value;
};

function setup(script: ModelOutcome[]) {
  const requests: ModelRequest[] = [];
  const call = vi.fn(async (tool: Tool, args: Record<string, unknown>, _signal?: AbortSignal): Promise<ToolCallRecord | undefined> =>
    recordOf(tool, args, result(`echo: ${String(args.text)}`)),
  );
  const connection: ChatConnection = { key: 1, connection: 7, label: 'demo', tools: [echo], call };
  /** What the settings panel reads now; undefined: a field is wrong. */
  const settings: { now: ChatRunSettings | undefined } = { now: defaults() };
  /** The page's time limit for a model answer. */
  const limit: { seconds: number | undefined } = { seconds: undefined };
  const store = createChatStore({
    generate: async (request) => {
      requests.push(structuredClone(request));
      return script.shift() ?? reply([{ type: 'text', text: 'done' }]);
    },
    connections: async () => [connection],
    settings: () => settings.now,
    timeoutSeconds: () => limit.seconds,
  });
  store.getState().setModel('openai/gpt-5');
  const approveEach = () => (settings.now = { ...defaults(), approveEach: true });
  return { store, requests, call, settings, limit, approveEach };
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

  it('gives the model a huge result cut, and keeps on the entry how much it was given', async () => {
    const { store, requests } = setup([reply([use('t1', 'echo', { text: 'z'.repeat(TOOL_RESULT_LIMIT + 500) })])]);
    await store.getState().send('say a lot');
    const whole = `echo: ${'z'.repeat(TOOL_RESULT_LIMIT + 500)}`.length;
    const tool = store.getState().entries.find((e) => e.kind === 'tool');
    expect(tool).toMatchObject({ status: 'done', cut: { given: TOOL_RESULT_LIMIT, whole } });
    const given = (lastResult(requests[1]!).content as Array<{ text: string }>)[0]!.text;
    expect(given).toContain(`it was ${whole} characters, the first ${TOOL_RESULT_LIMIT} are given here`);
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
    const { store, requests, call, approveEach } = setup([reply([use('t1', 'echo', { text: 'hi' })])]);
    approveEach();
    const done = store.getState().send('go');
    await vi.waitFor(() => expect(store.getState().entries.find((e) => e.kind === 'tool')).toMatchObject({ status: 'awaiting-approval' }));
    store.getState().decide('t1', false);
    await done;
    expect(call).not.toHaveBeenCalled();
    expect(JSON.stringify(lastResult(requests[1]!))).toContain('declined this tool call');
  });

  it('Allow sends the held call', async () => {
    const { store, call, approveEach } = setup([reply([use('t1', 'echo', { text: 'hi' })])]);
    approveEach();
    const done = store.getState().send('go');
    await vi.waitFor(() => expect(store.getState().entries.find((e) => e.kind === 'tool')).toMatchObject({ status: 'awaiting-approval' }));
    store.getState().decide('t1', true);
    await done;
    expect(call).toHaveBeenCalledOnce();
  });

  it('Stop answers the held call as stopped and asks the model nothing more', async () => {
    const { store, requests, call, approveEach } = setup([reply([use('t1', 'echo', { text: 'hi' })])]);
    approveEach();
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
      (tool: Tool, args: Record<string, unknown>, signal?: AbortSignal) =>
        new Promise((resolve) =>
          signal?.addEventListener('abort', () => resolve(recordOf(tool, args, { status: 'cancelled', elapsedMs: 3 } as RequestOutcome))),
        ),
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
    const { store, requests, limit } = setup([failed, reply([{ type: 'text', text: 'hello' }])]);
    limit.seconds = 2;
    await store.getState().send('hi');
    expect(store.getState().entries.at(-1)).toEqual({
      kind: 'failure',
      failure: failed.ok ? undefined : failed.failure,
      asked: { model: 'openai/gpt-5', timeoutSeconds: 2 },
    });
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

describe('the chat settings', () => {
  it('give each request the system prompt, maxTokens and temperature set, and leave out what is not set', async () => {
    const { store, requests, settings } = setup([]);
    settings.now = { ...defaults(), systemPrompt: 'Answer in French.', maxTokens: 321, temperature: 0.4 };
    await store.getState().send('hi');
    expect(requests[0]).toMatchObject({ systemPrompt: 'Answer in French.', maxTokens: 321, temperature: 0.4 });
    settings.now = defaults();
    await store.getState().send('again');
    expect(requests[1]).toMatchObject({ maxTokens: 4096 });
    expect(requests[1]).not.toHaveProperty('systemPrompt');
    expect(requests[1]).not.toHaveProperty('temperature');
  });

  it('stop the loop at the max rounds set, and say so', async () => {
    const loop = Array.from({ length: 6 }, (_, i) => reply([use(`t${i}`, 'echo', { text: 'again' })]));
    const { store, requests, call, settings } = setup(loop);
    settings.now = { ...defaults(), maxRounds: 2 };
    await store.getState().send('loop');
    expect(call).toHaveBeenCalledTimes(2);
    expect(requests).toHaveLength(3);
    expect(store.getState().entries.at(-1)).toMatchObject({ kind: 'notice', text: expect.stringContaining('after 2 rounds') });
    expect(JSON.stringify(store.getState().messages.at(-1))).toContain('Max rounds in the settings');
  });

  it('while one is wrong, nothing is asked of the model and the failure says to correct it; Try again after the fix asks', async () => {
    const { store, requests, settings } = setup([]);
    settings.now = undefined;
    await store.getState().send('hi');
    expect(requests).toHaveLength(0);
    expect(store.getState().entries.at(-1)).toMatchObject({ kind: 'failure', failure: { message: expect.stringContaining('a chat setting is wrong') } });
    settings.now = defaults();
    await store.getState().retry();
    expect(requests).toHaveLength(1);
  });
});

describe('a tool call entry', () => {
  it('keeps the connection it was made on and the Tools store record (for its app)', async () => {
    const { store } = setup([reply([use('t1', 'echo', { text: 'hi' })])]);
    await store.getState().send('go');
    expect(store.getState().entries.find((e) => e.kind === 'tool')).toMatchObject({
      key: 1,
      connection: 7,
      server: 'demo',
      record: { tool: echo, arguments: { text: 'hi' }, outcome: { status: 'result' } },
    });
  });
});
