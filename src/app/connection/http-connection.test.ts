import { describe, expect, it } from 'vitest';
import { ManualClock, type HttpExchange, type HttpTransportConfig } from '../../protocol/index.js';
import { createLogStore } from '../stores/log-store.js';
import type { HttpEvent } from './http-connection.js';
import { ProxyConnection } from './proxy-connection.js';
import { httpExchange } from '../../../test/fixtures/http-exchange.js';
import { fakeSockets } from './test-doubles.js';

const transport: HttpTransportConfig = { kind: 'http', url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer secret' }, mode: 'auto' };

function setup() {
  const { sockets, socketFactory } = fakeSockets();
  const logStore = createLogStore((run) => run());
  const http: HttpEvent[] = [];
  const connection = new ProxyConnection({
    url: 'ws://127.0.0.1:6290/ws',
    token: 't',
    transport,
    protocolVersion: '2025-11-25',
    connection: 1,
    log: (input) => logStore.getState().append(input),
    onHttp: (e) => http.push(e),
    socketFactory,
    clock: new ManualClock(),
  });
  const started = connection.start();
  const socket = sockets[0]!;
  socket.acceptHandshake();
  socket.deliver({ type: 'http-opened', at: 1, url: transport.url, mode: 'auto' });
  const initId = socket.frames()[0]!.id!;
  return { connection, started, socket, logStore, http, initId };
}

const exchange = (patch: Partial<HttpExchange>): HttpExchange =>
  httpExchange({
    url: transport.url,
    state: 'done',
    carried: [{ kind: 'request', method: 'initialize', id: 1 }],
    requestHeaders: [['authorization', 'Bearer •••• (6 characters hidden)']],
    requestBytes: 120,
    status: 200,
    statusText: 'OK',
    responseHeaders: [
      ['content-type', 'application/json'],
      ['mcp-session-id', 'abc-123'],
    ],
    responseBytes: 300,
    messages: 1,
    startedAt: 0,
    headersMs: 3,
    durationMs: 4.5,
    ...patch,
  });

const initResult = (id: number | string) =>
  JSON.stringify({ jsonrpc: '2.0', id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'remote', version: '1' } } });

describe('ProxyConnection over HTTP', () => {
  it('opens with the HTTP transport, initializes once the proxy can reach the server, and shows the transport', async () => {
    const { socket, connection, started, logStore, http, initId } = setup();
    expect(socket.sent[0]).toEqual({ type: 'open', transport });
    expect(connection.snapshot).toMatchObject({ status: 'initializing', http: { url: transport.url, requested: 'auto' } });
    socket.deliver({ type: 'http', at: 2, exchange: exchange({ state: 'sending', status: undefined }) });
    socket.deliver({ type: 'http', at: 2, exchange: exchange({}) });
    socket.deliver({ type: 'http', at: 2, exchange: exchange({}) }); // reported again: logged once
    socket.deliver({ type: 'message', at: 3, text: initResult(initId) });
    socket.deliver({ type: 'http-mode', at: 3, mode: 'streamable-http', reason: 'The server answered the initialize POST.' });
    const snapshot = await started;
    expect(snapshot.status).toBe('ready');
    expect(connection.snapshot.http).toEqual({
      url: transport.url,
      requested: 'auto',
      mode: 'streamable-http',
      modeReason: 'The server answered the initialize POST.',
      sessionId: 'abc-123',
    });
    const entries = logStore.getState().entries;
    const httpEntries = entries.filter((e) => e.kind === 'http');
    expect(httpEntries.map((e) => e.raw)).toEqual(['POST /mcp → 200 application/json · 300 B · 4.50 ms']);
    expect(httpEntries[0]!.note).toContain('← mcp-session-id: abc-123');
    expect(entries[0]!.raw).toBe('Connecting to http://127.0.0.1:3001/mcp over HTTP (Auto)');
    expect(entries[0]!.note).toBe('Extra headers (values hidden): Authorization');
    expect(JSON.stringify(entries)).not.toContain('secret');
    expect(entries.some((e) => e.raw.startsWith('Auto chose Streamable HTTP'))).toBe(true);
    // Every report reaches the Network view.
    expect(http.filter((e) => e.type === 'exchange')).toHaveLength(3);
    // Judged once, when it ended, by the connection core: the facts the transport lint rules read.
    expect(http.map((e) => e.type === 'exchange' && e.facts !== undefined)).toEqual([false, true, false, false]);
    expect(http[1]).toMatchObject({ facts: { method: 'POST', status: 200 } });
    expect(http.at(-1)).toEqual({ type: 'mode', mode: 'streamable-http', reason: 'The server answered the initialize POST.' });
  });

  it('a failed initialize ends the connection with the proxy sentence, titled by the problem', async () => {
    const { socket, started, initId } = setup();
    socket.deliver({
      type: 'request-failed',
      at: 2,
      idTexts: [JSON.stringify(initId)],
      problem: 'unauthorized',
      message: 'The server requires authorization (HTTP 401 Unauthorized). It asks for: WWW-Authenticate: Bearer.',
    });
    const snapshot = await started;
    expect(snapshot.failure).toMatchObject({ kind: 'http-failed', title: 'The server requires authorization (HTTP 401)', canReconnect: false });
    expect(snapshot.failure?.message).toContain('WWW-Authenticate: Bearer');
  });

  it('a later request the transport failed resolves with the sentence; the connection stays up', async () => {
    const { socket, connection, started, initId } = setup();
    socket.deliver({ type: 'message', at: 2, text: initResult(initId) });
    await started;
    const call = connection.session.request('tools/call', { name: 'x' });
    const callId = socket.frames().at(-1)!.id!;
    socket.deliver({
      type: 'request-failed',
      at: 3,
      idTexts: [JSON.stringify(callId)],
      problem: 'server-error',
      message: 'The server failed with HTTP 500 Internal Server Error. The body says: boom',
    });
    const outcome = await call;
    expect(outcome.status === 'closed' && outcome.message).toBe('The server failed with HTTP 500 Internal Server Error. The body says: boom');
    expect(connection.snapshot.status).toBe('ready');
  });

  it('session expiry ends the connection and offers Re-initialize', async () => {
    const { socket, started, connection, initId } = setup();
    socket.deliver({ type: 'message', at: 2, text: initResult(initId) });
    await started;
    socket.deliver({
      type: 'request-failed',
      at: 3,
      idTexts: [],
      problem: 'session-expired',
      message: 'The server no longer knows this session (HTTP 404 …). Re-initialize to start a new session.',
    });
    expect(connection.snapshot.status).toBe('closed');
    expect(connection.snapshot.failure).toMatchObject({ kind: 'session-expired', title: 'The server session expired', canReinitialize: true });
  });

  it('initialize answered with -32601: offers to continue without it, then is ready', async () => {
    const { socket, connection, started, initId } = setup();
    socket.deliver({ type: 'message', at: 2, text: JSON.stringify({ jsonrpc: '2.0', id: initId, error: { code: -32601, message: 'Method not found' } }) });
    const waiting = await started;
    expect(waiting.status).toBe('initializing');
    expect(waiting.initializeUnsupported).toMatch(/answered initialize with -32601 \(method not found\)/);
    expect(connection.session.canSend('tools/list').ok).toBe(false);
    connection.continueWithoutInitialize();
    expect(connection.snapshot).toMatchObject({ status: 'ready', withoutInitialize: true, initializeUnsupported: undefined });
    expect(connection.session.canSend('tools/list').ok).toBe(true);
    expect(socket.frames().map((f) => f.method)).toEqual(['initialize']); // no notifications/initialized
  });

  it('the proxy cannot reach an HTTP+SSE server: connect-failed, with Reconnect', async () => {
    const { sockets, socketFactory } = fakeSockets();
    const connection = new ProxyConnection({
      url: 'ws://x/ws',
      token: 't',
      transport: { ...transport, mode: 'sse' },
      protocolVersion: '2025-11-25',
      connection: 1,
      log: () => {},
      socketFactory,
    });
    const started = connection.start();
    sockets[0]!.acceptHandshake();
    sockets[0]!.deliver({ type: 'error', at: 1, code: 'connect-failed', message: 'Connection refused by 127.0.0.1:3001: nothing is listening there.' });
    expect((await started).failure).toMatchObject({ kind: 'http-failed', title: 'The server could not be reached', canReconnect: true });
  });

  it('an HTTP+SSE stream that ends is a failure with Re-initialize, not a process exit', async () => {
    const { socket, started, connection, initId } = setup();
    socket.deliver({ type: 'message', at: 2, text: initResult(initId) });
    await started;
    socket.deliver({ type: 'close', at: 3, code: null, signal: null, reason: 'The server closed the HTTP+SSE event stream.', stderrTail: [] });
    expect(connection.snapshot.failure).toMatchObject({ kind: 'http-closed', message: 'The server closed the HTTP+SSE event stream.', canReinitialize: true });
  });
});
