// The page's connection made into a test file: each kind of step, volatile
// fields left out by name, secrets never written, and the text read back.
import { describe, expect, it } from 'vitest';
import type { LogRecord } from '../capture/record.js';
import { KEPT_SECRET } from '../config/server-list.js';
import { judgeStep } from './expect.js';
import { testFileName, testFromCall, testFromConnection, type ConnectionForTest } from './from-log.js';
import { parseTestFile } from './parse.js';

let seq = 0;
function exchange(method: string, params: Record<string, unknown>, answer: Record<string, unknown>): LogRecord[] {
  const id = ++seq;
  const out: LogRecord = {
    seq: ++seq,
    time: '',
    t: 0,
    connection: 1,
    direction: 'out',
    kind: 'request',
    method,
    raw: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  };
  const kind = 'error' in answer ? 'error' : 'response';
  return [
    out,
    { seq: ++seq, time: '', t: 0, connection: 1, direction: 'in', kind, method, raw: JSON.stringify({ jsonrpc: '2.0', id, ...answer }), pair: out.seq },
  ];
}

const stdio: ConnectionForTest = {
  name: 'demo',
  transport: {
    kind: 'stdio',
    command: 'node',
    args: ['demo.mjs'],
    env: { LOG_LEVEL: 'debug', API_TOKEN: 'tok-123456789', PLAIN: KEPT_SECRET, MINE: 'mine-value' },
  },
  secretKeys: ['MINE'],
  versionChoice: '2025-06-18',
  made: 'connection 1',
};

const parsed = (yaml: string) => {
  const p = parseTestFile(yaml, 'x');
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

describe('testFromConnection', () => {
  it('makes a call, a read and a prompt a step each, the result as its match; a tool error as isError: true', () => {
    seq = 0;
    const records = [
      ...exchange('tools/call', { name: 'echo', arguments: { message: 'hi' } }, { result: { content: [{ type: 'text', text: 'Echo: hi' }] } }),
      ...exchange('tools/call', { name: 'fail', arguments: {} }, { result: { content: [{ type: 'text', text: 'broken' }], isError: true } }),
      ...exchange('resources/read', { uri: 'demo://a' }, { result: { contents: [{ uri: 'demo://a', text: 'A' }] } }),
      ...exchange(
        'prompts/get',
        { name: 'greet', arguments: { who: 'Ada' } },
        { result: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi Ada' } }] } },
      ),
      ...exchange('tools/list', {}, { result: { tools: [] } }),
      ...exchange('tools/call', { name: 'gone' }, { error: { code: -32602, message: 'Unknown tool' } }),
      ...exchange('prompts/get', { name: 'count', arguments: { n: 3 } }, { result: { messages: [] } }),
    ];
    const made = testFromConnection(stdio, records);
    if (!made.ok) throw new Error(made.error);
    const file = parsed(made.value.yaml);
    expect(file).toMatchObject({ name: 'demo', protocolVersion: '2025-06-18', server: { kind: 'stdio', command: 'node', args: ['demo.mjs'] } });
    expect(file.steps.map((s) => [s.name, s.action, s.expect])).toEqual([
      ['call echo', { kind: 'call', tool: 'echo', arguments: { message: 'hi' } }, { isError: false, match: { content: [{ type: 'text', text: 'Echo: hi' }] } }],
      ['call fail', { kind: 'call', tool: 'fail', arguments: {} }, { isError: true, match: { content: [{ type: 'text', text: 'broken' }], isError: true } }],
      ['read demo://a', { kind: 'read', uri: 'demo://a' }, { match: { contents: [{ uri: 'demo://a', text: 'A' }] } }],
      [
        'prompt greet',
        { kind: 'prompt', prompt: 'greet', arguments: { who: 'Ada' } },
        { match: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi Ada' } }] } },
      ],
    ]);
    expect(made.value.steps).toBe(4);
    expect(made.value.notes).toEqual([
      'Left out tools/call of record 17: it was answered with an error.',
      'Left out record 20: prompts/get count has arguments that are not text.',
    ]);
    expect(made.value.yaml).toContain('# Left out tools/call of record 17: it was answered with an error.');
  });

  it('leaves the volatile fields out of the match and names them above the step', () => {
    seq = 0;
    const result = {
      content: [{ type: 'text', text: 'made' }],
      structuredContent: { name: 'x', createdAt: 1700000000, when: '2026-12-02T04:00:00Z', ref: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', id: 'abc' },
      _meta: { progressToken: 7 },
    };
    const made = testFromConnection(stdio, exchange('tools/call', { name: 'make', arguments: {}, _meta: { progressToken: 7 } }, { result }));
    if (!made.ok) throw new Error(made.error);
    const [step] = parsed(made.value.yaml).steps;
    expect(step!.expect.match).toEqual({ content: [{ type: 'text', text: 'made' }], structuredContent: { name: 'x' }, _meta: {} });
    expect(made.value.yaml).toContain(
      '# Left out of match, as they change from run to run: structuredContent.createdAt, structuredContent.when, structuredContent.ref, structuredContent.id, _meta.progressToken',
    );
    // The step still passes against the same result with other ids and times.
    const later = { ...result, structuredContent: { ...result.structuredContent, createdAt: 1800000000, id: 'def' }, _meta: { progressToken: 9 } };
    expect(judgeStep(step!.expect, { result: later, findings: [] }, { update: false }).failures).toEqual([]);
    expect(judgeStep(step!.expect, { result: { ...later, structuredContent: { name: 'y' } }, findings: [] }, { update: false }).failures).toEqual([
      'match: structuredContent.name: expected "x", got "y"',
    ]);
  });

  it('never writes a secret value: the keys are named in a comment', () => {
    seq = 0;
    const records = exchange('tools/call', { name: 'echo', arguments: {} }, { result: { content: [] } });
    const made = testFromConnection(stdio, records);
    if (!made.ok) throw new Error(made.error);
    expect(made.value.yaml).not.toMatch(/tok-123456789|mine-value|kept by the proxy/);
    expect(parsed(made.value.yaml).server).toEqual({ kind: 'stdio', command: 'node', args: ['demo.mjs'], env: { LOG_LEVEL: 'debug' } });
    expect(made.value.yaml).toContain('# Left out, as secrets: env API_TOKEN, PLAIN, MINE.');

    const http: ConnectionForTest = {
      name: 'remote',
      transport: {
        kind: 'http',
        url: 'https://mcp.example/mcp',
        headers: { Authorization: 'Bearer sk-live-1', 'X-Team': 'blue' },
        mode: 'sse',
        auth: { mode: 'quick', clientSecret: 'cs-9' },
      },
      made: 'connection 2',
    };
    const remote = testFromConnection(http, records);
    if (!remote.ok) throw new Error(remote.error);
    expect(remote.value.yaml).not.toMatch(/sk-live-1|cs-9/);
    expect(parsed(remote.value.yaml).server).toEqual({ kind: 'http', url: 'https://mcp.example/mcp', headers: { 'X-Team': 'blue' }, mode: 'sse' });
    expect(remote.value.yaml).toContain('# Left out, as secrets: headers Authorization.');
    expect(remote.value.yaml).toContain('# Left out: its OAuth settings');
  });

  it('says why when the connection has nothing to make a step of', () => {
    seq = 0;
    expect(testFromConnection(stdio, exchange('tools/list', {}, { result: { tools: [] } }))).toEqual({
      ok: false,
      error: 'There is no tools/call, resources/read or prompts/get with a result to make a step of.',
    });
  });
});

describe('testFromCall', () => {
  it('makes the one call a test of one step, Auto kept as the version choice', () => {
    const made = testFromCall(
      { ...stdio, versionChoice: 'auto' },
      { tool: 'add', arguments: { a: 1, b: 2 }, result: { content: [{ type: 'text', text: '3' }] } },
    );
    if (!made.ok) throw new Error(made.error);
    const file = parsed(made.value.yaml);
    expect(file.protocolVersion).toBe('auto');
    expect(file.steps).toMatchObject([{ name: 'call add', action: { tool: 'add', arguments: { a: 1, b: 2 } }, expect: { isError: false } }]);
    expect(made.value.yaml.startsWith('# Made in mcpscope from connection 1;')).toBe(true);
  });
});

describe('testFileName', () => {
  it('keeps the server name safe for a file', () => {
    expect(testFileName('everything')).toBe('everything.mcpscope-test.yaml');
    expect(testFileName('../my server/v2')).toBe('my-server-v2.mcpscope-test.yaml');
    expect(testFileName('///')).toBe('server.mcpscope-test.yaml');
  });
});
