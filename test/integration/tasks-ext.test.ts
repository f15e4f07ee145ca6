// The 2026-07-28 tasks extension over a real stdio pipe: the hand fixture
// (test/fixtures/tasks-ext-server.mjs) against the task tracker. Until the modern
// session core is merged, the extension's `_meta` is put on each request here.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientSession, NdjsonDecoder, TaskTracker, isTaskHandle, systemClock, taskOfHandle, type RequestOutcome } from '../../src/protocol/index.js';

const server = fileURLToPath(new URL('../fixtures/tasks-ext-server.mjs', import.meta.url));
const children: Array<{ kill(signal: NodeJS.Signals): boolean }> = [];
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
};

async function connect(): Promise<(method: string, params: Record<string, unknown>) => Promise<RequestOutcome>> {
  const child = spawn(process.execPath, [server], { stdio: ['pipe', 'pipe', 'ignore'] });
  children.push(child);
  const session = new ClientSession({ send: (raw) => child.stdin.write(`${raw}\n`) });
  const decoder = new NdjsonDecoder();
  child.stdout.on('data', (chunk: Buffer) => {
    for (const e of decoder.push(chunk)) if (e.type === 'message') session.receive(e.text);
  });
  const init = await session.initialize('2025-11-25');
  if (!init.ok) throw new Error(init.message);
  return (method, params) => session.request(method, { _meta: META, ...params });
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

async function startTask(request: Awaited<ReturnType<typeof connect>>, name: string, args: Record<string, unknown> = {}) {
  const outcome = await request('tools/call', { name, arguments: args });
  if (outcome.status !== 'result' || !isTaskHandle(outcome.result)) throw new Error(`no task handle: ${JSON.stringify(outcome)}`);
  const task = taskOfHandle(outcome.result);
  if (!task.ok) throw new Error(task.error);
  return task.value;
}

describe('the tasks extension against a hand-written 2026 server', () => {
  it('follows a task handle with tasks/get to its inline result', async () => {
    const request = await connect();
    const task = await startTask(request, 'slow_job', { steps: 2, stepMs: 150 });
    const tracker = new TaskTracker(task, { clock: systemClock, generation: 'modern', request: (m, p) => request(m, p as Record<string, unknown>) });
    tracker.start();
    await until(() => tracker.state.result !== undefined);
    expect(tracker.state.task.status).toBe('completed');
    expect(tracker.state.result).toMatchObject({ status: 'result', result: { content: [{ type: 'text', text: 'The job finished its 2 steps.' }] } });
  });

  it('answers an input request with tasks/update and reaches the result that uses it', async () => {
    const request = await connect();
    const task = await startTask(request, 'needs_name');
    const tracker = new TaskTracker(task, {
      clock: systemClock,
      generation: 'modern',
      request: (m, p) => request(m, p as Record<string, unknown>),
      answerInput: async (method) =>
        method === 'elicitation/create' ? { result: { action: 'accept', content: { name: 'Ada' } } } : { error: { code: -32601, message: 'no' } },
    });
    tracker.start();
    await until(() => tracker.state.result !== undefined);
    expect(tracker.state.inputs.name?.phase).toBe('sent');
    const statuses = tracker.state.history.map((h) => h.status);
    expect(statuses.slice(0, 2)).toEqual(['working', 'input_required']);
    expect(statuses.at(-1)).toBe('completed');
    expect(tracker.state.result).toMatchObject({ result: { content: [{ text: 'Hello, Ada!' }] } });
  });

  it('refuses the task methods to a request that does not declare the extension (-32021)', async () => {
    const request = await connect();
    const task = await startTask(request, 'endless');
    const outcome = await request('tasks/get', { taskId: task.taskId, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } });
    expect(outcome).toMatchObject({ status: 'error', error: { code: -32021 } });
  });

  it('cancels: the ack, then the cancelled status from the next tasks/get', async () => {
    const request = await connect();
    const task = await startTask(request, 'endless');
    const tracker = new TaskTracker(task, { clock: systemClock, generation: 'modern', request: (m, p) => request(m, p as Record<string, unknown>) });
    tracker.start();
    await tracker.cancel();
    expect(tracker.state.cancelAcknowledged).toBe(true);
    await until(() => tracker.state.task.status === 'cancelled');
    expect(tracker.state.polling).toBe(false);
  });
});
