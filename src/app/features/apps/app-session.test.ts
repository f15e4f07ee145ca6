// The host side of an app, without a browser: a stand-in window and sandbox
// frame carry the messages an app would send, and what the host posts back is
// read from the frame.
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/ext-apps/app-bridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeDirection, SandboxDiagnostic } from '../../../protocol/index.js';
import type { AppRequestHandlers } from './app-frame-contract.js';
import { INIT_TIMEOUT_MS, startAppSession, TEARDOWN_TIMEOUT_MS, type SessionProps } from './app-session.js';
import { MAX_MESSAGES_PER_SECOND } from './message-gate.js';

const SANDBOX = 'http://127.0.0.1:7001';

interface Posted {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
}

let target: EventTarget;
let posted: Array<{ message: Posted; origin: string }>;
const frame = { postMessage: (message: Posted, origin: string) => posted.push({ message, origin }) } as unknown as Window;

function fromSandbox(data: unknown, source: unknown = frame, origin = SANDBOX): void {
  const event = Object.assign(new Event('message'), { data, source, origin });
  target.dispatchEvent(event);
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const sent = (method: string) => posted.filter((p) => p.message.method === method).map((p) => p.message);
const answer = (id: number) => posted.find((p) => p.message.id === id && p.message.method === undefined)?.message;

function setup(overrides: Partial<SessionProps> = {}) {
  const frames: Array<[BridgeDirection, string]> = [];
  const diagnostics: SandboxDiagnostic[] = [];
  const handlers: AppRequestHandlers = {
    callTool: vi.fn(async () => ({ content: [{ type: 'text', text: '5' }] })),
    readResource: vi.fn(async () => ({ contents: [] })),
    message: vi.fn(async () => ({})),
    openLink: vi.fn(async () => ({})),
    updateModelContext: vi.fn(async () => ({})),
    requestDisplayMode: vi.fn(async () => 'fullscreen' as const),
  };
  let props: SessionProps = {
    resource: {
      uri: 'ui://demo/app',
      html: '<!doctype html><p>app</p>',
      csp: { connectDomains: ['https://api.example.com'], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
      permissions: { camera: true, microphone: true },
    },
    grantedPermissions: { microphone: true },
    hostContext: { theme: 'light' },
    toolInput: { a: 2, b: 3 },
    toolResult: { content: [{ type: 'text', text: '5' }] },
    handlers,
    onFrame: (direction, raw) => frames.push([direction, raw]),
    onDiagnostic: (d) => diagnostics.push(d),
    onSizeChange: vi.fn(),
    onRequestTeardown: vi.fn(),
    ...overrides,
  };
  const sizes: Array<{ width?: number; height?: number }> = [];
  const session = startAppSession(
    frame,
    SANDBOX,
    () => props,
    (size) => sizes.push(size),
  );
  return { session, frames, diagnostics, handlers, sizes, props: () => props, setProps: (p: Partial<SessionProps>) => (props = { ...props, ...p }) };
}

const sandboxReady = () => fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });

async function initialize(): Promise<void> {
  fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
  await tick();
  fromSandbox({
    jsonrpc: '2.0',
    id: 1,
    method: 'ui/initialize',
    params: { appInfo: { name: 'app', version: '1' }, appCapabilities: {}, protocolVersion: SUPPORTED_PROTOCOL_VERSIONS[0] },
  });
  await tick();
}

beforeEach(() => {
  target = new EventTarget();
  posted = [];
  vi.stubGlobal('window', target);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('an app session', () => {
  it('hands the sandbox the app with its CSP and only the granted permissions, once the sandbox is ready', async () => {
    const { frames } = setup();
    fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    await tick();
    expect(sent('ui/notifications/sandbox-resource-ready')).toEqual([
      {
        jsonrpc: '2.0',
        method: 'ui/notifications/sandbox-resource-ready',
        params: {
          html: '<!doctype html><p>app</p>',
          csp: { connectDomains: ['https://api.example.com'], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
          permissions: { microphone: {} },
        },
      },
    ]);
    expect(posted.every((p) => p.origin === SANDBOX)).toBe(true);
    // Every message both ways, as its exact text, in order.
    expect(frames.map(([d, raw]) => [d, (JSON.parse(raw) as Posted).method])).toEqual([
      ['app-to-host', 'ui/notifications/sandbox-proxy-ready'],
      ['host-to-app', 'ui/notifications/sandbox-resource-ready'],
    ]);
    expect(frames[1]![1]).toBe(JSON.stringify(posted[0]!.message));
  });

  it('answers ui/initialize as mcpscope with the host context, and sends the tool input and result only after initialized', async () => {
    setup();
    await initialize();
    expect(answer(1)?.result).toMatchObject({
      hostInfo: { name: 'mcpscope' },
      hostContext: { theme: 'light' },
      hostCapabilities: { serverTools: {}, serverResources: {}, openLinks: {}, sandbox: { permissions: { microphone: {} } } },
    });
    expect(sent('ui/notifications/tool-input')).toEqual([]);
    fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    await tick();
    expect(sent('ui/notifications/tool-input').map((m) => m.params)).toEqual([{ arguments: { a: 2, b: 3 } }]);
    expect(sent('ui/notifications/tool-result').map((m) => m.params)).toEqual([{ content: [{ type: 'text', text: '5' }] }]);
  });

  it("passes the app's requests to the owner's handlers and their answers back", async () => {
    const { handlers } = setup();
    await initialize();
    fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    await tick();
    fromSandbox({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 4 } } });
    await tick();
    expect(handlers.callTool).toHaveBeenCalledWith({ name: 'add', arguments: { a: 1, b: 4 } });
    expect(answer(2)?.result).toEqual({ content: [{ type: 'text', text: '5' }] });
    fromSandbox({ jsonrpc: '2.0', id: 3, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });
    await tick();
    expect(answer(3)?.result).toEqual({ mode: 'fullscreen' });
  });

  it('sends a changed host context after initialized, and follows size changes within bounds', async () => {
    const { session, setProps, sizes, props } = setup();
    await initialize();
    fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    await tick();
    setProps({ hostContext: { theme: 'dark' } });
    session.update();
    await tick();
    expect(sent('ui/notifications/host-context-changed').map((m) => m.params)).toEqual([{ theme: 'dark' }]);
    fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 1, height: 99999 } });
    await tick();
    expect(sizes).toEqual([{ width: 24, height: 4096 }]);
    expect(props().onSizeChange).toHaveBeenCalledWith({ width: 24, height: 4096 });
  });

  it("reports the sandbox's diagnostics apart from the bridge's frames, and ignores other windows and origins", async () => {
    const { frames, diagnostics } = setup();
    fromSandbox({ jsonrpc: '2.0', method: 'notifications/mcpscope/sandbox-diagnostic', params: { kind: 'app-error', message: 'boom' } });
    fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, {});
    fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, frame, 'http://evil.example');
    fromSandbox('not json-rpc');
    await tick();
    expect(frames).toEqual([]);
    expect(diagnostics).toEqual([
      { kind: 'app-error', message: 'boom' },
      { kind: 'bad-message', reason: expect.stringMatching(/not JSON-RPC/), size: 14 },
    ]);
    expect(posted).toEqual([]);
  });

  it('reports init-timeout when no ui/initialize came within 10 s, and not when it came', async () => {
    vi.useFakeTimers();
    const late = setup();
    vi.advanceTimersByTime(INIT_TIMEOUT_MS);
    expect(late.diagnostics).toEqual([{ kind: 'init-timeout', ms: INIT_TIMEOUT_MS }]);
    late.session.close();

    const prompt = setup();
    fromSandbox({
      jsonrpc: '2.0',
      id: 1,
      method: 'ui/initialize',
      params: { appInfo: { name: 'a', version: '1' }, appCapabilities: {}, protocolVersion: SUPPORTED_PROTOCOL_VERSIONS[0] },
    });
    vi.advanceTimersByTime(INIT_TIMEOUT_MS * 2);
    expect(prompt.diagnostics).toEqual([]);
    prompt.session.close();
  });

  it('reports a flood once, with the count dropped, and keeps the bridge out of it', async () => {
    vi.useFakeTimers();
    const { diagnostics, frames } = setup();
    for (let i = 0; i < 1000; i++) fromSandbox({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: i } });
    expect(frames).toHaveLength(MAX_MESSAGES_PER_SECOND);
    vi.advanceTimersByTime(1000);
    expect(diagnostics).toEqual([{ kind: 'flood', dropped: 1000 - MAX_MESSAGES_PER_SECOND }]);
  });

  it('on request-teardown, sends ui/resource-teardown and tells the owner once the app answered', async () => {
    const { props } = setup();
    await initialize();
    fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/request-teardown', params: {} });
    await tick();
    const [teardown] = posted.filter((p) => p.message.method === 'ui/resource-teardown').map((p) => p.message);
    expect(teardown).toBeDefined();
    expect(props().onRequestTeardown).not.toHaveBeenCalled();
    fromSandbox({ jsonrpc: '2.0', id: teardown!.id, result: {} });
    await tick();
    await tick();
    expect(props().onRequestTeardown).toHaveBeenCalledOnce();
  });

  it('tears an app down when the owner closes it: ui/resource-teardown, and the owner hears the answer came', async () => {
    const onTornDown = vi.fn();
    const { session } = setup({ onTornDown });
    await initialize();
    const done = session.teardown();
    await tick();
    const [teardown] = sent('ui/resource-teardown');
    expect(teardown).toBeDefined();
    expect(onTornDown).not.toHaveBeenCalled();
    fromSandbox({ jsonrpc: '2.0', id: teardown!.id, result: {} });
    await expect(done).resolves.toMatchObject({ kind: 'answered' });
    expect(onTornDown).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ kind: 'answered' }));
    // The same teardown, not a second one.
    await session.teardown();
    expect(sent('ui/resource-teardown')).toHaveLength(1);
  });

  it('gives an app that does not answer ui/resource-teardown 1 s, then closes the bridge and says it timed out', async () => {
    vi.useFakeTimers();
    const onTornDown = vi.fn();
    const { session, frames } = setup({ onTornDown });
    sandboxReady();
    await vi.advanceTimersByTimeAsync(0);
    const done = session.teardown();
    await vi.advanceTimersByTimeAsync(TEARDOWN_TIMEOUT_MS - 1);
    expect(onTornDown).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual({ kind: 'timeout', ms: TEARDOWN_TIMEOUT_MS });
    expect(onTornDown).toHaveBeenCalledExactlyOnceWith({ kind: 'timeout', ms: TEARDOWN_TIMEOUT_MS });
    expect(TEARDOWN_TIMEOUT_MS).toBe(1000);
    // Closed: what the app sends now is not the bridge's any more.
    const before = frames.length;
    fromSandbox({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 50 } });
    expect(frames).toHaveLength(before);
  });

  it('says so when the app answers ui/resource-teardown with an error, and removes it all the same', async () => {
    const onTornDown = vi.fn();
    const { session } = setup({ onTornDown });
    sandboxReady();
    await tick();
    const done = session.teardown();
    await tick();
    const [teardown] = sent('ui/resource-teardown');
    fromSandbox({ jsonrpc: '2.0', id: teardown!.id, error: { code: -32603, message: 'still saving' } });
    await expect(done).resolves.toMatchObject({ kind: 'error', message: expect.stringContaining('still saving') });
    expect(onTornDown).toHaveBeenCalledOnce();
  });

  it('removes an app whose sandbox never said it was ready at once: no ui/resource-teardown, and the owner hears why', async () => {
    vi.useFakeTimers();
    const onTornDown = vi.fn();
    const { session, frames } = setup({ onTornDown });
    const done = session.teardown();
    await vi.advanceTimersByTimeAsync(0);
    expect(onTornDown).toHaveBeenCalledExactlyOnceWith({ kind: 'not-started', reason: 'sandbox-silent' });
    await expect(done).resolves.toEqual({ kind: 'not-started', reason: 'sandbox-silent' });
    expect(sent('ui/resource-teardown')).toEqual([]);
    // Closed: a sandbox that wakes up now is not handed the app.
    sandboxReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent('ui/notifications/sandbox-resource-ready')).toEqual([]);
    expect(frames).toEqual([]);
  });
});
