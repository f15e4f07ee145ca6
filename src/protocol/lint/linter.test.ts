import { describe, expect, it } from 'vitest';
import { PAIRING_CASES, type PairingVerdict } from '../ledger/pairing-cases.js';
import { Linter, type LinterOptions } from './linter.js';
import { RULE_IDS, specUrl, type RuleId } from './rules.js';
import { SDK_SCHEMA_VERSION, sdkSchemaCheck } from './sdk-schemas.js';

const schema = { schema: { check: sdkSchemaCheck, version: SDK_SCHEMA_VERSION } };

type Step = ['c' | 's', unknown, number?] | ['noise', string] | ['http', Parameters<Linter['httpExchange']>[0]];

const init = (
  version = '2025-11-25',
  caps: Record<string, unknown> = { tools: { listChanged: true }, logging: {}, resources: { subscribe: true } },
): Step[] => [
  ['c', { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } } }],
  ['s', { jsonrpc: '2.0', id: 1, result: { protocolVersion: version, capabilities: caps, serverInfo: { name: 's', version: '1' } } }],
  ['c', { jsonrpc: '2.0', method: 'notifications/initialized' }],
];

function run(steps: Step[], options: LinterOptions = {}): RuleId[] {
  const linter = new Linter({ offeredVersion: '2025-11-25', ...options });
  for (const [i, step] of steps.entries()) {
    if (step[0] === 'noise') linter.stdoutNoise(step[1]);
    else if (step[0] === 'http') linter.httpExchange(step[1]);
    else linter.frame(step[0] === 'c' ? 'client' : 'server', typeof step[1] === 'string' ? step[1] : JSON.stringify(step[1]), { seq: i, at: step[2] ?? i });
  }
  return linter.findings.map((f) => f.rule);
}

const ping = (id: number | string = 2): Step => ['c', { jsonrpc: '2.0', id, method: 'ping' }];
const pong = (id: number | string = 2, result: unknown = {}): Step => ['s', { jsonrpc: '2.0', id, result }];

const weatherTool = {
  name: 'weather',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: { t: { type: 'number' } }, required: ['t'] },
};
const listTools = (tools: unknown[]): Step[] => [
  ['c', { jsonrpc: '2.0', id: 5, method: 'tools/list' }],
  ['s', { jsonrpc: '2.0', id: 5, result: { tools } }],
];
const taskCall = (id: number, progressToken?: string): Step => [
  'c',
  {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'weather', arguments: {}, task: { ttl: 60000 }, ...(progressToken ? { _meta: { progressToken } } : {}) },
  },
];
const task = { taskId: 't1', status: 'working', createdAt: '2025-11-25T10:00:00Z', lastUpdatedAt: '2025-11-25T10:00:00Z', ttl: 60000, pollInterval: 500 };
/** A server that runs tool calls as tasks, and a tool that may be called as one. */
const taskCaps = {
  tools: { listChanged: true },
  logging: {},
  resources: { subscribe: true },
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
};
const taskTool = { ...weatherTool, execution: { taskSupport: 'optional' } };
const progress = (progressToken: string, value: number): Step => [
  's',
  { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: value } },
];
/** A tool call with progress, cancelled by the client, whose progress goes on `after` more times. */
const progressAfterCancel = (after: number): Step[] => [
  ['c', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'weather', _meta: { progressToken: 'p' } } }],
  progress('p', 1),
  ['c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'user' } }],
  ...Array.from({ length: after }, (_, i) => progress('p', 2 + i)),
];
const throwingCheck = (): string[] => {
  throw new TypeError('path is not iterable');
};
const call = (id: number, result: unknown): Step[] => [
  ['c', { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'weather', arguments: {} } }],
  ['s', { jsonrpc: '2.0', id, result }],
];

describe('Linter: a clean session has no findings', () => {
  it('handshake, ping, tools, progress, cancellation, subscription', () => {
    expect(
      run([
        ...init(),
        ping(),
        pong(),
        ...listTools([weatherTool]),
        ...call(6, { content: [{ type: 'text', text: '{"t":1}' }], structuredContent: { t: 1 } }),
        ['c', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'weather', _meta: { progressToken: 'p' } } }],
        ['s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } }],
        ['s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 2.5 } }],
        ['c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'x' } }],
        ['c', { jsonrpc: '2.0', id: 8, method: 'resources/subscribe', params: { uri: 'a://b' } }],
        ['s', { jsonrpc: '2.0', id: 8, result: {} }],
        ['s', { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'a://b' } }],
        ['s', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } }],
        ['s', { jsonrpc: '2.0', id: 'srv-1', method: 'ping' }],
        ['c', { jsonrpc: '2.0', id: 'srv-1', result: {} }],
      ]),
    ).toEqual([]);
  });

  it("a probe with an unknown method is the client's doing; a -32601 answer is clean", () => {
    const linter = new Linter();
    for (const [who, msg] of init()) linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg));
    linter.frame('client', '{"jsonrpc":"2.0","id":9,"method":"no/such"}');
    linter.frame('server', '{"jsonrpc":"2.0","id":9,"error":{"code":-32601,"message":"Method not found"}}');
    expect(linter.findings.map((f) => [f.rule, f.subject])).toEqual([['METHOD-UNKNOWN', 'client']]);
  });
});

// Each rule: a failing example (the rule fires) — the clean session above is the passing one.
const MODERN: LinterOptions = { offeredVersion: '2026-07-28' };
const modernMeta = (extensions: Record<string, unknown> = { 'io.modelcontextprotocol/tasks': {} }) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions },
});
const modernCall = (id: number, extensions?: Record<string, unknown>): Step => [
  'c',
  { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'job', arguments: {}, _meta: modernMeta(extensions) } },
];
const extTask = { resultType: 'task', taskId: 't1', status: 'working', createdAt: '2026-07-28T10:00:00Z', lastUpdatedAt: '2026-07-28T10:00:00Z', ttlMs: 1000 };

const failing: Array<[RuleId, Step[], LinterOptions?]> = [
  ['JR-VERSION', [['s', '{"jsonrpc":"1.0","id":1,"result":{}}']]],
  ['JR-ID-TYPE', [['c', '{"jsonrpc":"2.0","id":null,"method":"ping"}']]],
  ['JR-ID-REUSE', [...init(), ping(2), pong(2), ping(2)]],
  ['JR-RESP-ORPHAN', [...init(), pong(42)]],
  ['JR-RESP-ORPHAN', [...init(), ping(2), pong('2')]],
  ['JR-RESP-ORPHAN', [...init(), ping(2), pong(2), pong(2)]],
  ['JR-RESULT-AND-ERROR', [['s', '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}']]],
  ['JR-ERROR-SHAPE', [['s', '{"jsonrpc":"2.0","id":1,"error":{"code":"oops","message":"m"}}']]],
  ['JR-ERROR-ID', [...init(), ['s', '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}']]],
  ['JR-NOTIF-ID', [...init(), ['s', { jsonrpc: '2.0', id: 3, method: 'notifications/message', params: {} }]]],
  ['JR-INVALID', [['s', '[]']]],
  [
    'BATCH-FORBIDDEN',
    [
      ...init(),
      [
        'c',
        [
          { jsonrpc: '2.0', id: 2, method: 'ping' },
          { jsonrpc: '2.0', id: 3, method: 'ping' },
        ],
      ],
    ],
  ],
  ['BATCH-INIT', [['c', [{ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }]]], { offeredVersion: '2025-03-26' }],
  ['METHOD-UNKNOWN', [...init(), ['s', { jsonrpc: '2.0', id: 'x', method: 'tools/call', params: {} }]]],
  ['METHOD-UNKNOWN', [...init('2025-03-26'), ['s', { jsonrpc: '2.0', id: 'x', method: 'elicitation/create', params: {} }]], { offeredVersion: '2025-03-26' }],
  ['METHOD-UNKNOWN', [...init(), ['c', { jsonrpc: '2.0', id: 9, method: 'no/such' }], ['s', { jsonrpc: '2.0', id: 9, result: {} }]]],
  ['META-KEY', [...init(), ['c', { jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { 'io.mcp/secret': 1 } } }]]],
  ['META-KEY', [...init(), ['c', { jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { '-bad-': 1 } } }]]],
  ['LC-EARLY-CLIENT', [['c', { jsonrpc: '2.0', id: 1, method: 'tools/list' }]]],
  ['LC-EARLY-SERVER', [init()[0]!, init()[1]!, ['s', { jsonrpc: '2.0', id: 'r', method: 'roots/list' }]], { clientCapabilities: { roots: {} } }],
  ['LC-NO-INITIALIZED', [init()[0]!, init()[1]!, ['c', { jsonrpc: '2.0', id: 2, method: 'tools/list' }]]],
  ['LC-NO-INITIALIZED', [...init(), ['c', { jsonrpc: '2.0', id: 2, method: 'initialize', params: {} }]]],
  [
    'LC-VERSION',
    [init()[0]!, ['s', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2099-01-01', capabilities: {}, serverInfo: { name: 's', version: '1' } } }]],
  ],
  ['CAP-UNDECLARED', [...init('2025-11-25', {}), ['s', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 1 } }]]],
  ['CAP-UNDECLARED', [...init('2025-11-25', { tools: {} }), ['s', { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]]],
  ['CAP-UNDECLARED', [...init(), ['s', { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'never://subscribed' } }]]],
  ['CAP-UNDECLARED', [...init(), ['s', { jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage', params: {} }]]],
  ['CAP-UNDECLARED', [...init('2025-11-25', {}), ['c', { jsonrpc: '2.0', id: 2, method: 'prompts/list' }]]],
  ['CANCEL-INIT', [init()[0]!, ['c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }]]],
  [
    'CANCEL-TARGET',
    [...init(), ['s', { jsonrpc: '2.0', id: 's1', method: 'ping' }], ['c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 's1' } }]],
  ],
  ['CANCEL-TARGET', [...init(), ['c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 77 } }]]],
  ['CANCEL-THEN-RESPONSE', [...init(), ping(2), ['c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } }], pong(2)]],
  ['PROG-TOKEN', [...init(), ['s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'nope', progress: 1 } }]]],
  [
    'PROG-TOKEN',
    [
      ...init(),
      ['c', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 't' } } }],
      ['s', { jsonrpc: '2.0', id: 2, result: { content: [] } }],
      ['s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } }],
    ],
  ],
  [
    'PROG-MONOTONIC',
    [
      ...init(),
      ['c', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 't' } } }],
      ['s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 5 } }],
      ['s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 5 } }],
    ],
  ],
  ['PING-PARAMS', [...init(), ['c', { jsonrpc: '2.0', id: 2, method: 'ping', params: { x: 1 } }]]],
  ['PING-RESULT', [...init(), ping(2), pong(2, { pong: true })]],
  ['PING-RESULT', [...init(), ['c', { jsonrpc: '2.0', id: 2, method: 'ping' }, 0], ['s', { jsonrpc: '2.0', id: 2, result: {} }, 5000]]],
  ['STDIO-NONMSG', [['noise', 'Server listening...']]],
  [
    'STDIO-NEWLINE',
    [
      ['noise', '{'],
      ['noise', '  "jsonrpc": "2.0",'],
      ['noise', '  "id": 1, "result": {}'],
      ['noise', '}'],
    ],
  ],
  ['SCHEMA', [...init(), ['c', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { arguments: {} } }]], schema],
  ['SCHEMA', [...init(), ['s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'x' } }]], schema],
  [
    'SCHEMA',
    [
      ...init(),
      ['c', { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'a://b' } }],
      ['s', { jsonrpc: '2.0', id: 2, result: { contents: 'nope' } }],
    ],
    schema,
  ],
  ['HTTP-ACCEPT', [['http', { method: 'POST', status: 200, requestHeaders: { accept: 'application/json' }, responseHeaders: {}, carried: 'request' }]]],
  [
    'HTTP-202',
    [
      [
        'http',
        {
          method: 'POST',
          status: 200,
          requestHeaders: { accept: 'application/json, text/event-stream' },
          responseHeaders: { 'content-type': 'application/json' },
          carried: 'notification',
          responseBytes: 12,
        },
      ],
    ],
  ],
  [
    'HTTP-202',
    [
      [
        'http',
        {
          method: 'POST',
          status: 200,
          requestHeaders: { accept: 'application/json, text/event-stream' },
          responseHeaders: { 'content-type': 'text/html' },
          carried: 'request',
        },
      ],
    ],
  ],
  [
    'HTTP-VERSION-HDR',
    [
      ...init(),
      [
        'http',
        { method: 'POST', status: 202, requestHeaders: { accept: 'application/json, text/event-stream' }, responseHeaders: {}, carried: 'notification' },
      ],
    ],
  ],
  [
    'HTTP-SESSION',
    [
      [
        'http',
        {
          method: 'POST',
          status: 200,
          initialize: true,
          requestHeaders: { accept: 'application/json, text/event-stream' },
          responseHeaders: { 'content-type': 'application/json', 'mcp-session-id': 'abc' },
          carried: 'request',
        },
      ],
      [
        'http',
        { method: 'POST', status: 202, requestHeaders: { accept: 'application/json, text/event-stream' }, responseHeaders: {}, carried: 'notification' },
      ],
    ],
  ],
  ['TOOL-DEF', [...init(), ...listTools([{ name: 'bad', inputSchema: null }])]],
  ['TOOL-DEF', [...init(), ...listTools([{ name: 'has spaces', inputSchema: { type: 'object' } }])]],
  ['TOOL-CONTENT', [...init(), ...listTools([weatherTool]), ...call(6, { content: [{ type: 'image', mimeType: 'image/png', data: 'not base64!' }] })]],
  [
    'TOOL-CONTENT',
    [...init('2024-11-05'), ...call(6, { content: [{ type: 'audio', mimeType: 'audio/wav', data: 'AAAA' }] })],
    { offeredVersion: '2024-11-05' },
  ],
  ['TOOL-OUTPUT', [...init(), ...listTools([weatherTool]), ...call(6, { content: [{ type: 'text', text: 'x' }], structuredContent: { t: 'warm' } })]],
  ['TOOL-OUTPUT', [...init(), ...listTools([weatherTool]), ...call(6, { content: [{ type: 'text', text: 'x' }] })]],
  ['CANCEL-THEN-PROGRESS', [...init(), ...progressAfterCancel(2)]],
  ['ELICIT-URL', [...init(), ['s', { jsonrpc: '2.0', id: 'e', method: 'elicitation/create', params: { mode: 'url', message: 'm', url: 'nope' } }]]],
  [
    'ELICIT-MODE',
    [...init(), ...call(6, undefined).slice(0, 1), ['s', { jsonrpc: '2.0', id: 6, error: { code: -32042, message: 'm', data: { elicitations: [] } } }]],
  ],
  ['ELICIT-COMPLETE', [...init(), ['s', { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'never-started' } }]]],
  ['ELICIT-REQUIRED', [...init(), ...call(6, undefined).slice(0, 1), ['s', { jsonrpc: '2.0', id: 6, error: { code: -32042, message: 'm', data: {} } }]]],
  ['TASK-RESULT', [...init(), taskCall(6), ['s', { jsonrpc: '2.0', id: 6, result: { task: { taskId: 't1', status: 'busy' } } }]]],
  ['LOG-MESSAGE', [...init(), ['s', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'verbose', data: 1 } }]]],
  ['LOG-SET-LEVEL', [...init(), ['c', { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'loud' } }]]],
  [
    'LOG-BELOW-LEVEL',
    [
      ...init(),
      ['c', { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'error' } }],
      ['s', { jsonrpc: '2.0', id: 2, result: {} }],
      ['s', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'debug', data: 1 } }],
    ],
  ],
  [
    'SAMPLING-REQUEST',
    [...init(), ['s', { jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage', params: { maxTokens: 9 } }]],
    { clientCapabilities: {} },
  ],
  [
    'SAMPLING-RESULT',
    [
      ...init(),
      [
        's',
        {
          jsonrpc: '2.0',
          id: 's1',
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 9 },
        },
      ],
      ['c', { jsonrpc: '2.0', id: 's1', result: { role: 'assistant', content: { type: 'text', text: 'Hello' } } }],
    ],
  ],
  [
    'TASK-STATUS',
    [
      ...init('2025-11-25', taskCaps),
      taskCall(6),
      ['s', { jsonrpc: '2.0', id: 6, result: { task } }],
      ['s', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { ...task, status: 'completed' } }],
      ['s', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { ...task, status: 'working' } }],
    ],
  ],
  ['TASK-CAP', [...init(), ['c', { jsonrpc: '2.0', id: 6, method: 'tasks/list', params: {} }]]],
  [
    'TASK-TTL',
    [
      ...init('2025-11-25', taskCaps),
      taskCall(6),
      ['s', { jsonrpc: '2.0', id: 6, result: { task: { ...task, ttl: 1000 } } }],
      ['s', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { ...task, ttl: 1000, lastUpdatedAt: '2025-11-25T10:00:05Z' } }],
    ],
  ],
  ['LINT-INTERNAL', [...init(), ping(2)], { schema: { check: throwingCheck, version: '2025-11-25' } }],
  [
    'COMPLETION-RESULT',
    [
      ...init('2025-11-25', { completions: {} }),
      ['c', { jsonrpc: '2.0', id: 2, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } } }],
      ['s', { jsonrpc: '2.0', id: 2, result: { completion: { values: [1, 2] } } }],
    ],
  ],
  [
    'ROOTS-URI',
    [...init(), ['s', { jsonrpc: '2.0', id: 'r', method: 'roots/list' }], ['c', { jsonrpc: '2.0', id: 'r', result: { roots: [{ uri: 'https://x.test' }] } }]],
  ],
  ['TOOL-SCHEMA-SAFE', [...init(), ...listTools([{ name: 'look', inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '(?=a)' } } } }])]],
  // The tasks extension (2026-07-28): requests carry their version in _meta; no initialize.
  ['TASK-EXT-CAP', [modernCall(2, {}), ['s', { jsonrpc: '2.0', id: 2, result: extTask }]], MODERN],
  ['TASK-EXT-RESULT', [modernCall(2), ['s', { jsonrpc: '2.0', id: 2, result: { ...extTask, ttlMs: 'soon' } }]], MODERN],
  [
    'TASK-EXT-STATUS',
    [
      modernCall(2),
      ['s', { jsonrpc: '2.0', id: 2, result: { ...extTask, status: 'cancelled' } }],
      ['c', { jsonrpc: '2.0', id: 3, method: 'tasks/get', params: { taskId: 't1', _meta: modernMeta() } }],
      ['s', { jsonrpc: '2.0', id: 3, result: { ...extTask, resultType: 'complete' } }],
    ],
    MODERN,
  ],
  [
    'TASK-EXT-ACK',
    [
      ['c', { jsonrpc: '2.0', id: 2, method: 'tasks/cancel', params: { taskId: 't1', _meta: modernMeta() } }],
      ['s', { jsonrpc: '2.0', id: 2, result: { ...extTask, resultType: 'complete', status: 'cancelled' } }],
    ],
    MODERN,
  ],
];

describe('Linter: each rule fires on its failing example', () => {
  for (const [rule, steps, options] of failing) {
    it(`${rule}`, () => {
      expect(run(steps, options)).toContain(rule);
    });
  }

  it('has a failing example for every rule except SSE-ENDPOINT (tested below), the 2026-07-28 ones (modern.test.ts), the AUTH-* ones (auth-rules.test.ts), the APP-* ones (apps/rules.test.ts) and MODEL-TOOLS-CONFUSED (evals/findings.test.ts)', () => {
    const covered = new Set(failing.map(([r]) => r));
    expect(
      RULE_IDS.filter(
        (r) =>
          !covered.has(r) &&
          !r.startsWith('MODERN-') &&
          !r.startsWith('AUTH-') &&
          !r.startsWith('PROVIDER-') &&
          !r.startsWith('APP-') &&
          r !== 'MODEL-TOOLS-CONFUSED',
      ),
    ).toEqual(['SSE-ENDPOINT']);
  });

  it('SSE-ENDPOINT: the first SSE event must be endpoint', () => {
    const linter = new Linter();
    expect(linter.sseFirstEvent('endpoint')).toEqual([]);
    expect(linter.sseFirstEvent('message').map((f) => f.rule)).toEqual(['SSE-ENDPOINT']);
  });
});

describe('Linter: SCHEMA against the SDK', () => {
  it('the clean session fits the schemas too', () => {
    const steps: Step[] = [
      ...init(),
      ping(),
      pong(),
      ...listTools([weatherTool]),
      ...call(6, { content: [{ type: 'text', text: '{"t":1}' }], structuredContent: { t: 1 } }),
      ['c', { jsonrpc: '2.0', id: 8, method: 'resources/subscribe', params: { uri: 'a://b' } }],
      ['s', { jsonrpc: '2.0', id: 8, result: {} }],
      ['s', { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'a://b' } }],
    ];
    expect(run(steps, schema)).toEqual([]);
  });

  it('applies only to the version the schemas describe', () => {
    const steps: Step[] = [...init('2025-06-18'), ['c', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} }]];
    expect(run(steps, { offeredVersion: '2025-06-18', ...schema })).not.toContain('SCHEMA');
  });

  it('says where the schema was broken', () => {
    const linter = new Linter(schema);
    for (const [who, msg] of init()) linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg));
    const [f] = linter.frame('server', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'x' } }));
    expect(f?.message).toMatch(/notifications\/progress \(notification\) does not match the 2025-11-25 schema: notification\.params\.progress/);
  });
});

describe('Linter details', () => {
  it('learns the client capabilities from the initialize it sees', () => {
    const steps: Step[] = [
      [
        'c',
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 't', version: '1' } },
        },
      ],
      init()[1]!,
      init()[2]!,
      ['s', { jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { message: 'm', requestedSchema: { type: 'object', properties: {} } } }],
    ];
    expect(run(steps)).not.toContain('CAP-UNDECLARED');
  });

  it('checks against the negotiated version: batches are fine in 2025-03-26', () => {
    const steps: Step[] = [...init('2025-03-26'), ['c', [{ jsonrpc: '2.0', id: 2, method: 'ping' }]]];
    expect(run(steps, { offeredVersion: '2025-03-26' })).not.toContain('BATCH-FORBIDDEN');
  });

  it('reports an id answered in the other JSON type once, as answering nothing', () => {
    expect(run([...init(), ping(2), pong('2')]).filter((r) => r === 'JR-RESP-ORPHAN')).toHaveLength(1);
  });

  it('a finding carries severity, message, seq and the spec section of the version in use', () => {
    const linter = new Linter({ offeredVersion: '2025-06-18' });
    const [f] = linter.frame('server', '{"jsonrpc":"2.0","id":1,"result":{"pong":true}}', { seq: 3 });
    expect(f).toMatchObject({ rule: 'JR-RESP-ORPHAN', severity: 'error', seq: 3, subject: 'server' });
    expect(f?.specUrl).toBe('https://modelcontextprotocol.io/specification/2025-06-18/basic#responses');
    expect(specUrl('JR-VERSION', '2024-11-05')).toContain('/2024-11-05/basic/messages#');
  });

  it('names a noisy stdout line in the finding', () => {
    const linter = new Linter();
    expect(linter.stdoutNoise('Server listening on port 3000')[0]?.message).toContain('Server listening on port 3000');
  });

  it('never throws on garbage', () => {
    const linter = new Linter();
    for (const raw of ['', 'x', '[]', '[1]', 'null', '{"jsonrpc":"2.0"}', '{"jsonrpc":"2.0","id":1,"result":null}']) {
      expect(() => linter.frame('server', raw)).not.toThrow();
      expect(() => linter.frame('client', raw)).not.toThrow();
    }
  });
});

describe('Linter: server-chosen names that are Object.prototype members', () => {
  const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
  const badPing: Step[] = [ping(90), pong(90, { pong: true })];

  for (const name of names) {
    it(`${name}: requests, notifications and the responses to them are linted, and so is a later bad frame`, () => {
      const linter = new Linter({ offeredVersion: '2025-11-25', ...schema });
      const steps: Step[] = [
        ...init(),
        ['c', { jsonrpc: '2.0', id: 10, method: name, params: {} }],
        ['s', { jsonrpc: '2.0', id: 10, result: {} }],
        ['s', { jsonrpc: '2.0', id: 's-10', method: name, params: {} }],
        ['c', { jsonrpc: '2.0', id: 's-10', error: { code: -32601, message: 'Method not found' } }],
        ['s', { jsonrpc: '2.0', method: name, params: {} }],
        ['c', { jsonrpc: '2.0', method: name }],
        ['c', { jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name, arguments: {} } }],
        ['s', { jsonrpc: '2.0', id: 11, result: { content: [{ type: name, text: 'x' }] } }],
        ...badPing,
      ];
      for (const [i, step] of steps.entries()) {
        if (step[0] === 'c' || step[0] === 's') linter.frame(step[0] === 'c' ? 'client' : 'server', JSON.stringify(step[1]), { seq: i });
      }
      const found = linter.findings.map((f) => [f.rule, f.seq]);
      expect(linter.findings.filter((f) => f.rule === 'LINT-INTERNAL')).toEqual([]);
      // Each unknown method is named as such, in each direction; the server's reply to ours is judged too.
      expect(found).toEqual([
        ['METHOD-UNKNOWN', 3],
        ['METHOD-UNKNOWN', 4],
        ['METHOD-UNKNOWN', 5],
        ['METHOD-UNKNOWN', 7],
        ['METHOD-UNKNOWN', 8],
        ['SCHEMA', 10],
        ['TOOL-CONTENT', 10],
        ['PING-RESULT', 12],
      ]);
      expect(linter.findings[0]?.message).toBe(`${name} is not an MCP request a client sends.`);
      expect(linter.findings[6]?.message).toBe(`content[0] has unknown type ${JSON.stringify(name)}.`);
    });
  }

  it('a tool named __proto__ with an outputSchema is checked like any other', () => {
    const tool = { ...weatherTool, name: '__proto__' };
    const steps: Step[] = [
      ...init(),
      ...listTools([tool, { name: 'constructor', inputSchema: { type: 'object' } }]),
      ['c', { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: '__proto__', arguments: {} } }],
      ['s', { jsonrpc: '2.0', id: 6, result: { content: [{ type: 'text', text: 'x' }], structuredContent: { t: 'warm' } } }],
      // A tool never listed: no outputSchema to hold it to, whatever its name.
      ['c', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'toString', arguments: {} } }],
      ['s', { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'x' }] } }],
      ...badPing,
    ];
    expect(run(steps)).toEqual(['TOOL-OUTPUT', 'PING-RESULT']);
  });

  it('progress tokens and ids named like prototype members are ordinary', () => {
    const steps: Step[] = [
      ...init(),
      ['c', { jsonrpc: '2.0', id: '__proto__', method: 'tools/call', params: { name: 'weather', _meta: { progressToken: 'constructor' } } }],
      progress('constructor', 1),
      ['s', { jsonrpc: '2.0', id: '__proto__', result: { content: [] } }],
      progress('toString', 1),
    ];
    expect(run(steps)).toEqual(['PROG-TOKEN']);
  });
});

describe('Linter: a failing check never stops the others', () => {
  it('a throwing check is one LINT-INTERNAL finding; the other checks of the frame still run, and later frames are linted', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', schema: { check: throwingCheck, version: '2025-11-25' } });
    for (const [who, msg] of init()) linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg));
    const before = linter.findings.length;
    const found = linter.frame('client', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { x: 1 } }), { seq: 9 });
    expect(found.map((f) => f.rule)).toEqual(['LINT-INTERNAL', 'PING-PARAMS']);
    expect(found[0]).toMatchObject({ severity: 'warning', seq: 9, subject: 'client', specUrl: '' });
    expect(found[0]?.message).toBe(
      'The check SCHEMA failed on the client\'s request "ping" (id 2) (TypeError: path is not iterable). This is a bug in mcpscope, not a fault of the peer: please report it with this frame. The other checks still ran.',
    );
    // The request was still recorded: its bad answer is judged, and nothing else is lost.
    const later = linter.frame('server', JSON.stringify({ jsonrpc: '2.0', id: 2, result: { pong: true } }));
    expect(later.map((f) => f.rule)).toEqual(['LINT-INTERNAL', 'PING-RESULT']);
    expect(linter.findings.length).toBe(before + 4);
  });
});

describe('Linter: tasks (2025-11-25)', () => {
  it('a task answer to a task-augmented tools/call is no TOOL-CONTENT or SCHEMA problem, and its progress may go on', () => {
    const steps: Step[] = [
      ...init('2025-11-25', taskCaps),
      ...listTools([taskTool]),
      taskCall(6, 'tp'),
      ['s', { jsonrpc: '2.0', id: 6, result: { task } }],
      progress('tp', 1),
      progress('tp', 2),
    ];
    expect(run(steps, schema)).toEqual([]);
  });

  it("a task's progress token is free again once the task ends: by its status, tasks/get, or its result retrieved", () => {
    const reuse = (id: number): Step => taskCall(id, 'tp');
    const ends: Array<[string, Step[]]> = [
      ['notifications/tasks/status', [['s', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { ...task, status: 'completed' } }]]],
      [
        'tasks/get',
        [
          ['c', { jsonrpc: '2.0', id: 8, method: 'tasks/get', params: { taskId: 't1' } }],
          ['s', { jsonrpc: '2.0', id: 8, result: { ...task, status: 'failed' } }],
        ],
      ],
      [
        'tasks/result',
        [
          ['c', { jsonrpc: '2.0', id: 8, method: 'tasks/result', params: { taskId: 't1' } }],
          ['s', { jsonrpc: '2.0', id: 8, result: { content: [], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } } }],
        ],
      ],
    ];
    for (const [how, end] of ends) {
      const steps: Step[] = [
        ...init('2025-11-25', taskCaps),
        taskCall(6, 'tp'),
        ['s', { jsonrpc: '2.0', id: 6, result: { task } }],
        progress('tp', 1),
        ...end,
        reuse(9),
      ];
      expect(run(steps), how).toEqual([]);
    }
    // Still working: reusing the token is a mistake.
    const working: Step[] = [
      ...init('2025-11-25', taskCaps),
      taskCall(6, 'tp'),
      ['s', { jsonrpc: '2.0', id: 6, result: { task } }],
      ['s', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: task }],
      reuse(9),
    ];
    expect(run(working)).toEqual(['PROG-TOKEN']);
  });

  it('a receiver without task support may answer a task-augmented call with the usual result', () => {
    // Only the client's asking is at fault (TASK-CAP): the usual answer is right.
    expect(run([...init(), taskCall(6), ['s', { jsonrpc: '2.0', id: 6, result: { content: [{ type: 'text', text: 'x' }] } }]])).toEqual(['TASK-CAP']);
  });

  it('says what is wrong with the task', () => {
    const linter = new Linter();
    for (const [who, msg] of [...init(), taskCall(6)]) linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg));
    const [f] = linter.frame('server', JSON.stringify({ jsonrpc: '2.0', id: 6, result: { task: { taskId: 't1', status: 'busy', ttl: 'long' } } }));
    expect(f?.rule).toBe('TASK-RESULT');
    expect(f?.message).toBe(
      'The task answer to tools/call is not a valid Task: status "busy" is not one of working, input_required, completed, failed, cancelled; createdAt (an ISO 8601 time) is missing; lastUpdatedAt (an ISO 8601 time) is missing; ttl is neither a number of milliseconds nor null.',
    );
    expect(f?.specUrl).toBe('https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#creating-tasks');
  });

  it('a result with "task" to a request that asked for none is still a tools/call result without content', () => {
    expect(run([...init(), ...call(6, { task })])).toEqual(['TOOL-CONTENT']);
  });
});

describe('Linter: progress after notifications/cancelled', () => {
  it('one notification that crossed the cancel is info; more are a warning', () => {
    const linter = new Linter();
    for (const [who, msg] of [...init(), ...progressAfterCancel(3)]) linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg));
    expect(linter.findings.map((f) => [f.rule, f.severity])).toEqual([
      ['CANCEL-THEN-PROGRESS', 'info'],
      ['CANCEL-THEN-PROGRESS', 'warning'],
      ['CANCEL-THEN-PROGRESS', 'warning'],
    ]);
    expect(linter.findings[2]?.message).toBe(
      'Progress for tools/call (id 7) continues after it was cancelled (3 notifications so far); the server should stop working on a cancelled request.',
    );
    expect(linter.findings[0]?.specUrl).toBe('https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/cancellation#behavior-requirements');
  });

  it('progress before the cancel is fine', () => {
    expect(run([...init(), ...progressAfterCancel(0)])).toEqual([]);
  });
});

describe('Linter: the id table (same answers as the ledger)', () => {
  /** What the linter makes of an answer, in the ledger's words. */
  const verdictOf = (found: ReturnType<Linter['frame']>): PairingVerdict => {
    const f = found.find((x) => x.rule === 'JR-RESP-ORPHAN' || x.rule === 'JR-ERROR-ID');
    if (f === undefined) return 'paired';
    if (f.rule === 'JR-ERROR-ID') return 'unidentified';
    if (/second time/.test(f.message)) return 'duplicate';
    if (/JSON type/.test(f.message)) return 'type-mismatch';
    return 'orphan';
  };

  it.each(PAIRING_CASES)('$name', (c) => {
    const linter = new Linter({ offeredVersion: '2025-11-25' });
    let at = 0;
    for (const [who, msg] of init()) linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg), { at: at++ });
    if (!c.answersFirst) linter.frame('client', c.request, { at: at++ });
    const verdicts = c.answers.map((raw) => verdictOf(linter.frame('server', raw, { at: at++ })));
    expect(verdicts).toEqual(c.expect);
    if (c.answersFirst) {
      linter.frame('client', c.request, { at: at++ });
      // Paired early, the request awaits nothing: the same answer again is a duplicate.
      expect(verdictOf(linter.frame('server', c.answers[0]!, { at: at++ }))).toBe(c.answeredEarly ? 'duplicate' : 'paired');
    }
  });
});
