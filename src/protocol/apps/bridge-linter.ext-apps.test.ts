// The linter against the package's own two sides (an App and an AppBridge on a
// linked in-memory pair): what they send to each other is what hosts and apps
// send, so a well-behaved session of theirs must give no finding.

import { InMemoryTransport } from '@modelcontextprotocol/client';
import { App } from '@modelcontextprotocol/ext-apps';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { describe, expect, it } from 'vitest';
import { createBridgeLinter } from './bridge-linter.js';
import type { BridgeDirection } from './contract.js';
import type { Finding } from '../lint/state.js';

type Sendable = Parameters<InMemoryTransport['send']>;

function tapped(transport: InMemoryTransport, direction: BridgeDirection, record: (d: BridgeDirection, raw: string) => void): InMemoryTransport {
  const send = transport.send.bind(transport);
  transport.send = (...args: Sendable) => {
    record(direction, JSON.stringify(args[0]));
    return send(...args);
  };
  return transport;
}

describe('createBridgeLinter on ext-apps', () => {
  it("finds nothing in a session of the package's App and AppBridge", async () => {
    const tools = [
      { name: 'refresh', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } },
      { name: 'secret', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } },
    ];
    const linter = createBridgeLinter({ tools });
    const findings: Finding[] = [];
    const record = (d: BridgeDirection, raw: string) => findings.push(...linter.message(d, raw));
    const [hostSide, appSide] = InMemoryTransport.createLinkedPair();

    const bridge = new AppBridge(
      null,
      { name: 'mcpscope', version: '0' },
      { openLinks: {}, serverTools: {} },
      { hostContext: { theme: 'light', displayMode: 'inline' } },
    );
    bridge.oncalltool = async () => ({ content: [{ type: 'text', text: 'done' }] });
    bridge.onopenlink = async () => ({});
    bridge.onmessage = async () => ({});
    bridge.onrequestdisplaymode = async ({ mode }) => ({ mode });
    bridge.onupdatemodelcontext = async () => ({});
    const initialized = new Promise<void>((resolve) => {
      bridge.oninitialized = () => resolve();
    });
    await bridge.connect(tapped(hostSide, 'host-to-app', record));

    const app = new App({ name: 'demo-app', version: '1.0.0' }, { availableDisplayModes: ['inline', 'fullscreen'] }, { autoResize: false });
    app.onteardown = async () => ({});
    await app.connect(tapped(appSide, 'app-to-host', record));
    await initialized;

    await bridge.sendToolInput({ arguments: { q: 'x' } });
    await bridge.sendToolResult({ content: [{ type: 'text', text: 'result' }] });
    await app.callServerTool({ name: 'refresh', arguments: {} });
    await app.openLink({ url: 'https://example.com' });
    await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hi' }] });
    await app.requestDisplayMode({ mode: 'fullscreen' });
    await app.updateModelContext({ content: [{ type: 'text', text: 'ctx' }] });
    await app.sendSizeChanged({ width: 320, height: 240 });
    await bridge.sendHostContextChange({ theme: 'dark' });
    await bridge.teardownResource({});
    expect(findings).toEqual([]);

    // The same pair, an app calling a tool kept from it: named.
    await app.callServerTool({ name: 'secret', arguments: {} });
    expect(findings.map((f) => f.rule)).toEqual(['APP-BRIDGE-VISIBILITY']);
    await app.close();
    await bridge.close();
  });
});
