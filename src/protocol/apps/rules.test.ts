import { describe, expect, it } from 'vitest';
import { createBridgeLinter } from './bridge-linter.js';
import { APP_RESOURCE_MIME_TYPE } from './contract.js';
import { APP_RULES, type AppRuleId } from './rules.js';
import { readToolUi } from './tool-ui.js';
import { readUiResource } from './ui-resource.js';
import { RULES, specUrl } from '../lint/rules.js';

const tool = (meta: unknown) => ({ name: 't', _meta: meta });
const content = (c: Record<string, unknown>) => ({ contents: [{ uri: 'ui://a', mimeType: APP_RESOURCE_MIME_TYPE, text: '<p>', ...c }] });

/** One failing example per rule: what it is run on, as the rule's own reader or linter reads it. */
const FAILING: Record<AppRuleId, () => string[]> = {
  'APP-TOOL-UI': () => readToolUi(tool({ ui: 5 })).problems.map((p) => p.rule),
  'APP-TOOL-UI-DEPRECATED': () => readToolUi(tool({ 'ui/resourceUri': 'ui://a' })).problems.map((p) => p.rule),
  'APP-RESOURCE-URI': () => readToolUi(tool({ ui: { resourceUri: 'https://a' } })).problems.map((p) => p.rule),
  'APP-RESOURCE-MISSING': () => readUiResource('ui://a', { contents: [] }).problems.map((p) => p.rule),
  'APP-RESOURCE-MIME': () => readUiResource('ui://a', content({ mimeType: 'text/plain' })).problems.map((p) => p.rule),
  'APP-RESOURCE-CONTENT': () => readUiResource('ui://a', content({ text: undefined })).problems.map((p) => p.rule),
  'APP-RESOURCE-UI': () => readUiResource('ui://a', content({ _meta: { ui: { prefersBorder: 1 } } })).problems.map((p) => p.rule),
  'APP-CSP-DOMAIN': () => readUiResource('ui://a', content({ _meta: { ui: { csp: { connectDomains: ['*'] } } } })).problems.map((p) => p.rule),
  'APP-BRIDGE-JSONRPC': () => bridge(['app-to-host', 'nope']),
  'APP-BRIDGE-INIT': () => bridge(['app-to-host', '{"jsonrpc":"2.0","id":1,"method":"ui/message","params":{"role":"user","content":[]}}']),
  'APP-BRIDGE-METHOD': () => bridge(['app-to-host', '{"jsonrpc":"2.0","id":1,"method":"ui/unknown"}']),
  'APP-BRIDGE-SCHEMA': () => bridge(['app-to-host', '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}']),
  'APP-BRIDGE-VISIBILITY': () =>
    createBridgeLinter({ tools: [tool({ ui: { visibility: ['model'] } })] })
      .message('app-to-host', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}}')
      .map((f) => f.rule),
  'APP-BRIDGE-ORPHAN': () => bridge(['host-to-app', '{"jsonrpc":"2.0","id":1,"result":{}}']),
  'APP-BRIDGE-SIZE': () =>
    createBridgeLinter({ tools: [], maxMessageBytes: 4 })
      .message('app-to-host', '{"jsonrpc":"2.0"}')
      .map((f) => f.rule),
  'APP-CSP-BLOCKED': () => diagnostic({ kind: 'csp-violation', directive: 'connect-src', blockedUri: 'https://x' }),
  'APP-BRIDGE-FLOOD': () => diagnostic({ kind: 'flood', dropped: 1 }),
  'APP-INIT-TIMEOUT': () => diagnostic({ kind: 'init-timeout', ms: 1 }),
  'APP-ERROR': () => diagnostic({ kind: 'app-error', message: 'x' }),
};

function bridge(...steps: Array<['app-to-host' | 'host-to-app', string]>): string[] {
  const linter = createBridgeLinter({ tools: [] });
  return steps.flatMap(([d, raw]) => linter.message(d, raw).map((f) => f.rule));
}

function diagnostic(d: Parameters<ReturnType<typeof createBridgeLinter>['diagnostic']>[0]): string[] {
  return createBridgeLinter({ tools: [] })
    .diagnostic(d)
    .map((f) => f.rule);
}

describe('the APP-* rules', () => {
  for (const [rule, run] of Object.entries(FAILING)) {
    it(`${rule} fires on its failing example`, () => expect(run()).toContain(rule));
  }

  it('are rules of the lint table, each linking to the extension', () => {
    for (const rule of Object.keys(APP_RULES) as AppRuleId[]) {
      expect(RULES[rule]).toBe(APP_RULES[rule]);
      expect(specUrl(rule, '2025-11-25')).toMatch(/^https:\/\/github\.com\/modelcontextprotocol\/ext-apps\/.*#[a-z-]+$/);
    }
  });
});
