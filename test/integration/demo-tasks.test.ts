// The demo server's task-capable tool (brew_tea) against the session and the
// task tracker, over a real stdio pipe.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientSession, NdjsonDecoder, TaskTracker, createdTask, listAll, systemClock, type Tool } from '../../src/protocol/index.js';

const demo = fileURLToPath(new URL('../../dist/node/examples/servers/demo-server.js', import.meta.url));
const children: Array<{ kill(signal: NodeJS.Signals): boolean }> = [];

async function connect(): Promise<ClientSession> {
  const child = spawn(process.execPath, [demo], { stdio: ['pipe', 'pipe', 'ignore'] });
  children.push(child);
  const session = new ClientSession({ send: (raw) => child.stdin.write(`${raw}\n`) });
  const decoder = new NdjsonDecoder();
  child.stdout.on('data', (chunk: Buffer) => {
    for (const e of decoder.push(chunk)) if (e.type === 'message') session.receive(e.text);
  });
  const init = await session.initialize('2025-11-25');
  if (!init.ok) throw new Error(init.message);
  return session;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(() => {
  if (!existsSync(demo)) throw new Error('Build first: npm run build (the demo server is missing from dist/node).');
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

describe('demo server: brew_tea as a task', () => {
  it('declares tasks, lists brew_tea with taskSupport optional, and runs it as a task to its result', async () => {
    const session = await connect();
    expect(session.info?.capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const tools = await listAll<Tool>(session, 'tools');
    expect(tools.items.find((t) => t.name === 'brew_tea')?.execution).toEqual({ taskSupport: 'optional' });
    const outcome = await session.request('tools/call', { name: 'brew_tea', arguments: { kind: 'oolong', stepMs: 400 }, task: { ttl: 60000 } });
    const task = outcome.status === 'result' ? createdTask(outcome.result) : undefined;
    expect(task?.ok && task.value.status).toBe('working');
    if (!task?.ok) return;
    const tracker = new TaskTracker(task.value, { clock: systemClock, request: (m, p, o) => session.request(m, p, o) });
    tracker.start();
    await until(() => tracker.state.result !== undefined);
    expect(tracker.state.task.status).toBe('completed');
    expect(tracker.state.history.some((h) => /^(Boiling water|Warming the pot|Steeping|Pouring) \(\d\/4\)…$/.test(h.statusMessage ?? ''))).toBe(true);
    expect(tracker.state.result).toMatchObject({
      status: 'result',
      result: { content: [{ type: 'text', text: 'A pot of oolong tea, ready after 4 steps.' }] },
    });
    const listed = await session.request('tasks/list', {});
    expect(listed.status === 'result' && (listed.result as { tasks: Array<{ taskId: string }> }).tasks.map((t) => t.taskId)).toContain(task.value.taskId);
  });

  it('stops brewing when the task is cancelled, and still answers a normal call', async () => {
    const session = await connect();
    const outcome = await session.request('tools/call', { name: 'brew_tea', arguments: { stepMs: 2000 }, task: {} });
    const task = outcome.status === 'result' ? createdTask(outcome.result) : undefined;
    if (!task?.ok) throw new Error('no task');
    const tracker = new TaskTracker(task.value, { clock: systemClock, request: (m, p, o) => session.request(m, p, o) });
    await tracker.cancel();
    expect(tracker.state.task.status).toBe('cancelled');
    const plain = await session.request('tools/call', { name: 'brew_tea', arguments: { kind: 'black', stepMs: 10 } });
    expect(plain).toMatchObject({ status: 'result', result: { content: [{ text: 'A pot of black tea, ready after 4 steps.' }] } });
  });
});
