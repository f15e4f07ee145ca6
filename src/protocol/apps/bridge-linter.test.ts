import { describe, expect, it } from 'vitest';
import { createBridgeLinter } from './bridge-linter.js';
import { UI_METHODS } from './bridge-methods.js';
import { schemaMethods } from './bridge-schema.js';
import type { BridgeDirection } from './contract.js';

const APP: BridgeDirection = 'app-to-host';
const HOST: BridgeDirection = 'host-to-app';
type Step = [BridgeDirection, unknown];

const TOOLS = [
  { name: 'both', inputSchema: { type: 'object' } },
  { name: 'model-only', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://a', visibility: ['model'] } } },
  { name: 'app-only', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } },
];

const handshake: Step[] = [
  [
    APP,
    { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'a', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } },
  ],
  [
    HOST,
    {
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2026-01-26', hostInfo: { name: 'mcpscope', version: '1' }, hostCapabilities: {}, hostContext: { theme: 'dark' } },
    },
  ],
  [APP, { jsonrpc: '2.0', method: 'ui/notifications/initialized' }],
];

function lint(steps: Step[], maxMessageBytes?: number) {
  const linter = createBridgeLinter({ tools: TOOLS, ...(maxMessageBytes !== undefined ? { maxMessageBytes } : {}) });
  return steps.flatMap(([d, m], seq) => linter.message(d, typeof m === 'string' ? m : JSON.stringify(m), seq));
}
const rules = (steps: Step[], max?: number) => lint(steps, max).map((f) => f.rule);

describe('createBridgeLinter', () => {
  it('finds nothing in a well-behaved session', () => {
    expect(
      lint([
        [HOST, { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '<p>x</p>' } }],
        ...handshake,
        [HOST, { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { q: 1 } } }],
        [HOST, { jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { content: [{ type: 'text', text: 'ok' }] } }],
        [APP, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'app-only', arguments: {} } }],
        [HOST, { jsonrpc: '2.0', id: 2, result: { content: [] } }],
        [APP, { jsonrpc: '2.0', id: 3, method: 'ui/open-link', params: { url: 'https://example.com' } }],
        [HOST, { jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'Link opening denied by user' } }],
        [APP, { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 300, height: 200 } }],
        [HOST, { jsonrpc: '2.0', id: 'h1', method: 'ui/resource-teardown', params: {} }],
        [APP, { jsonrpc: '2.0', id: 'h1', result: {} }],
      ]),
    ).toEqual([]);
  });

  it('APP-BRIDGE-JSONRPC: not JSON, not JSON-RPC, a batch', () => {
    expect(rules([[APP, '{not json']])).toEqual(['APP-BRIDGE-JSONRPC']);
    expect(rules([[APP, { hello: 1 }]])).toEqual(['APP-BRIDGE-JSONRPC']);
    expect(rules([[APP, [{ jsonrpc: '2.0', method: 'ui/notifications/initialized' }]]])).toEqual(['APP-BRIDGE-JSONRPC']);
    expect(lint([[APP, '{not json']])[0]).toMatchObject({ subject: 'server', severity: 'error', seq: 0, specUrl: expect.stringContaining('ext-apps') });
  });

  it('APP-BRIDGE-INIT: an app request before ui/initialize or before its answer; a host message before initialized', () => {
    const call: Step = [APP, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'both' } }];
    expect(rules([call])).toEqual(['APP-BRIDGE-INIT']);
    expect(rules([handshake[0]!, call])).toEqual(['APP-BRIDGE-INIT']);
    expect(rules([...handshake.slice(0, 2), call])).toEqual([]);
    const early: Step = [HOST, { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: {} } }];
    expect(rules([handshake[0]!, handshake[1]!, early])).toEqual(['APP-BRIDGE-INIT']);
    expect(lint([early])[0]!.subject).toBe('client');
    expect(rules([...handshake, early])).toEqual([]);
  });

  it('APP-BRIDGE-METHOD: an unknown ui/* method, or one sent by the wrong side', () => {
    expect(rules([...handshake, [APP, { jsonrpc: '2.0', id: 2, method: 'ui/take-over', params: {} }]])).toEqual(['APP-BRIDGE-METHOD']);
    expect(rules([...handshake, [APP, { jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { content: [] } }]])).toEqual(['APP-BRIDGE-METHOD']);
    // Not the extension's: passed on to the server, judged there.
    expect(rules([...handshake, [APP, { jsonrpc: '2.0', id: 2, method: 'prompts/list', params: {} }]])).toEqual([]);
  });

  it("APP-BRIDGE-SCHEMA: a message or a result that does not match the extension's schema", () => {
    const bad = lint([...handshake, [APP, { jsonrpc: '2.0', id: 2, method: 'ui/open-link', params: { href: 'https://x' } }]]);
    expect(bad.map((f) => f.rule)).toEqual(['APP-BRIDGE-SCHEMA']);
    expect(bad[0]!.message).toMatch(/^ui\/open-link does not match the extension's schema: .*"url"/);
    expect(
      rules([
        ...handshake,
        [APP, { jsonrpc: '2.0', id: 2, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } }],
        [HOST, { jsonrpc: '2.0', id: 2, result: { mode: 'theatre' } }],
      ]),
    ).toEqual(['APP-BRIDGE-SCHEMA']);
  });

  it('APP-BRIDGE-VISIBILITY: a tools/call from the app to a tool whose visibility excludes "app"', () => {
    const found = lint([...handshake, [APP, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'model-only', arguments: {} } }]]);
    expect(found.map((f) => f.rule)).toEqual(['APP-BRIDGE-VISIBILITY']);
    expect(found[0]!.message).toContain('model-only');
    expect(rules([...handshake, [APP, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'both' } }]])).toEqual([]);
  });

  it('APP-BRIDGE-ORPHAN: an answer to no request, or a second answer', () => {
    expect(rules([...handshake, [HOST, { jsonrpc: '2.0', id: 7, result: {} }]])).toEqual(['APP-BRIDGE-ORPHAN']);
    // The app cannot answer its own request.
    expect(rules([...handshake, [APP, { jsonrpc: '2.0', id: 1, result: {} }]])).toEqual(['APP-BRIDGE-ORPHAN']);
  });

  it('APP-BRIDGE-SIZE: a message over the cap is named and not parsed', () => {
    const big = JSON.stringify({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { pad: 'é'.repeat(600) } });
    const found = lint([[APP, big]], 1000);
    expect(found.map((f) => f.rule)).toEqual(['APP-BRIDGE-SIZE']);
    expect(found[0]!.message).toMatch(/1,2\d\d bytes, over the 1,000 bytes/);
  });
});

describe('BridgeLinter.diagnostic', () => {
  const linter = createBridgeLinter({ tools: [] });
  it('turns what the sandbox saw into findings about the app', () => {
    const csp = linter.diagnostic({ kind: 'csp-violation', directive: 'script-src-elem', blockedUri: 'https://evil.example/x.js' }, 4);
    expect(csp).toEqual([
      expect.objectContaining({
        rule: 'APP-CSP-BLOCKED',
        subject: 'server',
        seq: 4,
        message:
          "The app's CSP stopped https://evil.example/x.js (script-src-elem): the resource does not declare it; if the app needs it, add its origin to _meta.ui.csp.resourceDomains.",
      }),
    ]);
    expect(linter.diagnostic({ kind: 'flood', dropped: 120 })[0]!.rule).toBe('APP-BRIDGE-FLOOD');
    // The sandbox's reports of one flood as it goes: one finding, when it starts.
    const flood = [
      linter.diagnostic({ kind: 'flood', dropped: 4800, sent: 5000, ms: 250, phase: 'started' }, 7),
      linter.diagnostic({ kind: 'flood', dropped: 9000, sent: 9400, ms: 1250, phase: 'going' }),
      linter.diagnostic({ kind: 'flood', dropped: 9100, sent: 9500, ms: 1400, phase: 'over' }),
    ];
    expect(flood.map((found) => found.map((f) => f.rule))).toEqual([['APP-BRIDGE-FLOOD'], [], []]);
    expect(flood[0]![0]!.message).toBe('The app sent 5,000 messages in 250 ms, more than a host takes; the sandbox passes on 200 a second and drops the rest.');
    expect(linter.diagnostic({ kind: 'init-timeout', ms: 10000 })[0]!.rule).toBe('APP-INIT-TIMEOUT');
    expect(linter.diagnostic({ kind: 'app-error', message: 'SecurityError: Blocked a frame' })[0]!.rule).toBe('APP-ERROR');
    expect(linter.diagnostic({ kind: 'bad-message', reason: 'not JSON-RPC', size: 10 })[0]!.rule).toBe('APP-BRIDGE-JSONRPC');
    expect(linter.diagnostic({ kind: 'bad-message', reason: 'too large', size: 64 * 1024 * 1024 })[0]!.rule).toBe('APP-BRIDGE-SIZE');
  });
});

describe('the extension methods', () => {
  it('are exactly those the published schema defines', () => {
    expect([...UI_METHODS.keys()].sort()).toEqual(schemaMethods().sort());
  });
});
