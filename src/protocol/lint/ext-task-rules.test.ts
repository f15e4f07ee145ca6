// The tasks extension's lint rules (TASK-EXT-*). Only those findings are asserted: what other
// rules say of a modern session belongs to their own tests.
import { describe, expect, it } from 'vitest';
import { Linter } from './linter.js';
import { methodProblem } from './methods.js';
import { specUrl } from './rules.js';

type Step = ['c' | 's', unknown];
const wire = { taskId: 't1', status: 'working', createdAt: '2026-07-28T10:00:00Z', lastUpdatedAt: '2026-07-28T10:00:00Z', ttlMs: 60000, pollIntervalMs: 500 };
const declared = { 'io.modelcontextprotocol/tasks': {} };
const meta = (extensions: Record<string, unknown> = declared) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions },
});
const req = (id: number, method: string, params: Record<string, unknown> = {}, extensions?: Record<string, unknown>): Step => [
  'c',
  { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta(extensions) } },
];
const res = (id: number, result: unknown): Step => ['s', { jsonrpc: '2.0', id, result }];
const call = (id: number, extensions?: Record<string, unknown>) => req(id, 'tools/call', { name: 'job', arguments: {} }, extensions);

function lint(steps: Step[], offeredVersion = '2026-07-28') {
  const linter = new Linter({ offeredVersion });
  for (const [i, [who, msg]] of steps.entries()) linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg), { seq: i, at: i });
  return linter.findings.filter((f) => f.rule.startsWith('TASK')).map((f) => `${f.rule} ${f.severity}: ${f.message}`);
}

describe('the tasks extension rules (TASK-EXT-*)', () => {
  it('a clean task: handle, working, input_required, tasks/update ack, completed with its result', () => {
    expect(
      lint([
        call(1),
        res(1, { ...wire, resultType: 'task' }),
        req(2, 'tasks/get', { taskId: 't1' }),
        res(2, { ...wire, resultType: 'complete', status: 'input_required', inputRequests: { n: { method: 'elicitation/create', params: {} } } }),
        req(3, 'tasks/update', { taskId: 't1', inputResponses: { n: { action: 'accept', content: {} } } }),
        res(3, { resultType: 'complete' }),
        req(4, 'tasks/get', { taskId: 't1' }),
        res(4, { ...wire, resultType: 'complete', status: 'completed', result: { content: [] } }),
      ]),
    ).toEqual([]);
  });

  it('a handle to a client that did not declare the extension, to a method other than tools/call, and in a 2025 session', () => {
    expect(
      lint([call(1, {}), res(1, { ...wire, resultType: 'task' }), req(2, 'prompts/get', { name: 'p' }), res(2, { ...wire, taskId: 't2', resultType: 'task' })]),
    ).toEqual([
      "TASK-EXT-CAP error: The server answered tools/call with a task handle, but the request's clientCapabilities did not declare the extension io.modelcontextprotocol/tasks; it must answer normally or with -32021.",
      'TASK-EXT-CAP error: The server answered prompts/get with a task handle (resultType "task"); only tools/call may be answered with one.',
    ]);
    const legacy = new Linter({ offeredVersion: '2025-11-25' });
    legacy.frame('client', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'job' } }), { seq: 0, at: 0 });
    legacy.frame('server', JSON.stringify({ jsonrpc: '2.0', id: 1, result: { ...wire, resultType: 'task' } }), { seq: 1, at: 1 });
    expect(legacy.findings.filter((f) => f.rule === 'TASK-EXT-CAP').map((f) => f.message)).toEqual([
      'The server answered tools/call with a task handle (resultType "task") in a 2025-11-25 session; the tasks extension exists only from 2026-07-28 on.',
    ]);
  });

  it('the Task fields, the payload of each status, and the resultType of tasks/get', () => {
    expect(
      lint([
        call(1),
        res(1, { ...wire, resultType: 'task', ttlMs: undefined, ttl: 5 }),
        req(2, 'tasks/get', { taskId: 't1' }),
        res(2, { ...wire, resultType: 'task', status: 'completed' }),
        req(3, 'tasks/get', { taskId: 't1' }),
        res(3, { ...wire, status: 'failed', error: { code: -1, message: 'x' } }),
      ]),
    ).toEqual([
      'TASK-EXT-RESULT error: The task handle answering tools/call is not a valid Task: ttlMs is missing (the extension names it ttlMs; "ttl" is the 2025-11-25 name).',
      'TASK-EXT-RESULT error: The tasks/get result has resultType "task"; it must be "complete" (it is the standard result of tasks/get).',
      'TASK-EXT-RESULT error: The task in tasks/get is not a valid Task of the tasks extension: a completed task carries its final result in "result" (an object), and it has none.',
      'TASK-EXT-STATUS error: Task t1 went from completed to failed, but completed is terminal: a finished task must never change status (seen in tasks/get).',
    ]);
  });

  it('acks that carry a task; the removed tasks/result is left to MODERN-METHOD (one finding, not two)', () => {
    expect(
      lint([
        req(1, 'tasks/cancel', { taskId: 't1' }),
        res(1, { ...wire, resultType: 'complete', status: 'cancelled' }),
        req(2, 'tasks/result', { taskId: 't1' }),
        res(2, { content: [] }),
        req(3, 'tasks/update', { taskId: 't1' }),
      ]),
    ).toEqual([
      "TASK-EXT-ACK warning: The tasks/cancel result carries taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs; under the tasks extension it is an empty acknowledgement, and the task's state is read with tasks/get.",
      "TASK-EXT-RESULT error: tasks/update needs params.inputResponses (an object keyed like the task's inputRequests).",
    ]);
    const linter = new Linter({ offeredVersion: '2026-07-28' });
    for (const [i, [who, msg]] of [req(2, 'tasks/result', { taskId: 't1' }), res(2, { content: [] })].entries()) {
      linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg), { seq: i, at: i });
    }
    expect(linter.findings.filter((f) => f.rule.endsWith('-METHOD')).map((f) => `${f.rule} ${f.subject}`)).toEqual([
      'MODERN-METHOD client',
      'MODERN-METHOD server',
    ]);
  });

  it('checks notifications/tasks like a tasks/get answer', () => {
    expect(lint([['s', { jsonrpc: '2.0', method: 'notifications/tasks', params: { ...wire, status: 'input_required' } }]])).toEqual([
      'TASK-EXT-RESULT error: The task in notifications/tasks is not a valid Task of the tasks extension: an input_required task lists what it waits for in "inputRequests" (an object), and it has none.',
    ]);
  });

  it("knows the extension's own methods from 2026-07-28 on only", () => {
    expect(methodProblem('tasks/update', 'client', 'request', '2026-07-28')).toBeUndefined();
    expect(methodProblem('notifications/tasks', 'server', 'notification', '2026-07-28')).toBeUndefined();
    expect(methodProblem('tasks/update', 'client', 'request', '2025-11-25')).toBeDefined();
    expect(methodProblem('notifications/tasks', 'server', 'notification', '2025-11-25')).toBeDefined();
  });

  it("links to the extension's page, whatever the version", () => {
    expect(specUrl('TASK-EXT-STATUS', '2026-07-28')).toBe('https://modelcontextprotocol.io/extensions/tasks/overview#task-lifecycle');
    expect(specUrl('TASK-STATUS', '2025-11-25')).toBe('https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-lifecycle');
  });
});
