// The provider rules through the lint engine: a tools/list result gives one
// finding per failure, naming the tool, the provider, the place and the fix,
// linked to the provider's page; without the rule set, none.
import { describe, expect, it } from 'vitest';
import { Linter } from '../linter.js';
import { providerRuleSet } from './rule-set.js';

function listTools(linter: Linter, tools: unknown[]): void {
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
  linter.frame('client', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
  linter.frame('server', JSON.stringify({ jsonrpc: '2.0', id: 2, result: { tools } }));
}

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
});
