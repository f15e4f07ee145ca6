// Tool schemas that could freeze or crash a checker: the lint reports what it
// could not check, and keeps linting.
import { describe, expect, it } from 'vitest';
import { Linter } from './linter.js';
import { SDK_SCHEMA_VERSION, sdkSchemaCheck } from './sdk-schemas.js';

const deepSchemaText = (levels: number) => '{"type":"object","properties":{"x":'.repeat(levels) + '{"type":"string"}' + '}}'.repeat(levels);
const deepValueText = (levels: number) => '{"x":'.repeat(levels) + '"x"' + '}'.repeat(levels);

function session() {
  const linter = new Linter({ offeredVersion: '2025-11-25', schema: { check: sdkSchemaCheck, version: SDK_SCHEMA_VERSION } });
  const frame = (from: 'client' | 'server', m: unknown) => linter.frame(from, typeof m === 'string' ? m : JSON.stringify(m), {});
  frame('client', {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  frame('server', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });
  frame('client', { jsonrpc: '2.0', method: 'notifications/initialized' });
  return { linter, frame };
}

describe('tool schemas mcpscope cannot check safely', () => {
  it('checks an exponential outputSchema pattern quickly and reports the mismatch', () => {
    const { linter, frame } = session();
    const outputSchema = { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } } };
    frame('client', { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    frame('server', { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'evil', inputSchema: { type: 'object' }, outputSchema }] } });
    frame('client', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'evil', arguments: {} } });
    const started = performance.now();
    frame('server', { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'x' }], structuredContent: { word: `${'a'.repeat(29)}!` } } });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(linter.findings.map((f) => `${f.rule} ${f.severity}: ${f.message}`)).toEqual([
      'TOOL-OUTPUT error: Tool evil: structuredContent does not match its outputSchema: /word: must match pattern "^(a+)+$"',
    ]);
  });

  it('warns about a pattern left unchecked, naming the tool and where the pattern is', () => {
    const { linter, frame } = session();
    const inputSchema = { type: 'object', properties: { code: { type: 'string', pattern: '(a)\\1' } } };
    frame('client', { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    frame('server', { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'backref', inputSchema }] } });
    expect(linter.findings.map((f) => `${f.rule} ${f.severity}: ${f.message}`)).toEqual([
      'TOOL-SCHEMA-SAFE warning: Tool backref: inputSchema /properties/code: pattern "(a)\\\\1" uses features that cannot be checked safely (such as lookaround or backreferences); not checked.',
    ]);
  });

  it('survives a 3,000-level schema and value: says what it did not check, and lints the frames after', () => {
    const { linter, frame } = session();
    frame('client', { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    frame(
      'server',
      `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"deep","inputSchema":${deepSchemaText(3000)},"outputSchema":${deepSchemaText(3000)}}]}}`,
    );
    frame('client', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'deep', arguments: {} } });
    frame('server', `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"x"}],"structuredContent":${deepValueText(3000)}}}`);
    frame('client', { jsonrpc: '2.0', id: 4, method: 'ping' });
    frame('server', { jsonrpc: '2.0', id: 4, result: { pong: true } });
    const found = linter.findings.map((f) => `${f.rule} ${f.severity}: ${f.message}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'TOOL-SCHEMA-SAFE warning: Tool deep: inputSchema nests more than 128 levels deep; mcpscope neither renders nor checks it.',
        'TOOL-SCHEMA-SAFE warning: Tool deep: outputSchema nests more than 128 levels deep; mcpscope neither renders nor checks it.',
        'TOOL-OUTPUT warning: Tool deep: structuredContent could not be checked against its outputSchema: The schema nests more than 128 levels deep, more than mcpscope checks; values are not checked against it.',
      ]),
    );
    // The frame after the deep ones is still linted.
    expect(linter.findings.some((f) => f.rule === 'PING-RESULT')).toBe(true);
  });
});
