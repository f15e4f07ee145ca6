import { describe, expect, it } from 'vitest';
import { Linter } from './linter.js';

type Step = ['c' | 's', unknown, number?];
const task = { taskId: 't1', status: 'working', createdAt: '2025-11-25T10:00:00Z', lastUpdatedAt: '2025-11-25T10:00:00Z', ttl: 60000, pollInterval: 500 };
const serverTasks = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };

function lint(steps: Step[], serverCaps: Record<string, unknown> = serverTasks, clientCaps: Record<string, unknown> = {}) {
  const linter = new Linter({ offeredVersion: '2025-11-25' });
  const all: Step[] = [
    [
      'c',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: clientCaps, clientInfo: { name: 't', version: '1' } },
      },
    ],
    ['s', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: serverCaps, serverInfo: { name: 's', version: '1' } } }],
    ['c', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ...steps,
  ];
  for (const [i, [who, msg, at]] of all.entries()) linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg), { seq: i, at: at ?? i });
  return linter.findings.map((f) => `${f.rule} ${f.severity}: ${f.message}`);
}

const tools = (execution?: unknown): Step[] => [
  ['c', { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
  ['s', { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'research', inputSchema: { type: 'object' }, ...(execution ? { execution } : {}) }] } }],
];
const call = (id: number, asTask: boolean): Step => [
  'c',
  { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'research', arguments: {}, ...(asTask ? { task: {} } : {}) } },
];
const status = (change: Record<string, unknown>, at?: number): Step => [
  's',
  { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { ...task, ...change } },
  at,
];

describe('TASK-STATUS', () => {
  it('a clean lifecycle: working → input_required → working → completed, read with tasks/get and tasks/result', () => {
    expect(
      lint([
        ...tools({ taskSupport: 'required' }),
        call(3, true),
        ['s', { jsonrpc: '2.0', id: 3, result: { task } }],
        status({ status: 'input_required' }),
        ['c', { jsonrpc: '2.0', id: 4, method: 'tasks/get', params: { taskId: 't1' } }],
        ['s', { jsonrpc: '2.0', id: 4, result: { ...task, status: 'working' } }],
        status({ status: 'completed' }),
        ['c', { jsonrpc: '2.0', id: 5, method: 'tasks/result', params: { taskId: 't1' } }],
        ['s', { jsonrpc: '2.0', id: 5, result: { content: [], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } } }],
      ]),
    ).toEqual([]);
  });

  it('a status that goes backwards out of a terminal one, a task that begins other than working, a cancel that does not cancel', () => {
    expect(
      lint([
        call(3, true),
        ['s', { jsonrpc: '2.0', id: 3, result: { task: { ...task, status: 'completed' } } }],
        ['c', { jsonrpc: '2.0', id: 4, method: 'tasks/get', params: { taskId: 't1' } }],
        ['s', { jsonrpc: '2.0', id: 4, result: { ...task, status: 'working' } }],
        call(5, true),
        ['s', { jsonrpc: '2.0', id: 5, result: { task: { ...task, taskId: 't2' } } }],
        ['c', { jsonrpc: '2.0', id: 6, method: 'tasks/cancel', params: { taskId: 't2' } }],
        ['s', { jsonrpc: '2.0', id: 6, result: { ...task, taskId: 't2', status: 'working' } }],
      ]),
    ).toEqual([
      'TASK-STATUS error: The task created by tools/call began as completed; a task must begin in working.',
      'TASK-STATUS error: Task t1 went from completed to working, but completed is terminal: a finished task must never change status (seen in tasks/get).',
      'TASK-STATUS error: tasks/cancel was answered with status working; the task must be cancelled before the response is sent.',
    ]);
  });

  it('checks the Task shape of tasks/get, notifications/tasks/status, tasks/list, and the related-task key of tasks/result', () => {
    expect(
      lint([
        ['c', { jsonrpc: '2.0', id: 4, method: 'tasks/get', params: { taskId: 't1' } }],
        ['s', { jsonrpc: '2.0', id: 4, result: { taskId: 't1', status: 'running' } }],
        status({ ttl: undefined }),
        ['c', { jsonrpc: '2.0', id: 5, method: 'tasks/list', params: {} }],
        ['s', { jsonrpc: '2.0', id: 5, result: { tasks: [task, { taskId: 7 }] } }],
        ['c', { jsonrpc: '2.0', id: 6, method: 'tasks/result', params: { taskId: 't1' } }],
        ['s', { jsonrpc: '2.0', id: 6, result: { content: [] } }],
      ]).map((f) => f.slice(0, 80)),
    ).toEqual([
      'TASK-RESULT error: The tasks/get result is not a valid Task: status "running" is',
      'TASK-RESULT error: notifications/tasks/status does not carry a valid Task: ttl i',
      'TASK-RESULT error: tasks[1] of the tasks/list result is not a valid Task: taskId',
      'TASK-RESULT warning: The tasks/result answer for task "t1" lacks _meta["io.model',
    ]);
  });
});

describe('TASK-CAP', () => {
  it('tasks/* and task-augmented calls need the receiver to have declared them', () => {
    expect(
      lint(
        [
          ['c', { jsonrpc: '2.0', id: 3, method: 'tasks/get', params: { taskId: 't1' } }],
          ['c', { jsonrpc: '2.0', id: 4, method: 'tasks/list', params: {} }],
          call(5, true),
        ],
        { tools: {}, tasks: { requests: {} } },
      ),
    ).toEqual([
      'TASK-CAP error: The client sent tasks/list, but the server did not declare the capability tasks.list.',
      'TASK-CAP error: The client sent tools/call as a task, but the server did not declare tasks.requests.tools.call; it must answer as if no task was asked.',
    ]);
  });

  it("a tool's execution.taskSupport: forbidden (or absent) must not be called as a task; required must be", () => {
    expect(lint([...tools(), call(3, true)])).toEqual([
      'TASK-CAP error: Tool research was called as a task, but its execution.taskSupport is absent (forbidden).',
    ]);
    expect(lint([...tools({ taskSupport: 'required' }), call(3, false)])).toEqual([
      'TASK-CAP error: Tool research has execution.taskSupport "required", but was called without "task"; the server should answer -32601.',
    ]);
    expect(lint([...tools({ taskSupport: 'optional' }), call(3, false), call(4, true)])).toEqual([]);
  });

  it('a server asking the client for a task, or polling one, without the client capability', () => {
    const elicit: Step = [
      's',
      { jsonrpc: '2.0', id: 's1', method: 'elicitation/create', params: { message: 'x', requestedSchema: { type: 'object', properties: {} }, task: {} } },
    ];
    const poll: Step = ['s', { jsonrpc: '2.0', id: 's2', method: 'tasks/get', params: { taskId: 'c1' } }];
    expect(lint([elicit, poll], serverTasks, { elicitation: {} })).toEqual([
      'TASK-CAP warning: The server sent elicitation/create as a task, but the client did not declare tasks.requests.elicitation.create; it must answer as if no task was asked.',
      'TASK-CAP error: The server sent tasks/get, but the client did not declare the capability tasks.',
    ]);
    expect(lint([elicit, poll], serverTasks, { elicitation: {}, tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } } })).toEqual([]);
  });
});

describe('TASK-TTL', () => {
  it('warns once when a task is still unfinished past its ttl, by its own times or by how long it was watched', () => {
    const byTimes = lint([
      call(3, true),
      ['s', { jsonrpc: '2.0', id: 3, result: { task: { ...task, ttl: 1000 } } }],
      status({ ttl: 1000, lastUpdatedAt: '2025-11-25T10:00:03Z' }),
      status({ ttl: 1000, lastUpdatedAt: '2025-11-25T10:00:09Z' }),
    ]);
    expect(byTimes).toEqual([
      'TASK-TTL warning: Task t1 is still working 3 s after it was created, past its ttl of 1 s; the receiver may delete it at any time, so its result can be lost.',
    ]);
    const byWatching = lint([call(3, true), ['s', { jsonrpc: '2.0', id: 3, result: { task: { ...task, ttl: 1000 } } }, 100], status({ ttl: 1000 }, 2100)]);
    expect(byWatching).toEqual([
      'TASK-TTL warning: Task t1 is still working 2 s after it was created, past its ttl of 1 s; the receiver may delete it at any time, so its result can be lost.',
    ]);
    expect(lint([call(3, true), ['s', { jsonrpc: '2.0', id: 3, result: { task: { ...task, ttl: null } } }, 100], status({ ttl: null }, 99999)])).toEqual([]);
    expect(
      lint([call(3, true), ['s', { jsonrpc: '2.0', id: 3, result: { task: { ...task, ttl: 1000 } } }, 100], status({ ttl: 1000, status: 'completed' }, 5000)]),
    ).toEqual([]);
  });
});
