import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, encodeHeaderValue, mcpRequestHeaders, modernFrameVersion, toolHeaderCheck, toolHeaderRejection } from './mcp-headers.js';

const meta = (v: string) => ({ _meta: { 'io.modelcontextprotocol/protocolVersion': v } });

describe('modernFrameVersion', () => {
  it('reads a modern version from params._meta and ignores legacy ones and junk', () => {
    expect(modernFrameVersion(meta('2026-07-28'))).toBe('2026-07-28');
    expect(modernFrameVersion(meta('2027-01-01'))).toBe('2027-01-01');
    expect(modernFrameVersion(meta('2025-11-25'))).toBeUndefined();
    expect(modernFrameVersion(meta('latest'))).toBeUndefined();
    expect(modernFrameVersion({ _meta: 'x' })).toBeUndefined();
    expect(modernFrameVersion(undefined)).toBeUndefined();
  });
});

describe('header value encoding', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['us west 1', 'us west 1'],
    ['', ''],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
    ['\tindented', '=?base64?CWluZGVudGVk?='],
  ])('%j → %s, and back', (value, encoded) => {
    expect(encodeHeaderValue(value)).toBe(encoded);
    expect(decodeHeaderValue(encoded)).toBe(value);
  });

  it('leaves a sentinel that is not Base64 as it is', () => {
    expect(decodeHeaderValue('=?base64?***?=')).toBe('=?base64?***?=');
  });
});

describe('toolHeaderCheck', () => {
  it('finds annotated properties, nested ones through properties only', () => {
    const check = toolHeaderCheck({
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        opts: { type: 'object', properties: { tenant: { type: 'integer', 'x-mcp-header': 'Tenant' } } },
        note: { type: 'string', default: { 'x-mcp-header': 'NotAnAnnotation' } },
      },
    });
    expect(check).toEqual({
      ok: true,
      headers: [
        { header: 'Region', path: ['region'] },
        { header: 'Tenant', path: ['opts', 'tenant'] },
      ],
    });
  });

  // The tools of the conformance scenario http-invalid-tool-headers, each invalid for one reason.
  it.each([
    ['empty', { value: { type: 'string', 'x-mcp-header': '' } }, /is empty/],
    ['object', { data: { type: 'object', 'x-mcp-header': 'Data' } }, /type "object"/],
    ['array', { items: { type: 'array', items: { type: 'string' }, 'x-mcp-header': 'Items' } }, /type "array"/],
    ['null', { nil: { type: 'null', 'x-mcp-header': 'Nil' } }, /type "null"/],
    ['number', { score: { type: 'number', 'x-mcp-header': 'Score' } }, /not number/],
    ['untyped', { score: { 'x-mcp-header': 'Score' } }, /unspecified/],
    ['duplicate', { a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'Region' } }, /repeats/],
    ['duplicate, other case', { a: { type: 'string', 'x-mcp-header': 'MyField' }, b: { type: 'string', 'x-mcp-header': 'myfield' } }, /case-insensitively/],
    ['space', { v: { type: 'string', 'x-mcp-header': 'My Region' } }, /space or a colon/],
    ['colon', { v: { type: 'string', 'x-mcp-header': 'Region:Primary' } }, /space or a colon/],
    ['non-ASCII', { v: { type: 'string', 'x-mcp-header': 'Région' } }, /non-ASCII/],
    ['control', { v: { type: 'string', 'x-mcp-header': 'Region\t1' } }, /control character/],
    ['not a string', { v: { type: 'string', 'x-mcp-header': 7 } }, /must be a string/],
  ])('rejects %s', (_what, properties, reason) => {
    const check = toolHeaderCheck({ type: 'object', properties });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems.join(' ')).toMatch(reason);
  });

  it.each([
    ['items', { list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'X' } } }],
    ['anyOf', { v: { anyOf: [{ type: 'string', 'x-mcp-header': 'X' }] } }],
    ['$defs', {}],
  ])('rejects an annotation reached through %s', (_what, properties) => {
    const schema = { type: 'object', properties, $defs: { d: { type: 'string', 'x-mcp-header': 'D' } } };
    expect(toolHeaderCheck(schema).ok).toBe(false);
  });

  it('says why a tool is excluded, and nothing for a valid one', () => {
    expect(toolHeaderRejection({ name: 't', inputSchema: { type: 'object', properties: { v: { type: 'number', 'x-mcp-header': 'V' } } } })).toMatch(
      /^Excluded: .*property "v"/,
    );
    expect(toolHeaderRejection({ name: 't', inputSchema: { type: 'object' } })).toBeUndefined();
  });
});

describe('mcpRequestHeaders', () => {
  it('sends the version and method on every request, and no name where none applies', () => {
    expect(mcpRequestHeaders('2026-07-28', 'tools/list', {}).headers).toEqual({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' });
  });

  it('mirrors params.name or params.uri into Mcp-Name, encoded when unsafe', () => {
    expect(mcpRequestHeaders('2026-07-28', 'tools/call', { name: 'my-hyphenated-tool' }).headers['mcp-name']).toBe('my-hyphenated-tool');
    expect(mcpRequestHeaders('2026-07-28', 'prompts/get', { name: 'grüß' }).headers['mcp-name']).toBe('=?base64?Z3LDvMOf?=');
    expect(mcpRequestHeaders('2026-07-28', 'resources/read', { uri: 'file:///a%20b.txt' }).headers['mcp-name']).toBe('file:///a%20b.txt');
    expect(mcpRequestHeaders('2026-07-28', 'resources/read', {}).warnings[0]).toMatch(/params.uri is not a string/);
  });

  it("names the task in Mcp-Name for the tasks extension's tasks/get, tasks/update and tasks/cancel", () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      expect(mcpRequestHeaders('2026-07-28', method, { taskId: 'task-7' }).headers['mcp-name']).toBe('task-7');
    }
    expect(mcpRequestHeaders('2026-07-28', 'tasks/get', {}).warnings[0]).toMatch(/params.taskId is not a string/);
  });

  it('mirrors annotated arguments by type, omitting absent and null ones', () => {
    const tool = toolHeaderCheck({
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        priority: { type: 'integer', 'x-mcp-header': 'Priority' },
        verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
        debug: { type: 'boolean', 'x-mcp-header': 'Debug' },
        text: { type: 'string', 'x-mcp-header': 'Text' },
        gone: { type: 'string', 'x-mcp-header': 'Gone' },
        method_val: { type: 'string', 'x-mcp-header': 'Method' },
        query: { type: 'string' },
      },
    });
    if (!tool.ok) throw new Error('valid');
    const { headers, warnings } = mcpRequestHeaders(
      '2026-07-28',
      'tools/call',
      { name: 'sql', arguments: { region: 'us-west1', priority: 42, verbose: false, debug: null, text: ' padded ', method_val: 'x', query: 'SELECT 1' } },
      tool.headers,
    );
    expect(headers).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'sql',
      'mcp-param-region': 'us-west1',
      'mcp-param-priority': '42',
      'mcp-param-verbose': 'false',
      'mcp-param-text': '=?base64?IHBhZGRlZCA=?=',
      'mcp-param-method': 'x',
    });
    expect(warnings).toEqual([]);
  });

  it('warns when an annotated argument cannot be mirrored', () => {
    const headers = [{ header: 'Region', path: ['region'] }];
    expect(mcpRequestHeaders('2026-07-28', 'tools/call', { name: 't', arguments: { region: { a: 1 } } }, headers).warnings[0]).toMatch(/cannot be mirrored/);
    expect(mcpRequestHeaders('2026-07-28', 'tools/call', { name: 't', arguments: { region: 2 ** 60 } }, headers).warnings[0]).toMatch(/safe range/);
  });
});
