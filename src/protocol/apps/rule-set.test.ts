// The MCP Apps rules through the lint engine: tools/list and resources/read
// results give findings naming the tool or resource and the place; without the
// rule set, none.
import { describe, expect, it } from 'vitest';
import { APP_RESOURCE_MIME_TYPE } from './contract.js';
import { appRuleSet } from './rule-set.js';
import { Linter } from '../lint/linter.js';

function session(linter: Linter, exchanges: Array<[string, unknown, unknown]>): void {
  const frame = (side: 'client' | 'server', m: unknown) => linter.frame(side, JSON.stringify({ jsonrpc: '2.0', ...(m as object) }));
  frame('client', { id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  frame('server', { id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {}, resources: {} }, serverInfo: { name: 's', version: '1' } } });
  frame('client', { method: 'notifications/initialized' });
  exchanges.forEach(([method, params, result], i) => {
    frame('client', { id: i + 1, method, ...(params === undefined ? {} : { params }) });
    frame('server', { id: i + 1, result });
  });
}

const appTool = { name: 'show', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://demo/app' } } };
const html = (extra: Record<string, unknown> = {}) => ({ contents: [{ uri: 'ui://demo/app', mimeType: APP_RESOURCE_MIME_TYPE, text: '<p>hi</p>', ...extra }] });
const appFindings = (linter: Linter) => linter.findings.filter((f) => f.rule.startsWith('APP-'));

describe('the MCP Apps rule set', () => {
  it('finds nothing in a well-formed app tool and resource', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [appRuleSet] });
    session(linter, [
      ['tools/list', undefined, { tools: [appTool] }],
      ['resources/read', { uri: 'ui://demo/app' }, html({ _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] } } } })],
    ]);
    expect(appFindings(linter)).toEqual([]);
  });

  it("names a tool's malformed _meta.ui and the deprecated key, at their place in the result", () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [appRuleSet] });
    session(linter, [
      [
        'tools/list',
        undefined,
        { tools: [appTool, { name: 'old', inputSchema: { type: 'object' }, _meta: { 'ui/resourceUri': 'ui://demo/old', ui: { visibility: ['nobody'] } } }] },
      ],
    ]);
    const found = appFindings(linter);
    expect(found.map((f) => [f.rule, f.severity, f.subject])).toEqual([
      ['APP-TOOL-UI', 'error', 'server'],
      ['APP-TOOL-UI-DEPRECATED', 'warning', 'server'],
    ]);
    expect(found[0]!.message).toBe('Tool old: _meta.ui.visibility[0] is "nobody"; the values are "model" and "app". (at /tools/1/_meta/ui/visibility/0)');
    expect(found[1]!.specUrl).toContain('ext-apps');
  });

  it('names a ui:// resource that is not HTML, and a malformed _meta.ui (the listed one as fallback)', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [appRuleSet] });
    session(linter, [
      ['resources/list', undefined, { resources: [{ uri: 'ui://demo/app', name: 'app', _meta: { ui: { csp: { connectDomains: ['javascript:x'] } } } }] }],
      ['resources/read', { uri: 'ui://demo/app' }, html()],
      ['resources/read', { uri: 'ui://demo/app' }, html({ mimeType: 'application/json' })],
      ['resources/read', { uri: 'file:///notes.txt' }, { contents: [{ uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'x' }] }],
    ]);
    expect(appFindings(linter).map((f) => f.rule)).toEqual(['APP-CSP-DOMAIN', 'APP-RESOURCE-MIME', 'APP-CSP-DOMAIN']);
  });

  it('names a ui:// resource the server cannot read (an error answer), and no other resource', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [appRuleSet] });
    session(linter, []);
    const frame = (side: 'client' | 'server', m: object) => linter.frame(side, JSON.stringify({ jsonrpc: '2.0', ...m }));
    frame('client', { id: 7, method: 'resources/read', params: { uri: 'ui://demo/missing.html' } });
    frame('server', { id: 7, error: { code: -32002, message: 'Resource not found' } });
    frame('client', { id: 8, method: 'resources/read', params: { uri: 'file:///gone.txt' } });
    frame('server', { id: 8, error: { code: -32002, message: 'Resource not found' } });
    expect(appFindings(linter).map((f) => [f.rule, f.message])).toEqual([
      ['APP-RESOURCE-MISSING', 'resources/read of ui://demo/missing.html failed (-32002: Resource not found), so no host can show this app.'],
    ]);
  });

  it('is silent without the rule set', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25' });
    session(linter, [['tools/list', undefined, { tools: [{ name: 'x', inputSchema: { type: 'object' }, _meta: { ui: 3 } }] }]]);
    expect(appFindings(linter)).toEqual([]);
  });
});
