import { describe, expect, it, vi } from 'vitest';
import { ClientSession, ManualClock, type RequestOutcome, type Tool } from '../../../protocol/index.js';
import { CANCEL_REASON, createToolsStore, parseTimeout, shownRecord, type CallSession, type ToolCallRecord } from './tools-store.js';

const slow: Tool = { name: 'slow_count', inputSchema: { type: 'object' } };

async function readySession() {
  const clock = new ManualClock();
  const sent: Array<Record<string, unknown>> = [];
  const session = new ClientSession({ send: (raw) => sent.push(JSON.parse(raw)), clock });
  const reply = (obj: unknown) => session.receive(JSON.stringify(obj));
  const init = session.initialize('2025-11-25');
  reply({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });
  await init;
  sent.length = 0;
  return { clock, sent, session, reply };
}

describe('call', () => {
  it('sends tools/call with the name and arguments, tracks the request id and progress, then records the result', async () => {
    const { session, sent, reply, clock } = await readySession();
    const store = createToolsStore({ session: () => session, now: () => 1000 });
    const done = store.getState().call({ tool: slow, arguments: { steps: 3 }, sentAnyway: false });
    expect(sent[0]).toMatchObject({ method: 'tools/call', id: 2, params: { name: 'slow_count', arguments: { steps: 3 } } });
    const token = (sent[0]!.params as { _meta: { progressToken: string } })._meta.progressToken;
    expect(store.getState().inFlight).toMatchObject({ requestId: 2, tool: slow, cancelRequested: false });

    reply({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 3, message: 'step 1 of 3' } });
    expect(store.getState().inFlight?.progress).toEqual({ progress: 1, total: 3, message: 'step 1 of 3' });

    clock.advance(40);
    reply({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'Counted to 3.' }] } });
    const record = await done;
    expect(record).toMatchObject({ tool: slow, arguments: { steps: 3 }, durationMs: 40, sentAnyway: false, lastProgress: { progress: 1 } });
    expect(record?.outcome.status).toBe('result');
    const state = store.getState();
    expect(state.inFlight).toBeUndefined();
    expect(state.history[0]).toBe(record);
    expect(state.shown).toBe(record?.seq);
  });

  it('leaves arguments out when asked to, sends the _meta written beside its own progressToken, and Load arguments brings both back', async () => {
    const { session, sent, reply } = await readySession();
    const store = createToolsStore({ session: () => session });
    const done = store.getState().call({ tool: slow, arguments: undefined, meta: { trace: 't-1' }, sentAnyway: false });
    const params = sent[0]!.params as Record<string, unknown>;
    expect(params).not.toHaveProperty('arguments');
    expect(params._meta).toEqual({ trace: 't-1', progressToken: expect.any(String) });
    reply({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    const record = (await done)!;
    expect(record).toMatchObject({ arguments: undefined, meta: { trace: 't-1' } });
    store.getState().loadArguments(record);
    expect(store.getState().extras.slow_count).toEqual({ sendEmptyArguments: false, metaText: '{\n  "trace": "t-1"\n}' });
  });

  it("uses the timeout field's value, and records a timeout outcome", async () => {
    const { session, clock } = await readySession();
    const store = createToolsStore({ session: () => session });
    store.getState().setTimeoutText('2.5');
    const done = store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    clock.advance(2499);
    expect(store.getState().inFlight).toBeDefined();
    clock.advance(1);
    const record = await done;
    expect(record?.outcome).toMatchObject({ status: 'timeout', elapsedMs: 2500 });
    expect(record?.durationMs).toBe(2500);
  });

  it('allows one call at a time', async () => {
    const { session, sent } = await readySession();
    const store = createToolsStore({ session: () => session });
    void store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    expect(await store.getState().call({ tool: slow, arguments: {}, sentAnyway: false })).toBeUndefined();
    expect(sent.filter((m) => m.method === 'tools/call')).toHaveLength(1);
  });

  it('sends nothing when not connected or when the timeout field is not a valid number', async () => {
    const { session, sent } = await readySession();
    const connection: { session?: CallSession } = {};
    const store = createToolsStore({ session: () => connection.session });
    expect(await store.getState().call({ tool: slow, arguments: {}, sentAnyway: false })).toBeUndefined();
    connection.session = session;
    store.getState().setTimeoutText('soon');
    expect(await store.getState().call({ tool: slow, arguments: {}, sentAnyway: false })).toBeUndefined();
    expect(sent).toEqual([]);
    expect(store.getState().inFlight).toBeUndefined();
  });
});

describe('cancel', () => {
  it('sends notifications/cancelled with the request id and the reason, and records the call as cancelled', async () => {
    const { session, sent, clock } = await readySession();
    const store = createToolsStore({ session: () => session });
    const done = store.getState().call({ tool: slow, arguments: { steps: 20 }, sentAnyway: false });
    clock.advance(700);
    expect(store.getState().cancel()).toBe(true);
    expect(store.getState().inFlight?.cancelRequested).toBe(true);
    expect(sent[1]).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: CANCEL_REASON } });
    const record = await done;
    expect(record?.outcome).toMatchObject({ status: 'cancelled', elapsedMs: 700 });
    expect(store.getState().inFlight).toBeUndefined();
    // A second press has nothing left to cancel.
    expect(store.getState().cancel()).toBe(false);
    expect(sent.filter((m) => m.method === 'notifications/cancelled')).toHaveLength(1);
  });

  it('does nothing until the request id is known', () => {
    let cancelled = 0;
    const session: CallSession = {
      request: () => new Promise<RequestOutcome>(() => {}),
      cancel: () => {
        cancelled++;
        return true;
      },
    };
    const store = createToolsStore({ session: () => session });
    void store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    expect(store.getState().inFlight?.requestId).toBeUndefined();
    expect(store.getState().cancel()).toBe(false);
    expect(cancelled).toBe(0);
  });
});

describe('history and timeout helpers', () => {
  it('loads a past call arguments into its tool form and selects it', async () => {
    const { session, reply } = await readySession();
    const store = createToolsStore({ session: () => session });
    const done = store.getState().call({ tool: slow, arguments: { steps: 7 }, sentAnyway: true });
    reply({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    const record = (await done)!;
    expect(record.sentAnyway).toBe(true);
    store.getState().loadArguments(record);
    expect(store.getState().selected).toBe('slow_count');
    expect(store.getState().drafts.slow_count).toEqual({ formData: { steps: 7 } });
    // A copy: editing the form later does not rewrite history.
    expect(store.getState().drafts.slow_count!.formData).not.toBe(record.arguments);
  });

  it('parses the timeout in seconds and rejects what is not a sensible number', () => {
    expect(parseTimeout('60')).toEqual({ ok: true, ms: 60_000 });
    expect(parseTimeout(' 0.5 ')).toEqual({ ok: true, ms: 500 });
    for (const bad of ['', '0', '-1', 'abc', '99999']) expect(parseTimeout(bad).ok).toBe(false);
  });
});

describe('the result shown beside the selected tool', () => {
  const add: Tool = { name: 'add', inputSchema: { type: 'object' } };
  const multiply: Tool = { name: 'multiply', inputSchema: { type: 'object' } };
  const record = (seq: number, tool: Tool): ToolCallRecord => ({
    seq,
    tool,
    arguments: {},
    startedAt: 0,
    durationMs: 1,
    outcome: { status: 'result', result: { content: [] }, rttMs: 1 } as RequestOutcome,
    sentAnyway: false,
  });

  it("selecting another tool shows that tool's own latest result, or none, never the previous tool's", () => {
    const store = createToolsStore({ session: () => undefined });
    store.getState().select('add');
    store.setState({ history: [record(1, add)], shown: 1 });
    expect(shownRecord(store.getState())?.seq).toBe(1);

    store.getState().select('multiply');
    expect(shownRecord(store.getState())).toBeUndefined();

    store.setState((s) => ({ history: [record(2, multiply), record(3, add), ...s.history], shown: 2 }));
    store.getState().select('add');
    expect(shownRecord(store.getState())?.seq).toBe(3);
  });

  it("a call that ends while another tool is selected does not show under that tool; View selects the call's tool", () => {
    const store = createToolsStore({ session: () => undefined });
    store.setState({ selected: 'multiply', history: [record(5, add)], shown: 5 });
    expect(shownRecord(store.getState())).toBeUndefined();
    store.getState().view(store.getState().history[0]!);
    expect(store.getState().selected).toBe('add');
    expect(shownRecord(store.getState())?.seq).toBe(5);
  });

  it('another server: its results, drafts and selection go; a new connection keeps the results', () => {
    const store = createToolsStore({ session: () => undefined });
    store.setState({ selected: 'add', history: [record(1, add)], shown: 1, drafts: { add: { formData: { a: 1 } } }, noConfirm: ['add'] });
    store.getState().forConnection();
    expect(store.getState()).toMatchObject({ selected: undefined, drafts: {}, noConfirm: [], shown: 1 });
    expect(store.getState().history).toHaveLength(1);
    store.getState().serverChanged();
    expect(store.getState()).toMatchObject({ history: [], shown: undefined });
  });
});

describe('multi-round calls (2026-07-28)', () => {
  it('follows input_required through the session and records how many rounds the call took', async () => {
    const sent: Array<{ id: number; params: Record<string, unknown> }> = [];
    const session: ClientSession = new ClientSession({
      send: (raw) => {
        const frame = JSON.parse(raw) as { id: number; params: Record<string, unknown> };
        sent.push(frame);
        const result = sent.length < 3 ? { resultType: 'input_required', requestState: `s${sent.length}` } : { content: [] };
        queueMicrotask(() => session.receive(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result })));
      },
    });
    session.useModern('2026-07-28');
    let clock = 100;
    const store = createToolsStore({ session: () => session, now: () => (clock += 10) });
    const record = await store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    // From the first request to the final answer (now() is read once at the start, once at the end).
    expect(record).toMatchObject({ rounds: 3, outcome: { status: 'result' }, durationMs: 10 });
    expect(sent[2]!.params).toMatchObject({ name: 'slow_count', requestState: 's2' });
    expect(store.getState().inFlight).toBeUndefined();
  });
});

describe('a multi-round call waiting for input', () => {
  it('has no request id while the input is answered, says which round asked, and sends the retry once answered', async () => {
    let answerName: (a: { result: unknown }) => void = () => {};
    const sent: Array<{ id: number }> = [];
    const session: ClientSession = new ClientSession({
      send: (raw) => {
        const frame = JSON.parse(raw) as { id: number };
        sent.push(frame);
        const ask = { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } };
        const result = { resultType: 'input_required', inputRequests: { who: ask } };
        // Round 1 is answered at once; the retry waits for the test.
        if (sent.length === 1) queueMicrotask(() => session.receive(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result })));
      },
      handlers: { 'elicitation/create': () => new Promise((resolve) => (answerName = resolve)) },
    });
    session.useModern('2026-07-28');
    const store = createToolsStore({ session: () => session });
    const done = store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    await vi.waitFor(() => expect(store.getState().inFlight?.awaitingInput).toEqual({ round: 1, keys: ['who'] }));
    expect(store.getState().inFlight?.requestId).toBeUndefined();
    answerName({ result: { action: 'decline' } });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(store.getState().inFlight).toMatchObject({ requestId: sent[1]!.id, awaitingInput: undefined });
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: sent[1]!.id, result: { content: [] } }));
    expect((await done)?.rounds).toBe(2);
  });
});

describe('calls answered with a task', () => {
  const handle = {
    resultType: 'task',
    taskId: 'h1',
    status: 'working',
    createdAt: '2026-07-28T10:00:00Z',
    lastUpdatedAt: '2026-07-28T10:00:00Z',
    ttlMs: 60000,
  };

  it('hands over an unsolicited task handle (2026-07-28 extension) and a 2025 task only when one was asked for', async () => {
    const { session, reply } = await readySession();
    const created: Array<{ taskId: string; generation: string }> = [];
    const store = createToolsStore({ session: () => session, taskCreated: (task, _s, _tool, generation) => created.push({ taskId: task.taskId, generation }) });
    const first = store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    reply({ jsonrpc: '2.0', id: 2, result: handle });
    await first;
    // A `task` object without the call asking for one is an ordinary (malformed) result, as before.
    const second = store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    reply({ jsonrpc: '2.0', id: 3, result: { task: { ...handle, taskId: 'h2', ttl: 1 } } });
    await second;
    const third = store.getState().call({ tool: slow, arguments: {}, sentAnyway: false, asTask: true });
    reply({ jsonrpc: '2.0', id: 4, result: { task: { ...handle, taskId: 'h3', ttl: 1 } } });
    await third;
    expect(created).toEqual([
      { taskId: 'h1', generation: 'modern' },
      { taskId: 'h3', generation: 'legacy' },
    ]);
  });
});

describe('callFromApp', () => {
  it("sends an app's tools/call beside the person's call in flight and keeps it in the history marked as the app's", async () => {
    const { session, sent, reply } = await readySession();
    const store = createToolsStore({ session: () => session, now: () => 1000 });
    const mine = store.getState().call({ tool: slow, arguments: { steps: 1 }, sentAnyway: false });
    const fromApp = store.getState().callFromApp({ name: 'echo', inputSchema: { type: 'object' } }, { text: 'hi' }, 3);
    expect(sent.map((m) => [m.id, (m.params as { name: string }).name])).toEqual([
      [2, 'slow_count'],
      [3, 'echo'],
    ]);
    reply({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'hi' }] } });
    const record = await fromApp;
    expect(record).toMatchObject({ arguments: { text: 'hi' }, fromApp: { app: 3 }, outcome: { status: 'result' } });
    // The person's call is still the one in flight and the result in view is not replaced.
    expect(store.getState().inFlight?.tool).toBe(slow);
    expect(store.getState().shown).toBeUndefined();
    expect(store.getState().history[0]).toBe(record);
    reply({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    await mine;
  });
});

describe('cancelling a multi-round call of the person', () => {
  it('between rounds: no next round, the awaited form is given up, and the call ends cancelled with a sentence', async () => {
    const sent: Array<{ id?: number; method?: string }> = [];
    let formSignal: AbortSignal | undefined;
    const session: ClientSession = new ClientSession({
      send: (raw) => {
        const frame = JSON.parse(raw) as { id?: number; method?: string };
        sent.push(frame);
        const ask = { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } };
        if (frame.id !== undefined)
          queueMicrotask(() =>
            session.receive(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result: { resultType: 'input_required', inputRequests: { who: ask } } })),
          );
      },
      // A form the person never answers: only its signal can end it.
      handlers: {
        'elicitation/create': (_params, info) =>
          new Promise(() => {
            formSignal = info.signal;
          }),
      },
    });
    session.useModern('2026-07-28');
    const store = createToolsStore({ session: () => session });
    const done = store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    await vi.waitFor(() => expect(store.getState().inFlight?.awaitingInput).toEqual({ round: 1, keys: ['who'] }));
    expect(store.getState().inFlight?.requestId).toBeUndefined();
    expect(formSignal?.aborted).toBe(false);

    expect(store.getState().cancel()).toBe(true);
    expect(store.getState().inFlight?.cancelRequested).toBe(true);
    const record = await done;
    expect(record?.outcome).toMatchObject({
      status: 'cancelled',
      message: expect.stringMatching(/^Cancelled between rounds: .* did not send the next round\./),
    });
    // The form was told its answer is no longer awaited (the elicitation panel closes on it).
    expect(formSignal?.aborted).toBe(true);
    expect(formSignal?.reason).toMatchObject({ kind: 'given-up', message: expect.stringContaining('cancelled between rounds') });
    // One tools/call, and no notifications/cancelled for a request that was already answered.
    expect(sent.map((f) => f.method)).toEqual(['tools/call']);
    expect(store.getState().inFlight).toBeUndefined();
    expect(store.getState().cancel()).toBe(false);
  });
});

describe('callFromChat', () => {
  it("is sent beside the person's call in flight, marked from chat, and the person's call may start beside it", async () => {
    const { session, sent, reply } = await readySession();
    const store = createToolsStore({ session: () => session });
    const mine = store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    const fromChat = store.getState().callFromChat({ name: 'echo', inputSchema: { type: 'object' } }, { message: 'hi' });
    expect(sent.map((m) => m.id)).toEqual([2, 3]);
    reply({ jsonrpc: '2.0', id: 3, result: { content: [] } });
    expect(await fromChat).toMatchObject({ fromChat: true, outcome: { status: 'result' } });
    expect(store.getState().history[0]?.fromChat).toBe(true);
    expect(store.getState().inFlight?.tool).toBe(slow);
    reply({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    await mine;
    // And the other way round: a chat call in flight does not hold up the person's own call.
    const chatCall = store.getState().callFromChat(slow, {});
    const again = store.getState().call({ tool: slow, arguments: {}, sentAnyway: false });
    expect(sent.map((m) => m.id)).toEqual([2, 3, 4, 5]);
    reply({ jsonrpc: '2.0', id: 5, result: { content: [] } });
    reply({ jsonrpc: '2.0', id: 4, result: { content: [] } });
    expect((await again)?.outcome.status).toBe('result');
    expect((await chatCall)?.outcome.status).toBe('result');
  });

  it('sends notifications/cancelled for its request when the signal aborts, and records the call cancelled', async () => {
    const { session, sent } = await readySession();
    const store = createToolsStore({ session: () => session });
    const controller = new AbortController();
    const done = store.getState().callFromChat(slow, {}, controller.signal);
    controller.abort();
    expect(sent.at(-1)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: 2, reason: CANCEL_REASON } });
    expect((await done)?.outcome.status).toBe('cancelled');
  });

  it('sends no next round of a multi-round call once the signal aborts between rounds', async () => {
    const sent: Array<{ id: number; method?: string }> = [];
    let answerName: (a: { result: unknown }) => void = () => {};
    const session: ClientSession = new ClientSession({
      send: (raw) => {
        const frame = JSON.parse(raw) as { id: number; method?: string };
        sent.push(frame);
        const ask = { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } };
        if (frame.id !== undefined)
          queueMicrotask(() =>
            session.receive(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result: { resultType: 'input_required', inputRequests: { who: ask } } })),
          );
      },
      handlers: { 'elicitation/create': () => new Promise((resolve) => (answerName = resolve)) },
    });
    session.useModern('2026-07-28');
    const store = createToolsStore({ session: () => session });
    const controller = new AbortController();
    const done = store.getState().callFromChat(slow, {}, controller.signal);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await Promise.resolve();
    controller.abort();
    answerName({ result: { action: 'decline' } });
    const record = await done;
    expect(record?.outcome).toMatchObject({ status: 'stopped', message: expect.stringContaining('did not send the next round') });
    // Neither a second tools/call nor a notifications/cancelled for a request that was already answered.
    expect(sent).toHaveLength(1);
    expect(record?.fromChat).toBe(true);
  });

  it('sends nothing when the signal has already aborted', async () => {
    const { session, sent } = await readySession();
    const store = createToolsStore({ session: () => session });
    const controller = new AbortController();
    controller.abort();
    expect(await store.getState().callFromChat(slow, {}, controller.signal)).toBeUndefined();
    expect(sent).toHaveLength(0);
  });
});
