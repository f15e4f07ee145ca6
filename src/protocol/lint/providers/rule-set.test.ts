// The provider rules through the lint engine: a tools/list result gives one
// finding per failure, naming the tool, the provider, the place and the fix,
// linked to the provider's page; without the rule set, none.
import { describe, expect, it } from 'vitest';
import { Linter } from '../linter.js';
import { providerRuleSet } from './rule-set.js';

function initialize(linter: Linter): void {
  linter.frame(
    'client',
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  );
  linter.frame(
    'server',
    JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }),
  );
  linter.frame('client', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
}

/** One page of tools/list: the first without a cursor, a later one with the cursor of the one before. */
function listPage(linter: Linter, id: number, tools: unknown[], cursor?: string): void {
  linter.frame('client', JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', ...(cursor ? { params: { cursor } } : {}) }));
  linter.frame('server', JSON.stringify({ jsonrpc: '2.0', id, result: { tools } }));
}

function listTools(linter: Linter, tools: unknown[]): void {
  initialize(linter);
  listPage(linter, 2, tools);
}

/** `n` tools that pass every per-tool rule but Gemini's against the closed object. */
const many = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ ...strictTool, name: `tool_${from + i}` }));
const counted = (linter: Linter) => linter.findings.filter((f) => f.rule.endsWith('-TOOL-COUNT'));

const strictTool = {
  name: 'get_weather',
  description: 'The weather now in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
};

describe('the provider rule set', () => {
  it('reports each failure of each tool on the tools/list result', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [providerRuleSet] });
    listTools(linter, [
      strictTool,
      { name: 'weather.get', description: 'The weather now.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
    ]);
    const found = linter.findings.filter((f) => f.rule.startsWith('PROVIDER-'));
    // The closed object OpenAI and Anthropic want is a field Gemini's `parameters` does not have.
    expect(found.map((f) => f.rule)).toEqual([
      'PROVIDER-GEMINI-FIELD',
      'PROVIDER-OPENAI-ADDITIONAL-PROPERTIES',
      'PROVIDER-OPENAI-REQUIRED',
      'PROVIDER-OPENAI-FUNCTION-NAME',
      'PROVIDER-ANTHROPIC-TOOL-NAME',
      'PROVIDER-ANTHROPIC-ADDITIONAL-PROPERTIES',
    ]);
    expect(found[0]!.message).toBe(
      'Tool get_weather, Gemini: at /inputSchema/additionalProperties, Gemini function declarations (an OpenAPI 3.0 subset) has no field "additionalProperties". Fix: remove "additionalProperties" ([{"op":"remove","path":"/inputSchema/additionalProperties"}]).',
    );
    expect(found[1]).toEqual({
      rule: 'PROVIDER-OPENAI-ADDITIONAL-PROPERTIES',
      severity: 'warning',
      subject: 'server',
      specUrl: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
      message:
        'Tool weather.get, OpenAI: at /inputSchema, OpenAI strict mode needs "additionalProperties": false on every object schema; this one does not say. Fix: set "additionalProperties": false ([{"op":"add","path":"/inputSchema/additionalProperties","value":false}]).',
    });
  });

  it('reports a tool without a description to each provider', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [providerRuleSet] });
    listTools(linter, [{ ...strictTool, description: '' }]);
    const found = linter.findings.filter((f) => f.rule.endsWith('-DESCRIPTION'));
    expect(found.map((f) => f.rule)).toEqual(['PROVIDER-OPENAI-DESCRIPTION', 'PROVIDER-ANTHROPIC-DESCRIPTION', 'PROVIDER-GEMINI-DESCRIPTION']);
    expect(found[1]!.message).toBe(
      'Tool get_weather, Anthropic: at /description, the tool has a blank description: Anthropic gives the model the description to decide when to call it, so a model cannot tell what this tool is for.',
    );
  });

  it('is not part of the built-in rule sets', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25' });
    listTools(linter, [{ name: 'weather.get', inputSchema: { type: 'object' } }]);
    expect(linter.findings.filter((f) => f.rule.startsWith('PROVIDER-'))).toEqual([]);
  });

  it('names a tool without a name by its place in the list', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [providerRuleSet] });
    listTools(linter, [{ inputSchema: { type: 'object', properties: {}, $schema: 'x' } }]);
    expect(linter.findings.some((f) => f.message.startsWith('Tool tools[0], Gemini: at /inputSchema/$schema'))).toBe(true);
  });

  it('reports a list over OpenAI’s 128 tools once, as an error on the list', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [providerRuleSet] });
    listTools(linter, many(129));
    expect(counted(linter)).toEqual([
      {
        rule: 'PROVIDER-OPENAI-TOOL-COUNT',
        severity: 'error',
        subject: 'server',
        specUrl: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
        message:
          'The tool list, OpenAI: OpenAI takes at most 128 tools in one request and refuses more; this list has 129 tools, so a host cannot offer the model all of them at once (offer a subset, or split the tools across servers).',
      },
    ]);
  });

  it('counts the pages of one list together, and starts again at a request without a cursor', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [providerRuleSet] });
    initialize(linter);
    listPage(linter, 2, many(100));
    expect(counted(linter)).toEqual([]);
    listPage(linter, 3, many(100, 100), 'page-2');
    expect(counted(linter).map((f) => f.message)).toEqual([expect.stringContaining('this list has 200 tools')]);
    // The same list read again from its first page: 100 tools, under the limit, nothing new.
    listPage(linter, 4, many(100));
    expect(counted(linter)).toHaveLength(1);
    // The second reading reaches the limit, then passes it on its third page: reported again, with its own count.
    listPage(linter, 5, many(28, 100), 'page-2');
    expect(counted(linter)).toHaveLength(1);
    listPage(linter, 6, many(2, 128), 'page-3');
    expect(counted(linter).map((f) => f.message)).toEqual([expect.stringContaining('has 200 tools'), expect.stringContaining('has 130 tools')]);
  });
});
