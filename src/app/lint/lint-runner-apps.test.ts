// The page's linter runs the MCP Apps rules on the wire: a tool's malformed
// _meta.ui is in Problems like every other finding.
import { describe, expect, it } from 'vitest';
import { PassiveLinter } from '../../protocol/index.js';
import { createLogStore } from '../stores/log-store.js';
import { LintRunner } from './lint-runner.js';

describe('LintRunner with MCP Apps', () => {
  it("reports a tool's malformed _meta.ui with the APP-* rules", () => {
    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    const store = createLogStore(() => {});
    const add = (direction: 'out' | 'in', message: object) =>
      store.getState().append({ t: 0, connection: 1, direction, raw: JSON.stringify({ jsonrpc: '2.0', ...message }) });
    add('out', { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    add('in', { id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });
    add('out', { method: 'notifications/initialized' });
    add('out', { id: 2, method: 'tools/list' });
    add('in', { id: 2, result: { tools: [{ name: 'show', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'https://example.com/app' } } }] } });
    store.getState().flush();
    runner.observe(store.getState().entries);
    const apps = runner.store.getState().findings.filter((f) => f.rule.startsWith('APP-'));
    expect(apps.map((f) => [f.rule, f.seq])).toEqual([['APP-RESOURCE-URI', 5]]);
  });
});
