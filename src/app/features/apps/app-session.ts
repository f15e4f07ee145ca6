// The host side of one app: ext-apps' AppBridge (with no MCP client of its
// own: every request goes to the owner's handlers, which use the connection)
// over the sandbox frame's transport. It hands the sandbox the app once the
// sandbox is ready, sends the tool's input and result after the app is
// initialized, host-context changes as they come, and tears the app down.
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import { AppBridge, type McpUiHostCapabilities, type McpUiMessageResult, type McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import { MCPSCOPE_VERSION, type UiPermissions } from '../../../protocol/index.js';
import type { AppFrameProps, JsonObject, TeardownOutcome } from './app-frame-contract.js';
import { FrameTransport } from './frame-transport.js';

/** How long an app has, from its frame's creation, to send ui/initialize. */
export const INIT_TIMEOUT_MS = 10_000;
/** How long the app has to answer ui/resource-teardown before its frame goes all the same. */
export const TEARDOWN_TIMEOUT_MS = 1_000;
/** The frame follows the app's size within these bounds (CSS pixels). */
export const SIZE_BOUNDS = { min: 24, maxWidth: 4096, maxHeight: 4096 };

/** What the session reads of the props: always the latest (the owner may pass new handlers at each render). */
export type SessionProps = Omit<AppFrameProps, 'title'>;

export interface AppSession {
  /** The props changed: a new host context or tool result is sent once the app is initialized. */
  update(): void;
  /**
   * ui/resource-teardown, answered or not within TEARDOWN_TIMEOUT_MS, then the bridge closes; the owner hears how
   * (`onTornDown`). A sandbox that never said it was ready was never handed the app: the bridge closes at once.
   */
  teardown(): Promise<TeardownOutcome>;
  /** Close at once (the frame is already gone). */
  close(): void;
}

/** The extension's permissions shape ({} for each granted one). */
export function permissionsOf(granted: UiPermissions): McpUiResourcePermissions {
  const out: McpUiResourcePermissions = {};
  for (const name of ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const) if (granted[name] === true) out[name] = {};
  return out;
}

function clamp(value: number | undefined, max: number): number | undefined {
  return value === undefined || !Number.isFinite(value) ? undefined : Math.min(max, Math.max(SIZE_BOUNDS.min, Math.round(value)));
}

export function startAppSession(
  frame: Window,
  sandboxOrigin: string,
  props: () => SessionProps,
  onSize: (size: { width?: number; height?: number }) => void,
): AppSession {
  const first = props();
  let initialized = false;
  let sandboxReady = false;
  let closed = false;
  let tearing: Promise<TeardownOutcome> | undefined;
  let sentInput: JsonObject | undefined;
  let sentResult: JsonObject | undefined;
  let initTimer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
    initTimer = undefined;
    props().onDiagnostic({ kind: 'init-timeout', ms: INIT_TIMEOUT_MS });
  }, INIT_TIMEOUT_MS);
  const clearInitTimer = (): void => {
    if (initTimer !== undefined) clearTimeout(initTimer);
    initTimer = undefined;
  };

  const transport = new FrameTransport(frame, sandboxOrigin, {
    onFrame: (direction, raw) => props().onFrame(direction, raw),
    onDiagnostic: (diagnostic) => props().onDiagnostic(diagnostic),
    onAppMessage: (method) => {
      if (method === 'ui/initialize') clearInitTimer();
    },
  });
  const permissions = permissionsOf(first.grantedPermissions);
  const csp = {
    connectDomains: [...first.resource.csp.connectDomains],
    resourceDomains: [...first.resource.csp.resourceDomains],
    frameDomains: [...first.resource.csp.frameDomains],
    baseUriDomains: [...first.resource.csp.baseUriDomains],
  };
  const capabilities: McpUiHostCapabilities = {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    updateModelContext: { text: {} },
    sandbox: { permissions, csp },
  };
  const bridge = new AppBridge(null, { name: 'mcpscope', version: MCPSCOPE_VERSION }, capabilities, { hostContext: first.hostContext });

  // The owner's handlers answer with JSON objects; the bridge sends them to the app as they are.
  bridge.oncalltool = (params) =>
    props().handlers.callTool({ name: params.name, ...(params.arguments ? { arguments: params.arguments } : {}) }) as Promise<CallToolResult>;
  bridge.onreadresource = (params) => props().handlers.readResource({ uri: params.uri }) as Promise<ReadResourceResult>;
  bridge.onmessage = (params) => props().handlers.message(params) as Promise<McpUiMessageResult>;
  bridge.onopenlink = (params) => props().handlers.openLink(params);
  bridge.onupdatemodelcontext = (params) => props().handlers.updateModelContext(params);
  bridge.onrequestdisplaymode = async (params) => ({ mode: await props().handlers.requestDisplayMode(params.mode) });
  bridge.onsizechange = ({ width, height }) => {
    const size = {
      ...(clamp(width, SIZE_BOUNDS.maxWidth) !== undefined ? { width: clamp(width, SIZE_BOUNDS.maxWidth) } : {}),
      ...(clamp(height, SIZE_BOUNDS.maxHeight) !== undefined ? { height: clamp(height, SIZE_BOUNDS.maxHeight) } : {}),
    };
    onSize(size);
    props().onSizeChange?.(size);
  };
  bridge.onrequestteardown = () => {
    void teardown().then(() => props().onRequestTeardown?.());
  };
  bridge.onsandboxready = () => {
    sandboxReady = true;
    void bridge.sendSandboxResourceReady({ html: first.resource.html, csp, permissions });
  };
  bridge.oninitialized = () => {
    initialized = true;
    update();
  };

  function update(): void {
    if (!initialized || closed) return;
    const now = props();
    bridge.setHostContext(now.hostContext);
    if (now.toolInput !== undefined && now.toolInput !== sentInput) {
      sentInput = now.toolInput;
      void bridge.sendToolInput({ arguments: now.toolInput });
    }
    if (now.toolResult !== undefined && now.toolResult !== sentResult) {
      sentResult = now.toolResult;
      void bridge.sendToolResult(now.toolResult as CallToolResult);
    }
  }

  function close(): void {
    if (closed) return;
    closed = true;
    clearInitTimer();
    void bridge.close();
  }
  function teardown(): Promise<TeardownOutcome> {
    tearing ??= new Promise<TeardownOutcome>((resolve) => {
      // No sandbox, no app: nobody would answer, so there is nothing to wait for.
      if (!sandboxReady) {
        resolve({ kind: 'not-started', reason: 'sandbox-silent' });
        return;
      }
      const start = performance.now();
      const elapsed = () => Math.round(performance.now() - start);
      const done = (outcome: TeardownOutcome): void => {
        clearTimeout(timer);
        resolve(outcome);
      };
      // The host's own clock, not the request's: closing the bridge then lets go of the unanswered request.
      const timer = setTimeout(() => done({ kind: 'timeout', ms: TEARDOWN_TIMEOUT_MS }), TEARDOWN_TIMEOUT_MS);
      bridge.teardownResource({}).then(
        () => done({ kind: 'answered', ms: elapsed() }),
        (err: unknown) => done({ kind: 'error', ms: elapsed(), message: err instanceof Error ? err.message : String(err) }),
      );
    }).then((outcome) => {
      close();
      props().onTornDown?.(outcome);
      return outcome;
    });
    return tearing;
  }

  void bridge
    .connect(transport)
    .catch((err: unknown) =>
      props().onDiagnostic({ kind: 'app-error', message: `The host could not start the bridge: ${err instanceof Error ? err.message : String(err)}` }),
    );
  return { update, teardown, close };
}
