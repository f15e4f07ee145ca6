import { describe, expect, it } from 'vitest';
import { ManualClock, type StdioTransportConfig } from '../../protocol/index.js';
import { createLogStore } from '../stores/log-store.js';
import { LOST_MESSAGE } from './failures.js';
import { ProxyConnection, type ProxyConnectionOptions } from './proxy-connection.js';
import { fakeSockets, tick, type FakeSocket } from './test-doubles.js';

const transport: StdioTransportConfig = { kind: 'stdio', command: 'node', args: ['demo.js'], env: { DEBUG: '1' } };

function setup(handlers?: ProxyConnectionOptions['handlers'], more: Partial<ProxyConnectionOptions> = {}) {
  const { sockets, socketFactory } = fakeSockets();
  const clock = new ManualClock();
  const logStore = createLogStore((run) => run());
  const connection = new ProxyConnection({
    url: 'ws://127.0.0.1:6290/ws',
    token: 'tok123',
    transport,
    protocolVersion: '2025-06-18',
    connection: 1,
    log: (input) => logStore.getState().append(input),
    socketFactory,
    clock,
    ...(handlers ? { handlers } : {}),
    ...more,
  });
  const started = connection.start();
  const socket = sockets[0]!;
  return { connection, started, socket, clock, logStore };
}

/** Handshake up to the point where initialize is in flight. */
function openAndStart(socket: FakeSocket): void {
  socket.acceptHandshake();
  socket.deliver({ type: 'opened', at: 1, transport: 'stdio', pid: 4242, command: 'node', args: ['demo.js'] });
}

const initializeResult = (id: number | string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    result: {
      protocolVersion: '2025-06-18',
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'demo', version: '1.2.3', title: 'Demo' },
      instructions: 'Be nice.',
    },
  });

describe('ProxyConnection', () => {
  it('declares the server requests it was given handlers for in initialize, before connecting', () => {
    const { socket } = setup({ 'elicitation/create': () => ({ result: { action: 'cancel' } }) });
    openAndStart(socket);
    expect(socket.frames()[0]).toMatchObject({ method: 'initialize', params: { capabilities: { elicitation: {} } } });
  });

  it('opens the socket with both subprotocols and sends the open envelope', () => {
    const { socket, connection } = setup();
    expect(socket.url).toBe('ws://127.0.0.1:6290/ws');
    expect(socket.protocols).toEqual(['mcpscope.v1', 'mcpscope.token.tok123']);
    expect(connection.snapshot.status).toBe('connecting');
    socket.acceptHandshake();
    expect(socket.sent).toEqual([{ type: 'open', transport }]);
  });

  it('names the saved server in the open envelope, so the proxy can put back the secrets it keeps', () => {
    const { socket } = setup(undefined, { savedServer: 's-abc' });
    socket.acceptHandshake();
    expect(socket.sent).toEqual([{ type: 'open', transport, savedServer: 's-abc' }]);
  });

  it('goes open → opened → initialize → ready', async () => {
    const { socket, connection, started, logStore } = setup();
    openAndStart(socket);
    expect(connection.snapshot).toMatchObject({ status: 'initializing', pid: 4242 });
    const [init] = socket.frames();
    expect(init).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-06-18' } });

    socket.deliver({ type: 'message', at: 2, text: initializeResult(init!.id!) });
    const snapshot = await started;
    expect(snapshot.status).toBe('ready');
    expect(snapshot.info).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'demo', title: 'Demo' }, instructions: 'Be nice.' });
    expect(snapshot.sessionState).toBe('ready');
    expect(socket.frames().map((f) => f.method)).toEqual(['initialize', 'notifications/initialized']);

    const log = logStore.getState().entries.filter((e) => e.direction === 'in' || e.direction === 'out');
    expect(log.map((e) => [e.direction, e.kind, e.method])).toEqual([
      ['out', 'request', 'initialize'],
      ['in', 'response', 'initialize'],
      ['out', 'notification', 'notifications/initialized'],
    ]);
  });

  it('fails every pending request at once when the server exits during initialize', async () => {
    const { socket, connection, started, clock } = setup();
    openAndStart(socket);
    const ping = connection.session.request('ping', undefined, { timeoutMs: 60_000 });
    socket.deliver({ type: 'stderr', at: 3, line: 'Error: cannot find module ./missing.js' });
    socket.deliver({
      type: 'close',
      at: 4,
      code: 1,
      signal: null,
      reason: 'The server process exited with code 1.',
      stderrTail: ['Error: cannot find module ./missing.js'],
    });
    const snapshot = await started;
    const outcome = await ping;
    expect(clock.now()).toBe(0); // nothing waited for a timeout
    expect(snapshot.status).toBe('closed');
    expect(snapshot.failure).toMatchObject({ kind: 'exited', exitCode: 1, signal: null, stderrTail: ['Error: cannot find module ./missing.js'] });
    expect(snapshot.failure?.message).toContain('code 1');
    expect(outcome.status).toBe('closed');
    if (outcome.status === 'closed') {
      expect(outcome.message).toContain('exited with code 1');
      expect(outcome.message).toContain('cannot find module');
    }
  });

  it('reports a signal when the proxy reason does not mention it', async () => {
    const { socket, started } = setup();
    openAndStart(socket);
    socket.deliver({ type: 'close', at: 4, code: null, signal: 'SIGKILL', reason: 'The server process was killed.', stderrTail: [] });
    expect((await started).failure?.message).toBe('The server process was killed. (signal SIGKILL)');
  });

  it("surfaces the proxy's sentence when the command cannot be started", async () => {
    const { socket, started } = setup();
    socket.acceptHandshake();
    const message = "Could not start 'nosuch-server': command not found (ENOENT). Check the Command field.";
    socket.deliver({ type: 'error', at: 1, code: 'spawn-failed', message });
    const snapshot = await started;
    expect(snapshot.status).toBe('closed');
    expect(snapshot.failure).toMatchObject({ kind: 'spawn-failed', message, canReconnect: false });
    expect(socket.sent.at(-1)).toEqual({ type: 'close' });
    expect(socket.closedWith?.code).toBe(1000);
  });

  it('says the server limit was reached, with Reconnect to try again once another connection is closed', async () => {
    const { socket, started } = setup();
    socket.acceptHandshake();
    const message = 'The limit of 8 servers at once was reached: 8 are running through this mcpscope proxy, so nothing was started.';
    socket.deliver({ type: 'error', at: 1, code: 'server-limit', message });
    const snapshot = await started;
    expect(snapshot.status).toBe('closed');
    expect(snapshot.failure).toMatchObject({ kind: 'server-limit', title: 'Too many servers are running', message, canReconnect: true });
    expect(socket.sent.at(-1)).toEqual({ type: 'close' });
  });

  it('reports an unexpected socket close as a lost proxy, with Reconnect, and fails pending requests', async () => {
    const { socket, connection, started } = setup();
    openAndStart(socket);
    socket.deliver({ type: 'message', at: 2, text: initializeResult(socket.frames()[0]!.id!) });
    await started;
    const ping = connection.session.request('ping');
    socket.drop(1006);
    expect(connection.snapshot.status).toBe('closed');
    expect(connection.snapshot.failure).toMatchObject({ kind: 'lost', message: LOST_MESSAGE, canReconnect: true });
    expect((await ping).status).toBe('closed');
    expect(connection.session.canSend('ping').ok).toBe(false);
  });

  it('says the proxy stopped when it shuts down (server stopped, then socket closed with 1001)', async () => {
    const { socket, connection, started } = setup();
    openAndStart(socket);
    socket.deliver({ type: 'message', at: 2, text: initializeResult(socket.frames()[0]!.id!) });
    await started;
    socket.deliver({ type: 'close', at: 3, code: 0, signal: null, reason: 'Stopped by mcpscope.', stderrTail: [] });
    expect(connection.snapshot.failure).toBeUndefined();
    socket.drop(1001);
    expect(connection.snapshot.failure).toMatchObject({ title: 'The mcpscope proxy stopped', canReconnect: true });
  });

  it('says the proxy refused or is unreachable when the handshake never completes', async () => {
    const { socket, started } = setup();
    socket.drop(1006);
    const snapshot = await started;
    expect(snapshot.failure?.kind).toBe('refused');
    expect(snapshot.failure?.message).toMatch(/token/);
    expect(snapshot.failure?.canReconnect).toBe(true);
  });

  it('gives up on initialize after 30 s with the stderr tail', async () => {
    const { socket, started, clock } = setup();
    openAndStart(socket);
    socket.deliver({ type: 'stderr', at: 2, line: 'listening on port 8080' });
    clock.advance(29_999);
    await tick();
    clock.advance(1);
    const snapshot = await started;
    expect(snapshot.failure).toMatchObject({ kind: 'initialize-timeout', stderrTail: ['listening on port 8080'] });
    expect(snapshot.failure?.message).toContain('The server did not answer initialize within 30 s');
    expect(socket.sent.at(-1)).toEqual({ type: 'close' });
  });

  it('reports an initialize error answer', async () => {
    const { socket, started } = setup();
    openAndStart(socket);
    const id = socket.frames()[0]!.id!;
    socket.deliver({ type: 'message', at: 2, text: JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32602, message: 'Unsupported protocol version' } }) });
    const snapshot = await started;
    expect(snapshot.failure).toMatchObject({ kind: 'initialize-failed' });
    expect(snapshot.failure?.message).toContain('Unsupported protocol version');
  });

  it('disconnects on request without a failure', async () => {
    const { socket, connection, started } = setup();
    openAndStart(socket);
    connection.disconnect();
    const snapshot = await started;
    expect(snapshot).toMatchObject({ status: 'closed', endedBecause: 'You disconnected.' });
    expect(snapshot.failure).toBeUndefined();
    expect(socket.sent.at(-1)).toEqual({ type: 'close' });
    expect(socket.closedWith?.code).toBe(1000);
  });

  it('logs stderr, stdout noise, oversize frames and lifecycle events with times since connect', async () => {
    const { socket, clock, logStore } = setup();
    openAndStart(socket);
    clock.advance(12.3);
    socket.deliver({ type: 'noise', at: 2, text: 'Server listening…' });
    socket.deliver({ type: 'stderr', at: 2, line: 'debug: hello' });
    socket.deliver({ type: 'oversize', at: 2, bytes: 9_000_000, limit: 4_194_304 });
    socket.deliver({ type: 'message', at: 2, text: '{"broken' });
    const entries = logStore.getState().entries;
    const tail = entries.slice(-4);
    expect(tail.map((e) => [e.direction, e.kind])).toEqual([
      ['noise', 'noise'],
      ['stderr', 'stderr'],
      ['in', 'oversize'],
      ['in', 'invalid'],
    ]);
    expect(tail[0]?.t).toBeCloseTo(12.3);
    expect(entries.filter((e) => e.direction === 'system').map((e) => e.raw)).toEqual([
      'Starting the server over stdio: node with 1 argument',
      'Server started (pid 4242).',
    ]);
    expect(entries[0]?.note).toBe('argv: ["node","demo.js"]');
    expect(entries.map((e) => e.seq)).toEqual([...entries.keys()].map((i) => i + 1));
  });

  it('keeps the invalid-UTF-8 mark and exact bytes of frames, stdout noise and stderr lines', () => {
    const { socket, logStore } = setup();
    openAndStart(socket);
    const bytes = btoa('caf\xe9!'); // 5 bytes; the text has U+FFFD for the 0xE9
    socket.deliver({ type: 'noise', at: 2, text: 'caf\uFFFD!', invalidUtf8: true, bytes });
    socket.deliver({ type: 'stderr', at: 2, line: 'caf\uFFFD!', invalidUtf8: true, bytes });
    socket.deliver({ type: 'message', at: 2, text: '{"jsonrpc":"2.0","method":"m","params":{"a":"\uFFFD"}}', invalidUtf8: true });
    socket.deliver({ type: 'stderr', at: 2, line: 'clean' });
    const tail = logStore.getState().entries.slice(-4);
    expect(tail.map(({ direction, invalidUtf8, bytes, note, size }) => ({ direction, invalidUtf8, bytes, note, size }))).toEqual([
      { direction: 'noise', invalidUtf8: true, bytes, note: 'A stdout line that is not JSON. Contained invalid UTF-8.', size: 5 },
      { direction: 'stderr', invalidUtf8: true, bytes, note: 'Contained invalid UTF-8.', size: 5 },
      { direction: 'in', invalidUtf8: true, bytes: undefined, note: 'Contained invalid UTF-8.', size: 51 },
      { direction: 'stderr', invalidUtf8: undefined, bytes: undefined, note: undefined, size: 5 },
    ]);
  });

  it('says on a line whose exact bytes the proxy did not keep (over the limit) that only its text is logged and exported', () => {
    const { socket, logStore } = setup();
    openAndStart(socket);
    socket.deliver({ type: 'stderr', at: 2, line: 'caf\uFFFD…', invalidUtf8: true, bytesNotKept: 2_000_000 });
    const entry = logStore.getState().entries.at(-1)!;
    expect(entry).toMatchObject({ direction: 'stderr', invalidUtf8: true });
    expect(entry.bytes).toBeUndefined();
    expect(entry.note).toBe(
      'Contained invalid UTF-8. Its exact bytes were not kept: at 2.0 MB the line is over the 1.0 MB limit, so only this text (with U+FFFD for the bad bytes) is logged and exported.',
    );
  });

  it("says in the Console (a stderr entry in mcpscope's words) when the proxy held the output back", () => {
    const { socket, logStore } = setup();
    openAndStart(socket);
    socket.deliver({ type: 'output-held', at: 2, pauses: 3, pausedMs: 2400, heldLines: 12_345, heldBytes: 3_355_443, droppedLines: 0, droppedBytes: 0 });
    expect(logStore.getState().entries.at(-1)).toMatchObject({
      direction: 'stderr',
      kind: 'system',
      raw: expect.stringMatching(/stopped reading it 3 times \(2\.40 s in all\).*12,345 stderr lines \(3\.4 MB\) already read were held back/),
    });
  });
});
