// The 2026-07-28 rule set, on hand-built frame streams: each rule with a stream
// that triggers it and one that does not; a mixed connection (the Auto probe)
// linted frame by frame in its own era.

import { describe, expect, it } from 'vitest';
import { Linter, type LinterOptions } from './linter.js';
import { RULE_IDS, type RuleId } from './rules.js';
import { httpFactsOf } from './http-facts.js';
import { httpExchange } from '../../../test/fixtures/http-exchange.js';
import type { HttpExchangeFacts } from './transport.js';
import { MODERN_SCHEMA_VERSION, SDK_SCHEMA_VERSION, modernSchemaCheck, sdkSchemaCheck } from './sdk-schemas.js';

const V = '2026-07-28';
const CAPS = { elicitation: { form: {} }, sampling: {} };
const clientMeta = (extra: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': CAPS,
  'io.modelcontextprotocol/clientInfo': { name: 'mcpscope', version: '1' },
  ...extra,
});
const serverMeta = { 'io.modelcontextprotocol/serverInfo': { name: 'hand', version: '1' } };

type Frame = ['c' | 's', unknown] | ['http', HttpExchangeFacts];

const req = (id: number | string, method: string, params: Record<string, unknown> = {}, meta: Record<string, unknown> = clientMeta()): Frame => [
  'c',
  { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } },
];
const ok = (id: number | string, result: Record<string, unknown> = {}): Frame => [
  's',
  { jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: serverMeta, ...result } },
];
const err = (id: number | string, code: number, data?: unknown): Frame => [
  's',
  { jsonrpc: '2.0', id, error: { code, message: 'no', ...(data !== undefined ? { data } : {}) } },
];
const cache = { ttlMs: 60000, cacheScope: 'public' };
const discoverResult = { supportedVersions: [V], capabilities: { tools: {} }, ...cache };

function lint(frames: Frame[], options: LinterOptions = {}): Linter {
  const linter = new Linter({ offeredVersion: V, ...options });
  for (const [i, f] of frames.entries()) {
    if (f[0] === 'http') linter.httpExchange(f[1], { seq: i });
    else linter.frame(f[0] === 'c' ? 'client' : 'server', JSON.stringify(f[1]), { seq: i, at: i });
  }
  return linter;
}
const rules = (frames: Frame[], options: LinterOptions = {}): RuleId[] => lint(frames, options).findings.map((f) => f.rule);

/** A clean modern exchange: discover, list, call. */
const clean: Frame[] = [
  req(1, 'server/discover'),
  ok(1, discoverResult),
  req(2, 'tools/list'),
  ok(2, { tools: [{ name: 'echo', inputSchema: { type: 'object' } }], ...cache }),
  req(3, 'tools/call', { name: 'echo', arguments: {} }),
  ok(3, { content: [{ type: 'text', text: 'hi' }] }),
];

const post = (method: string, headers: Record<string, string>, status: number, requestKeys?: string[], responseHeaders: Record<string, string> = {}): Frame => [
  'http',
  {
    method,
    status,
    mode: 'streamable-http',
    requestHeaders: { accept: 'application/json, text/event-stream', ...headers },
    responseHeaders: { 'content-type': 'application/json', ...responseHeaders },
    responseBytes: 10,
    ...(method === 'POST' ? { carried: 'request' as const } : {}),
    ...(requestKeys ? { requestKeys } : {}),
  },
];
const goodHeaders = (method: string, name?: string) => ({
  'mcp-protocol-version': V,
  'mcp-method': method,
  ...(name !== undefined ? { 'mcp-name': name } : {}),
});

describe('modern lint: a clean 2026-07-28 exchange', () => {
  it('has no findings, and links nothing to the initialize generation', () => {
    expect(rules(clean)).toEqual([]);
  });

  it('is the era of each request _meta, even on a connection offered as 2025-11-25', () => {
    expect(rules(clean, { offeredVersion: '2025-11-25' })).toEqual([]);
  });

  it('a clean HTTP exchange with the right headers has no findings', () => {
    expect(
      rules([req(3, 'tools/call', { name: 'echo', arguments: {} }), ok(3, { content: [] }), post('POST', goodHeaders('tools/call', 'echo'), 200, ['n:3'])]),
    ).toEqual([]);
  });
});

/** Per rule: a stream that triggers it, and the smallest change that does not. */
const cases: Array<[RuleId, Frame[], Frame[]]> = [
  [
    'MODERN-META',
    [req(1, 'tools/list', {}, { 'io.modelcontextprotocol/protocolVersion': V }), ok(1, { tools: [], ...cache })],
    [req(1, 'tools/list'), ok(1, { tools: [], ...cache })],
  ],
  [
    'MODERN-RESULT-TYPE',
    [req(1, 'tools/call', { name: 'echo' }), ['s', { jsonrpc: '2.0', id: 1, result: { content: [], _meta: serverMeta } }]],
    clean.slice(4),
  ],
  ['MODERN-CACHE', [req(1, 'resources/list'), ok(1, { resources: [], ttlMs: -1 })], [req(1, 'resources/list'), ok(1, { resources: [], ...cache })]],
  ['MODERN-METHOD', [req(1, 'ping'), err(1, -32601)], [req(1, 'server/discover'), ok(1, discoverResult)]],
  [
    'MODERN-LOG',
    [
      req(1, 'tools/call', { name: 'echo' }),
      ['s', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }],
      ok(1, { content: [] }),
    ],
    [
      req(1, 'tools/call', { name: 'echo' }, clientMeta({ 'io.modelcontextprotocol/logLevel': 'info' })),
      ['s', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }],
      ok(1, { content: [] }),
    ],
  ],
  ['MODERN-ERROR-CODE', [req(1, 'resources/read', { uri: 'file:///x' }), err(1, -32002)], [req(1, 'resources/read', { uri: 'file:///x' }), err(1, -32602)]],
  [
    'MODERN-MRTR',
    [req(1, 'tools/list'), ok(1, { resultType: 'input_required', requestState: 's' })],
    [req(1, 'tools/call', { name: 'echo' }), ok(1, { resultType: 'input_required', requestState: 's' })],
  ],
  [
    'MODERN-MRTR-RETRY',
    [
      req(1, 'tools/call', { name: 'echo' }),
      ok(1, { resultType: 'input_required', requestState: 'abc' }),
      req(2, 'tools/call', { name: 'echo', requestState: 'abd' }),
    ],
    [
      req(1, 'tools/call', { name: 'echo' }),
      ok(1, { resultType: 'input_required', requestState: 'abc' }),
      req(2, 'tools/call', { name: 'echo', requestState: 'abc' }),
    ],
  ],
  ['MODERN-DISCOVER', [req(1, 'server/discover'), ok(1, { ...discoverResult, supportedVersions: [] })], clean.slice(0, 2)],
  [
    'MODERN-SERVER-INFO',
    [req(1, 'tools/list'), ['s', { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', tools: [], ...cache } }]],
    [req(1, 'tools/list'), ok(1, { tools: [], ...cache })],
  ],
  [
    'MODERN-HTTP-HEADERS',
    [req(1, 'tools/call', { name: 'echo' }), ok(1, { content: [] }), post('POST', goodHeaders('tools/call'), 200, ['n:1'])],
    [req(1, 'tools/call', { name: 'echo' }), ok(1, { content: [] }), post('POST', goodHeaders('tools/call', 'echo'), 200, ['n:1'])],
  ],
  [
    'MODERN-HTTP-MISMATCH',
    [req(1, 'tools/call', { name: 'echo' }), ok(1, { content: [] }), post('POST', goodHeaders('tools/call', 'other'), 200, ['n:1'])],
    [req(1, 'tools/call', { name: 'echo' }), err(1, -32020), post('POST', goodHeaders('tools/call', 'other'), 400, ['n:1'])],
  ],
  [
    'MODERN-HTTP-SESSION',
    [req(1, 'tools/list'), ok(1, { tools: [], ...cache }), post('POST', goodHeaders('tools/list'), 200, ['n:1'], { 'mcp-session-id': 'abc' })],
    [req(1, 'tools/list'), ok(1, { tools: [], ...cache }), post('POST', goodHeaders('tools/list'), 200, ['n:1'])],
  ],
  ['MODERN-HTTP-METHOD', [...clean.slice(0, 2), post('GET', { accept: 'text/event-stream' }, 405)], clean.slice(0, 2)],
];

describe('modern lint: each rule fires on its failing stream and not on the fixed one', () => {
  for (const [rule, failing, passing] of cases) {
    it(rule, () => {
      expect(rules(failing)).toContain(rule);
      expect(rules(passing)).not.toContain(rule);
    });
  }

  it('covers every MODERN- rule', () => {
    const covered = new Set(cases.map(([r]) => r));
    expect(RULE_IDS.filter((r) => r.startsWith('MODERN-') && !covered.has(r))).toEqual([]);
  });

  it('links each finding to the 2026-07-28 specification', () => {
    for (const [, failing] of cases) {
      for (const f of lint(failing).findings) expect(f.specUrl).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\//);
    }
  });
});

describe('MODERN-META', () => {
  it('names each missing required key, says clientInfo once per connection, and judges logLevel', () => {
    const linter = lint([
      req(1, 'tools/list', {}, {}),
      req(2, 'tools/list', {}, {}),
      req(3, 'tools/list', {}, clientMeta({ 'io.modelcontextprotocol/logLevel': 'loud' })),
    ]);
    expect(linter.findings.map((f) => [f.rule, f.severity, f.seq])).toEqual([
      ['MODERN-META', 'error', 0],
      ['MODERN-META', 'info', 0],
      ['MODERN-META', 'error', 1],
      ['MODERN-META', 'warning', 2],
    ]);
    expect(linter.findings[0]?.message).toBe(
      "The tools/list request's _meta has no io.modelcontextprotocol/protocolVersion and no io.modelcontextprotocol/clientCapabilities; every 2026-07-28 request must carry both.",
    );
    expect(linter.findings[0]?.specUrl).toBe('https://modelcontextprotocol.io/specification/2026-07-28/basic#meta');
  });

  it('a server that answers a request lacking required _meta (instead of -32602) is named', () => {
    const found = lint([req(1, 'tools/list', {}, {}), ok(1, { tools: [], ...cache })]).findings;
    expect(found.filter((f) => f.subject === 'server').map((f) => f.rule)).toEqual(['MODERN-META']);
    expect(lint([req(1, 'tools/list', {}, {}), err(1, -32602)]).findings.filter((f) => f.subject === 'server')).toEqual([]);
  });

  it('a subscription notification names an open, acknowledged subscription that opted in to it', () => {
    const sub = (id: unknown) => ({ _meta: { 'io.modelcontextprotocol/subscriptionId': id } });
    const note = (method: string, params: unknown): Frame => ['s', { jsonrpc: '2.0', method, params }];
    const listen = req(7, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
    const ack = note('notifications/subscriptions/acknowledged', { notifications: { toolsListChanged: true }, ...sub(7) });
    const changed = note('notifications/tools/list_changed', sub(7));
    expect(rules([...clean, listen, ack, changed])).toEqual([]);
    const messages = (frames: Frame[]) => lint([...clean, ...frames]).findings.map((f) => [f.rule, f.severity, f.message]);
    expect(messages([listen, ack, note('notifications/tools/list_changed', {})])).toEqual([
      [
        'MODERN-META',
        'error',
        'notifications/tools/list_changed has no io.modelcontextprotocol/subscriptionId in _meta; a notification of a subscriptions/listen stream must name its subscription.',
      ],
    ]);
    expect(messages([listen, changed])).toEqual([
      [
        'MODERN-META',
        'error',
        'notifications/tools/list_changed came on subscription 7 before notifications/subscriptions/acknowledged, which must come first.',
      ],
    ]);
    expect(messages([listen, ack, note('notifications/prompts/list_changed', sub(7))])).toEqual([
      ['MODERN-META', 'warning', 'notifications/prompts/list_changed came on subscription 7, which did not opt in to promptsListChanged.'],
    ]);
    // Once the server ended the stream, its id names nothing open.
    const ended: Frame = ['s', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } }];
    expect(messages([listen, ack, ended, changed])).toEqual([
      ['MODERN-META', 'warning', 'notifications/tools/list_changed names subscription 7, but no subscriptions/listen request with that id is open.'],
    ]);
  });

  it('the modern reserved keys are not reserved-prefix misuse; an unknown io.modelcontextprotocol key is only noted', () => {
    const found = lint([req(1, 'tools/list', {}, clientMeta({ 'io.modelcontextprotocol/other': 1 })), ok(1, { tools: [], ...cache })]).findings;
    expect(found.map((f) => [f.rule, f.severity])).toEqual([['META-KEY', 'info']]);
  });
});

describe('MODERN-RESULT-TYPE, MODERN-CACHE, MODERN-DISCOVER', () => {
  it('a result that is not an object, and a resultType that is not a string', () => {
    expect(rules([req(1, 'tools/list'), ['s', { jsonrpc: '2.0', id: 1, result: 7 }]])).toEqual(['MODERN-RESULT-TYPE']);
    expect(rules([req(1, 'tools/call', { name: 'e' }), ok(1, { content: [], resultType: 3 })])).toEqual(['MODERN-RESULT-TYPE']);
  });

  it('each cacheable result needs both fields; an input_required one needs none', () => {
    for (const method of ['tools/list', 'prompts/list', 'resources/list', 'resources/read', 'resources/templates/list', 'server/discover']) {
      const found = lint([req(1, method), ok(1, method === 'server/discover' ? { supportedVersions: [V], capabilities: {} } : {})]).findings;
      expect(found.filter((f) => f.rule === 'MODERN-CACHE').map((f) => f.message)).toEqual([`The ${method} result has no ttlMs and no cacheScope.`]);
    }
    expect(rules([req(1, 'resources/read', { uri: 'file:///x' }), ok(1, { contents: [], ttlMs: 5, cacheScope: 'shared' })])).toEqual(['MODERN-CACHE']);
    expect(rules([req(1, 'resources/read', { uri: 'file:///x' }), ok(1, { resultType: 'input_required', requestState: 's' })])).toEqual([]);
    expect(rules([req(1, 'prompts/get', { name: 'p' }), ok(1, { messages: [] })])).toEqual([]);
  });

  it('server/discover: versions must be strings and capabilities an object', () => {
    const found = lint([req(1, 'server/discover'), ok(1, { supportedVersions: [2026], capabilities: 'all', ...cache })]).findings;
    expect(found.map((f) => f.message)).toEqual([
      'The server/discover result is malformed: supportedVersions holds something other than strings: "[2026]"; capabilities is "\\"all\\""; it must be an object.',
    ]);
  });
});

describe('MODERN-METHOD', () => {
  it('the removed methods, each way', () => {
    const note = (sender: 'c' | 's', method: string): Frame => [sender, { jsonrpc: '2.0', method }];
    for (const method of ['ping', 'logging/setLevel', 'resources/subscribe', 'tasks/list', 'tasks/result']) {
      expect(rules([req(1, method), err(1, -32601)])).toEqual(['MODERN-METHOD']);
    }
    expect(rules([note('c', 'notifications/roots/list_changed')])).toEqual(['MODERN-METHOD']);
    expect(rules([note('c', 'notifications/initialized')])).toEqual(['MODERN-METHOD']);
    expect(rules([note('s', 'notifications/elicitation/complete')])).toEqual(['MODERN-METHOD']);
  });

  it('any server-to-client request is forbidden', () => {
    for (const method of ['roots/list', 'sampling/createMessage', 'elicitation/create', 'ping']) {
      expect(rules([...clean, ['s', { jsonrpc: '2.0', id: 's1', method }]])).toEqual(['MODERN-METHOD']);
    }
  });

  it('a server that answers a removed method with a result is named too', () => {
    const found = lint([req(1, 'ping'), ok(1)]).findings;
    expect(found.map((f) => [f.rule, f.subject, f.severity])).toEqual([
      ['MODERN-METHOD', 'client', 'error'],
      ['MODERN-METHOD', 'server', 'warning'],
    ]);
  });

  it('an unknown method is METHOD-UNKNOWN and must be answered -32601', () => {
    expect(rules([req(1, 'tools/frobnicate'), err(1, -32601)])).toEqual(['METHOD-UNKNOWN']);
    expect(rules([req(1, 'tools/frobnicate'), err(1, -32603)])).toEqual(['METHOD-UNKNOWN', 'METHOD-UNKNOWN']);
  });

  // What the extension's own rules (TASK-EXT-*) say of these frames is ext-task-rules.test.ts's.
  const notExt = (found: string[]) => found.filter((r) => !r.startsWith('TASK-EXT-'));

  it('the tasks extension methods and notifications are known', () => {
    expect(
      notExt(rules([req(1, 'tasks/get', { taskId: 't' }), err(1, -32602), ['s', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: {} }]])),
    ).toEqual([]);
    expect(notExt(rules([...clean, ['s', { jsonrpc: '2.0', method: 'notifications/tasks', params: {} }]]))).toEqual([]);
  });

  it("a result of another kind (the tasks extension's task handle) is not judged as the method's result", () => {
    const handle = { resultType: 'task', taskId: 't1', status: 'working' };
    expect(notExt(rules([req(1, 'tools/call', { name: 'job' }), ok(1, handle)]))).toEqual([]);
    // …whereas the same body as a complete result has no content.
    expect(rules([req(1, 'tools/call', { name: 'job' }), ok(1, { ...handle, resultType: 'complete' })])).toEqual(['TOOL-CONTENT']);
  });
});

describe('a connection that mixes eras: the Auto probe', () => {
  const probe: Frame[] = [req(0, 'server/discover'), err(0, -32601)];
  const legacy: Frame[] = [
    [
      'c',
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
    ],
    ['s', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }],
    ['c', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['c', { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
    ['s', { jsonrpc: '2.0', id: 2, result: { tools: [] } }],
    ['c', { jsonrpc: '2.0', id: 3, method: 'ping' }],
    ['s', { jsonrpc: '2.0', id: 3, result: {} }],
  ];

  it('discover, then initialize on its failure: each frame by its own era, no findings', () => {
    expect(rules([...probe, ...legacy])).toEqual([]);
  });

  it('the legacy part is linted by the 2025 rules (a 2025 fault is found, with a 2025 link)', () => {
    const found = lint([...probe, ...legacy, ['c', { jsonrpc: '2.0', id: 4, method: 'resources/list' }]]).findings;
    expect(found.map((f) => [f.rule, f.specUrl])).toEqual([
      ['CAP-UNDECLARED', 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#capability-negotiation'],
    ]);
  });

  it('initialize after the server said it speaks 2026-07-28 is not a fallback', () => {
    const init: Frame = ['c', { jsonrpc: '2.0', id: 9, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } }];
    expect(rules([...clean.slice(0, 2), init])).toEqual(['MODERN-METHOD']);
    expect(rules([...clean, init])).toEqual(['MODERN-METHOD']);
  });

  it('a 2025 session that never names 2026-07-28 is untouched by the modern rules', () => {
    expect(rules(legacy, { offeredVersion: '2025-11-25' })).toEqual([]);
  });
});

describe('MODERN-LOG', () => {
  const call = (id: number, level?: string): Frame =>
    req(id, 'tools/call', { name: 'e' }, clientMeta(level ? { 'io.modelcontextprotocol/logLevel': level } : {}));
  const log = (level: string): Frame => ['s', { jsonrpc: '2.0', method: 'notifications/message', params: { level, data: 'x' } }];

  it('after the request that asked is answered, log messages are no longer asked for', () => {
    expect(rules([call(1, 'debug'), log('debug'), ok(1, { content: [] }), log('info')])).toEqual(['MODERN-LOG']);
  });

  it('nor after it is cancelled', () => {
    expect(rules([call(1, 'debug'), ['c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }], log('info')])).toEqual([
      'MODERN-LOG',
    ]);
  });

  it('below the level asked is a warning; a malformed message is still LOG-MESSAGE', () => {
    const found = lint([call(1, 'warning'), log('info'), log('loud')]).findings;
    expect(found.map((f) => [f.rule, f.severity])).toEqual([
      ['MODERN-LOG', 'warning'],
      ['LOG-MESSAGE', 'error'],
    ]);
  });
});

describe('MODERN-ERROR-CODE', () => {
  it('-32042, reserved codes the spec does not define, and -32022 without data.supported', () => {
    expect(rules([req(1, 'tools/call', { name: 'e' }), err(1, -32042)])).toEqual(['MODERN-ERROR-CODE']);
    const reserved = lint([req(1, 'tools/call', { name: 'e' }), err(1, -32050)]).findings;
    expect(reserved.map((f) => [f.rule, f.severity])).toEqual([['MODERN-ERROR-CODE', 'warning']]);
    expect(rules([req(1, 'tools/call', { name: 'e' }), err(1, -32022)])).toEqual(['MODERN-ERROR-CODE']);
    expect(rules([req(1, 'tools/call', { name: 'e' }), err(1, -32022, { supported: [] })])).toEqual(['MODERN-ERROR-CODE']);
    expect(rules([req(1, 'tools/call', { name: 'e' }), err(1, -32022, { supported: ['2025-11-25'], requested: V })])).toEqual([]);
    expect(rules([req(1, 'tools/call', { name: 'e' }), err(1, -32010)])).toEqual([]);
    expect(rules([req(1, 'tools/call', { name: 'e' }), err(1, -32021)])).toEqual([]);
  });

  it('-32002 on resources/read says the code to use', () => {
    const [f] = lint([req(1, 'resources/read', { uri: 'file:///x' }), err(1, -32002)]).findings;
    expect(f?.message).toContain('-32602');
  });
});

describe('MODERN-MRTR (the server) and MODERN-MRTR-RETRY (the client)', () => {
  const call = (id: number, params: Record<string, unknown> = {}, caps: Record<string, unknown> = CAPS): Frame =>
    req(id, 'tools/call', { name: 'echo', ...params }, clientMeta({ 'io.modelcontextprotocol/clientCapabilities': caps }));
  const inputRequired = (id: number, extra: Record<string, unknown>): Frame => ok(id, { resultType: 'input_required', ...extra });
  const elicit = { method: 'elicitation/create', params: { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} } } };

  it('a full round: input asked, answered in a retry with a new id and the state unchanged, then the result', () => {
    expect(
      rules([
        call(1),
        inputRequired(1, { inputRequests: { who: elicit }, requestState: 'opaque' }),
        call(2, { inputResponses: { who: { action: 'accept', content: {} } }, requestState: 'opaque' }),
        ok(2, { content: [{ type: 'text', text: 'done' }] }),
      ]),
    ).toEqual([]);
  });

  it('neither inputRequests nor requestState', () => {
    expect(rules([call(1), inputRequired(1, {})])).toEqual(['MODERN-MRTR']);
  });

  it('an input the client did not declare, or one that is not an input request', () => {
    const found = lint([call(1, {}, { sampling: {} }), inputRequired(1, { inputRequests: { who: elicit, x: { method: 'tools/list' } } })]).findings;
    expect(found.map((f) => f.message)).toEqual([
      'inputRequests["who"] asks for elicitation/create, but the request did not declare the elicitation capability in its _meta.',
      'inputRequests["x"] asks for tools/list; only elicitation/create, sampling/createMessage and roots/list may be asked.',
    ]);
    expect(rules([call(1, {}, { roots: {} }), inputRequired(1, { inputRequests: { r: { method: 'roots/list' } } })])).toEqual([]);
  });

  it('a URL elicitation needs elicitation.url declared', () => {
    const url = { method: 'elicitation/create', params: { mode: 'url', url: 'https://x.test', message: 'Go' } };
    expect(rules([call(1), inputRequired(1, { inputRequests: { u: url } })])).toEqual(['MODERN-MRTR']);
    expect(rules([call(1, {}, { elicitation: { url: {} } }), inputRequired(1, { inputRequests: { u: url } })])).toEqual([]);
  });

  it('the retry reused the id, dropped or added requestState, or left an input unanswered', () => {
    const asked = [call(1), inputRequired(1, { inputRequests: { who: elicit }, requestState: 'opaque' })];
    const messages = (retry: Frame) => lint([...asked, retry]).findings.map((f) => [f.rule, f.subject, f.severity]);
    expect(messages(call(1, { inputResponses: { who: {} }, requestState: 'opaque' }))).toEqual([
      ['MODERN-MRTR-RETRY', 'client', 'error'],
      ['JR-ID-REUSE', 'client', 'error'],
    ]);
    expect(messages(call(2, { inputResponses: { who: {} } }))).toEqual([['MODERN-MRTR-RETRY', 'client', 'error']]);
    expect(messages(call(2, { requestState: 'opaque' }))).toEqual([['MODERN-MRTR-RETRY', 'client', 'warning']]);
    expect(rules([call(1), inputRequired(1, { inputRequests: { who: elicit } }), call(2, { inputResponses: { who: {} }, requestState: 'mine' })])).toEqual([
      'MODERN-MRTR-RETRY',
    ]);
  });

  it('requestState on a request that got no input_required result', () => {
    const found = lint([call(1, { requestState: 'stolen' })]).findings;
    expect(found.map((f) => [f.rule, f.severity])).toEqual([['MODERN-MRTR-RETRY', 'warning']]);
  });

  it('a server that loops input_required is judged round by round, the client retrying correctly each time', () => {
    const frames: Frame[] = [call(1)];
    for (let round = 1; round <= 5; round++) {
      frames.push(inputRequired(round, { requestState: `s${round}` }), call(round + 1, { requestState: `s${round}` }));
    }
    expect(rules(frames)).toEqual([]);
  });

  it('the input_required result is not judged as the tool result (no content yet) nor as cacheable', () => {
    expect(rules([req(1, 'resources/read', { uri: 'file:///x' }), ok(1, { resultType: 'input_required', inputRequests: { who: elicit } })])).toEqual([]);
  });
});

describe('HTTP rules of 2026-07-28', () => {
  it('Mcp-Name as a Base64 sentinel is decoded before comparing', () => {
    const name = 'café ☕';
    const encoded = `=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode(name)))}?=`;
    expect(rules([req(1, 'tools/call', { name }), ok(1, { content: [] }), post('POST', goodHeaders('tools/call', encoded), 200, ['n:1'])])).toEqual([]);
    expect(rules([req(1, 'tools/call', { name }), ok(1, { content: [] }), post('POST', goodHeaders('tools/call', '=?base64?!!?='), 200, ['n:1'])])).toEqual([
      'MODERN-HTTP-HEADERS',
      'MODERN-HTTP-MISMATCH',
    ]);
  });

  it('names what is missing or different, and the server answer it expected', () => {
    const found = lint([
      req(1, 'resources/read', { uri: 'file:///a' }),
      err(1, -32602),
      post('POST', { 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'resources/list' }, 400, ['n:1']),
    ]).findings;
    expect(found.map((f) => f.message)).toEqual([
      'The POST of resources/read has no Mcp-Name header.',
      'The POST of resources/read: MCP-Protocol-Version is 2025-11-25 but the body\'s _meta names 2026-07-28; Mcp-Method is "resources/list" but the body\'s method is "resources/read".',
      'The server answered 400 with error -32602 to a resources/read POST whose headers do not match its body (or lack one); it must answer 400 with error -32020.',
    ]);
  });

  it('a POST without MCP-Protocol-Version; a client Mcp-Session-Id; a DELETE', () => {
    expect(rules([req(1, 'tools/list'), ok(1, { tools: [], ...cache }), post('POST', { 'mcp-method': 'tools/list' }, 200, ['n:1'])])).toEqual([
      'MODERN-HTTP-HEADERS',
    ]);
    expect(
      rules([req(1, 'tools/list'), ok(1, { tools: [], ...cache }), post('POST', { ...goodHeaders('tools/list'), 'mcp-session-id': 's' }, 200, ['n:1'])]),
    ).toEqual(['MODERN-HTTP-SESSION']);
    expect(rules([...clean, post('DELETE', {}, 405)])).toEqual(['MODERN-HTTP-METHOD']);
  });

  it('a -32020 for headers that match is a warning about the server', () => {
    const found = lint([req(1, 'tools/list'), err(1, -32020), post('POST', goodHeaders('tools/list'), 400, ['n:1'])]).findings;
    expect(found.map((f) => [f.rule, f.severity])).toEqual([['MODERN-HTTP-MISMATCH', 'warning']]);
  });

  it('the facts of an exchange carry the keys of its requests', () => {
    const facts = httpFactsOf(
      httpExchange({
        state: 'done',
        carried: [{ kind: 'request', method: 'tools/list', id: 4 }],
        requestHeaders: [['Accept', 'application/json, text/event-stream'], ...goodHeadersList('tools/list')],
        status: 200,
        responseHeaders: [['Content-Type', 'application/json']],
      }),
      'streamable-http',
    );
    expect(facts.requestKeys).toEqual(['n:4']);
    expect(rules([req(4, 'tools/list'), ok(4, { tools: [], ...cache }), ['http', facts]])).toEqual([]);
  });

  it('the probe POST of a legacy server (initialize afterwards) is judged as legacy from then on', () => {
    const initPost = post('POST', { 'mcp-protocol-version': '2025-11-25' }, 200, ['n:1']);
    const init: Frame = [
      'c',
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
    ];
    expect(
      rules([req(0, 'server/discover'), err(0, -32601), post('POST', goodHeaders('server/discover'), 400, ['n:0']), init, initPost]).filter((r) =>
        r.startsWith('MODERN'),
      ),
    ).toEqual([]);
  });
});

function goodHeadersList(method: string): Array<[string, string]> {
  return Object.entries(goodHeaders(method)).map(([k, v]) => [k.replace(/^mcp/, 'Mcp'), v]);
}

describe('SCHEMA on frames of 2026-07-28 (the schemas of @modelcontextprotocol/core)', () => {
  const schemas: LinterOptions = {
    schema: { check: sdkSchemaCheck, version: SDK_SCHEMA_VERSION },
    modernSchema: { check: modernSchemaCheck, version: MODERN_SCHEMA_VERSION },
  };

  it('a clean exchange fits', () => {
    expect(rules(clean, schemas)).toEqual([]);
  });

  it('a malformed tool list, a bad discover and a bad acknowledgement are named, with the 2026-07-28 link', () => {
    const found = lint(
      [
        req(1, 'tools/list'),
        ok(1, { tools: [{ name: 'echo' }], ...cache }),
        req(2, 'server/discover'),
        ok(2, { ...discoverResult, capabilities: { tools: { listChanged: 'yes' } } }),
        ['s', { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } } }],
      ],
      schemas,
    ).findings;
    expect(found.map((f) => [f.rule, f.seq])).toEqual([
      ['SCHEMA', 1],
      // The tool rules of the initialize generation hold for 2026-07-28 lists too.
      ['TOOL-DEF', 1],
      ['SCHEMA', 3],
      // No subscriptions/listen 1 is open, either.
      ['MODERN-META', 4],
      ['SCHEMA', 4],
    ]);
    expect(found[0]?.message).toMatch(/^The tools\/list result does not match the 2026-07-28 schema: result\.tools\.0\.inputSchema/);
    expect(found[0]?.specUrl).toBe('https://modelcontextprotocol.io/specification/2026-07-28/basic#schema');
  });

  it('the initialize generation on the same connection is still checked against the SDK schemas', () => {
    const found = lint(
      [
        req(0, 'server/discover'),
        err(0, -32601),
        [
          'c',
          { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
        ],
        ['s', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} } } }],
      ],
      schemas,
    ).findings;
    expect(found.map((f) => [f.rule, f.message.includes('2025-11-25 schema')])).toEqual([['SCHEMA', true]]);
  });
});

describe('cancellation in 2026-07-28', () => {
  const cancel = (sender: 'c' | 's', requestId: number): Frame => [sender, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } }];

  it('a server ends a subscriptions/listen stream by cancelling it; any other request of the client it must not cancel', () => {
    const listen = req(5, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
    expect(rules([listen, cancel('s', 5)])).toEqual([]);
    // The stream is over: a second cancel names nothing in flight.
    expect(rules([listen, cancel('s', 5), cancel('s', 5)])).toEqual(['CANCEL-TARGET']);
    const found = lint([req(6, 'tools/call', { name: 'e' }), cancel('s', 6)]).findings;
    expect(found.map((f) => [f.rule, f.severity])).toEqual([['CANCEL-TARGET', 'error']]);
  });
});

describe('rules of both generations on a 2026-07-28 frame', () => {
  it('link to where 2026-07-28 keeps them (cancellation, progress moved under basic/patterns)', () => {
    const found = lint([
      req(1, 'tools/call', { name: 'e' }, clientMeta({ progressToken: 'p' })),
      ['s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 2 } }],
      ['s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } }],
      ['c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } }],
    ]).findings;
    expect(found.map((f) => [f.rule, f.specUrl])).toEqual([
      ['PROG-MONOTONIC', 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/progress#behavior-requirements'],
      ['CANCEL-TARGET', 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation#behavior-requirements'],
    ]);
  });
});
