// The one component that shows an app: `AppFrame` mounts the proxy's sandbox (an
// iframe on another origin), hands it the app's HTML and CSP, runs the host side
// of the bridge (ext-apps' AppBridge, with no MCP client of its own) and passes
// every app request to the handlers its owner gives. The owner (the Apps view,
// the Tools tab) routes them through the connection, so every frame an app
// causes is on the wire, in the Log, linted.

import type {
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiMessageRequest,
  McpUiOpenLinkRequest,
  McpUiUpdateModelContextRequest,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { BridgeDirection, SandboxDiagnostic, UiPermissions, UiResource } from '../../../protocol/index.js';

/** A JSON object as the bridge carries it (a tool call's arguments and result, a resource read's result). */
export type JsonObject = Record<string, unknown>;

/** What the app asks of its host; each answer (or a thrown Error, sent to the app as a JSON-RPC error) goes back to it. */
export interface AppRequestHandlers {
  /** tools/call from the app: sent over the connection (the person may be asked first), the result returned. */
  callTool(params: { name: string; arguments?: JsonObject }): Promise<JsonObject>;
  /** resources/read from the app, over the connection. */
  readResource(params: { uri: string }): Promise<JsonObject>;
  /** ui/message: a message the app wants added to the conversation; shown to the person. */
  message(params: McpUiMessageRequest['params']): Promise<JsonObject>;
  /** ui/open-link: shown with the link; opened only when the person clicks it. */
  openLink(params: McpUiOpenLinkRequest['params']): Promise<JsonObject>;
  /** ui/update-model-context: what the app would tell the model; shown. */
  updateModelContext(params: McpUiUpdateModelContextRequest['params']): Promise<JsonObject>;
  /** ui/request-display-mode: the mode granted (one of the host's available modes). */
  requestDisplayMode(mode: McpUiDisplayMode): Promise<McpUiDisplayMode>;
}

/**
 * Why an app was removed without ui/resource-teardown: there was no app to ask. `no-sandbox`: the sandbox page
 * was never shown (an older proxy, a failed launch config); `no-frame`: the frame had no window, so no session
 * started; `sandbox-silent`: the sandbox never said it was ready, so the app was never handed its HTML.
 */
export type NotStartedReason = 'no-sandbox' | 'no-frame' | 'sandbox-silent';

/** How an app answered ui/resource-teardown: in time, with an error, or not within the host's time (`ms`); or it never started. */
export type TeardownOutcome =
  | { kind: 'answered'; ms: number }
  | { kind: 'error'; ms: number; message: string }
  | { kind: 'timeout'; ms: number }
  | { kind: 'not-started'; reason: NotStartedReason };

export interface AppFrameProps {
  /** The app: its HTML and what its resource's `_meta.ui` declares (read by the protocol's resource reader). */
  resource: UiResource;
  /** Of `resource.permissions`, those the person agreed to; the rest are never granted. */
  grantedPermissions: UiPermissions;
  /** Sent in the answer to ui/initialize; a change is sent as ui/notifications/host-context-changed. */
  hostContext: McpUiHostContext;
  /** The call this app shows: its arguments (tool-input) and, once known, its result (tool-result), sent after initialized. */
  toolInput?: JsonObject;
  toolResult?: JsonObject;
  handlers: AppRequestHandlers;
  /** Every bridge message as it crossed, in order, as its exact text: the Log's app channel. */
  onFrame(direction: BridgeDirection, raw: string): void;
  /** What the sandbox saw besides messages (CSP violations, uncaught errors, dropped messages, no initialize). */
  onDiagnostic(diagnostic: SandboxDiagnostic): void;
  /** The app asked for a size (ui/notifications/size-changed); the frame follows it within the host's bounds. */
  onSizeChange?(size: { width?: number; height?: number }): void;
  /** The app asked to be closed (ui/notifications/request-teardown); called once it has been torn down. */
  onRequestTeardown?(): void;
  /**
   * The owner is closing the app: ui/resource-teardown is sent and `onTornDown` called once the app
   * answered or TEARDOWN_TIMEOUT_MS passed; the owner removes the frame then, not before. When the app never
   * started (no sandbox, no session, a sandbox that never said it was ready), `onTornDown` is called at once.
   */
  closing?: boolean;
  /** The app was torn down (the person closed it, or it asked): how it answered ui/resource-teardown. */
  onTornDown?(outcome: TeardownOutcome): void;
  /** An accessible name for the iframe ("App of tool NAME"). */
  title: string;
}
