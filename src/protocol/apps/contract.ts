// MCP Apps (the io.modelcontextprotocol/ui extension): the words the page, the
// proxy's sandbox, the linter and the CLI share. Types and constants only; the
// readers, the CSP builder and the bridge linter live beside this file.

/** The extension's id, as a client declares it under `capabilities.extensions`. */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';

/** The MIME type of an app's HTML resource. */
export const APP_RESOURCE_MIME_TYPE = 'text/html;profile=mcp-app';

/** The scheme every app resource's URI has. */
export const UI_RESOURCE_SCHEME = 'ui:';

/** Who sent a message of the host⇄app bridge (a `postMessage` between the page and the sandboxed app). */
export type BridgeDirection = 'host-to-app' | 'app-to-host';

/** Who may call a tool: the model, the app, or both (`_meta.ui.visibility`; both when absent). */
export type ToolVisibility = 'model' | 'app';

/** What a host needs of a tool's `_meta.ui`. */
export interface ToolUi {
  resourceUri: string;
  visibility: readonly ToolVisibility[];
  /** Read from the deprecated flat key `_meta["ui/resourceUri"]` (a lint warning). */
  deprecatedKey?: true;
}

/** The origins an app declares it needs (`_meta.ui.csp` of the resource); nothing else is reachable. */
export interface UiCsp {
  connectDomains: readonly string[];
  resourceDomains: readonly string[];
  frameDomains: readonly string[];
  baseUriDomains: readonly string[];
}

/** The browser permissions an app declares (`_meta.ui.permissions`); granted only after the person agrees. */
export interface UiPermissions {
  camera?: true;
  microphone?: true;
  geolocation?: true;
  clipboardWrite?: true;
}

/** An app resource as read from resources/read: its HTML and what its `_meta.ui` declares. */
export interface UiResource {
  uri: string;
  html: string;
  csp: UiCsp;
  permissions: UiPermissions;
  prefersBorder?: boolean;
  domain?: string;
}

/** One thing wrong with a tool's or a resource's `_meta.ui`, or with a bridge message: a sentence and a rule. */
export interface AppProblem {
  /** A rule id of `lint/rules.ts` (APP-…). */
  rule: string;
  severity: 'error' | 'warning';
  message: string;
  /** Where, as a JSON Pointer into the tool, the resource or the message. */
  path?: string;
}

/** What the sandbox tells the host of an app beyond the bridge's own messages: each is shown and linted. */
export type SandboxDiagnostic =
  /** The CSP stopped a load or a connection (securitypolicyviolation). */
  | { kind: 'csp-violation'; directive: string; blockedUri: string; sample?: string }
  /** The app threw and did not catch it (a SecurityError reading `parent.document`, say). */
  | { kind: 'app-error'; message: string }
  /** A message that is not JSON-RPC, or too large to pass on: dropped, never given to the bridge. */
  | { kind: 'bad-message'; reason: string; size: number }
  /**
   * More messages in a second than the host takes: the rest dropped and counted. The sandbox's
   * reports carry the flood's totals since its first dropped message: `sent` in `ms`, and whether
   * it has just `started`, is `going` on or is `over`; the page's own gate counts `dropped` only.
   */
  | { kind: 'flood'; dropped: number; sent?: number; ms?: number; phase?: 'started' | 'going' | 'over' }
  /** The app did not send ui/initialize within this long after it was loaded. */
  | { kind: 'init-timeout'; ms: number }
  /** The app sent ui/initialize this long after its frame was created. */
  | { kind: 'initialize-time'; ms: number }
  /** A declared CSP domain the sandbox left out (`list` names the `UiCsp` list): nothing of it is reachable. */
  | { kind: 'csp-domain-refused'; list: string; domain: string; reason: string };
