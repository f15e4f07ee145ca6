// The page's linter runs the MCP Apps rules on the wire: a tool's malformed
// _meta.ui is in Problems like every other finding.
import { describe, expect, it } from 'vitest';
import { createBridgeLinter, PassiveLinter } from '../../protocol/index.js';
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

describe('LintRunner with an app sandbox report before the lint chunk has loaded', () => {
  it('keeps the report and puts its finding in Problems once the chunk is there, in its place', async () => {
    // As the page does: the bridge linter comes with the lint engine's chunk.
    let bridgeLinterOf: typeof createBridgeLinter | undefined;
    let loaded: (engine: typeof PassiveLinter) => void = () => {};
    const runner = new LintRunner(() => '2025-11-25', {
      loadLinter: () =>
        new Promise<typeof PassiveLinter>((resolve) => {
          loaded = (engine) => {
            bridgeLinterOf = createBridgeLinter;
            resolve(engine);
          };
        }),
      schedule: (work) => work(),
      bridgeLinter: () => bridgeLinterOf?.({ tools: [] }),
    });
    const store = createLogStore(() => {});
    const channel = { app: 1, tool: 'map' };
    store.getState().append({ t: 0, connection: 1, direction: 'in', raw: '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}', channel });
    // The report's own line, as the scope logs it.
    const { seq } = store.getState().append({ t: 0, connection: 1, direction: 'system', kind: 'system', raw: 'The sandbox stopped the app…', channel });
    store.getState().flush();
    runner.observe(store.getState().entries);
    runner.bridgeDiagnostic(1, channel, { kind: 'csp-violation', directive: 'script-src-elem', blockedUri: 'https://evil.example/x.js' }, seq);
    expect(runner.store.getState().findings).toEqual([]);
    loaded(PassiveLinter);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const found = runner.store.getState().findings.filter((f) => f.rule === 'APP-CSP-BLOCKED');
    expect(found.map((f) => [f.rule, f.seq, f.connection])).toEqual([['APP-CSP-BLOCKED', seq, 1]]);
    expect(found[0]!.message).toContain('https://evil.example/x.js');
  });
});
