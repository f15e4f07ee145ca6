// The extension's own methods (ui/…), each with the side that sends it. Other
// methods on the bridge are MCP's (tools/call, resources/read, ping, …), which a
// host may pass on to the server; they are not judged here.

import type { BridgeDirection } from './contract.js';

export interface UiMethod {
  kind: 'request' | 'notification';
  from: BridgeDirection;
}

export const UI_METHODS: ReadonlyMap<string, UiMethod> = new Map<string, UiMethod>([
  ['ui/initialize', { kind: 'request', from: 'app-to-host' }],
  ['ui/message', { kind: 'request', from: 'app-to-host' }],
  ['ui/open-link', { kind: 'request', from: 'app-to-host' }],
  ['ui/download-file', { kind: 'request', from: 'app-to-host' }],
  ['ui/request-display-mode', { kind: 'request', from: 'app-to-host' }],
  ['ui/update-model-context', { kind: 'request', from: 'app-to-host' }],
  ['ui/notifications/initialized', { kind: 'notification', from: 'app-to-host' }],
  ['ui/notifications/size-changed', { kind: 'notification', from: 'app-to-host' }],
  ['ui/notifications/request-teardown', { kind: 'notification', from: 'app-to-host' }],
  ['ui/notifications/sandbox-proxy-ready', { kind: 'notification', from: 'app-to-host' }],
  ['ui/resource-teardown', { kind: 'request', from: 'host-to-app' }],
  ['ui/notifications/tool-input', { kind: 'notification', from: 'host-to-app' }],
  ['ui/notifications/tool-input-partial', { kind: 'notification', from: 'host-to-app' }],
  ['ui/notifications/tool-result', { kind: 'notification', from: 'host-to-app' }],
  ['ui/notifications/tool-cancelled', { kind: 'notification', from: 'host-to-app' }],
  ['ui/notifications/host-context-changed', { kind: 'notification', from: 'host-to-app' }],
  ['ui/notifications/sandbox-resource-ready', { kind: 'notification', from: 'host-to-app' }],
]);

/** Messages between the host and the sandbox proxy itself, never passed to the app (and allowed before initialize). */
export function isSandboxMethod(method: string): boolean {
  return method.startsWith('ui/notifications/sandbox-');
}
