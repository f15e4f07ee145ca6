import { describe, expect, it } from 'vitest';
import { ManualClock, type StdioTransportConfig, type VersionChoice } from '../../protocol/index.js';
import { createLogStore } from '../stores/log-store.js';
import { ProxyConnection } from './proxy-connection.js';
import { fakeSockets } from './test-doubles.js';

const transport: StdioTransportConfig = { kind: 'stdio', command: 'node', args: ['server.js'], env: {} };

function setup(protocolVersion: VersionChoice) {
  const { sockets, socketFactory } = fakeSockets();
  const logStore = createLogStore((run) => run());
  const connection = new ProxyConnection({
    url: 'ws://127.0.0.1:6290/ws',
    token: 'tok',
    transport,
    protocolVersion,
    connection: 1,
    log: (input) => logStore.getState().append(input),
    socketFactory,
    clock: new ManualClock(),
  });
  const started = connection.start();
  const socket = sockets[0]!;
  socket.acceptHandshake();
  socket.deliver({ type: 'opened', at: 1, transport: 'stdio', pid: 7, command: 'node', args: ['server.js'] });
  const answer = (body: Record<string, unknown>) =>
    socket.deliver({ type: 'message', at: 2, text: JSON.stringify({ jsonrpc: '2.0', id: socket.frames().at(-1)!.id, ...body }) });
  const entries = () => logStore.getState().entries;
  return { connection, started, socket, answer, entries };
}

const discovered = {
  result: {
    resultType: 'complete',
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: {} },
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '1' } },
  },
};
const initialized = { result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'old', version: '1' } } };
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('ProxyConnection in either era', () => {
  it('Auto meets a modern server: the probe frames are marked, the snapshot says the era and why', async () => {
    const { socket, answer, started, entries } = setup('auto');
    expect(socket.frames().map((f) => f.method)).toEqual(['server/discover']);
    answer(discovered);
    const snapshot = await started;
    expect(snapshot).toMatchObject({
      status: 'ready',
      era: 'modern',
      versionChoice: 'auto',
      reason: 'Auto: server/discover answered with 2026-07-28',
      info: { serverInfo: { name: 'modern' } },
    });
    const frames = entries().filter((e) => e.direction === 'in' || e.direction === 'out');
    expect(frames.map((e) => [e.direction, e.probe])).toEqual([
      ['out', true],
      ['in', true],
    ]);
    expect(entries().some((e) => e.kind === 'system' && e.raw === 'Auto: server/discover answered with 2026-07-28')).toBe(true);
  });

  it("a modern result's _meta renames the server in the snapshot", async () => {
    const { connection, socket, answer, started } = setup('auto');
    answer(discovered);
    await started;
    const list = connection.session.request('tools/list');
    expect(socket.frames().at(-1)!.params!._meta).toMatchObject({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' });
    answer({ result: { tools: [], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'renamed', version: '2' } } } });
    await list;
    expect(connection.snapshot.info?.serverInfo).toEqual({ name: 'renamed', version: '2' });
    expect(connection.snapshot.offeredVersion).toBe('2026-07-28');
  });

  it('Auto meets a legacy server: falls back to initialize; only the probe is marked', async () => {
    const { socket, answer, started, entries } = setup('auto');
    answer({ error: { code: -32601, message: 'Method not found' } });
    await flush();
    expect(socket.frames().map((f) => f.method)).toEqual(['server/discover', 'initialize']);
    answer(initialized);
    const snapshot = await started;
    expect(snapshot).toMatchObject({
      status: 'ready',
      era: 'legacy',
      reason: 'Auto: server/discover got error -32601 (Method not found), fell back to initialize',
    });
    const frames = entries().filter((e) => e.direction === 'in' || e.direction === 'out');
    expect(frames.map((e) => [e.method, e.probe ?? false])).toEqual([
      ['server/discover', true],
      ['server/discover', true],
      ['initialize', false],
      ['initialize', false],
      ['notifications/initialized', false],
    ]);
  });

  it('a legacy version by hand: initialize as before, nothing marked, no reason line', async () => {
    const { socket, answer, started, entries } = setup('2025-11-25');
    expect(socket.frames().map((f) => f.method)).toEqual(['initialize']);
    answer(initialized);
    expect(await started).toMatchObject({ status: 'ready', era: 'legacy', reason: '2025-11-25 was chosen: initialize' });
    expect(entries().some((e) => e.probe)).toBe(false);
    expect(entries().some((e) => e.kind === 'system' && e.raw.includes('was chosen'))).toBe(false);
  });

  it('2026-07-28 by hand, -32022: closed with the supported list for a switch', async () => {
    const { answer, started } = setup('2026-07-28');
    answer({ error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2025-11-25'] } } });
    const snapshot = await started;
    expect(snapshot).toMatchObject({
      status: 'closed',
      versionUnsupported: { supported: ['2025-11-25'] },
      failure: { kind: 'version-unsupported', message: 'The server does not support 2026-07-28; it supports: 2025-11-25 (choose 2025-11-25 to connect).' },
    });
  });

  it('2026-07-28 by hand, a garbage discover result: a server/discover failure saying what was wrong', async () => {
    const { answer, started, entries } = setup('2026-07-28');
    answer({ result: [1, 2] });
    const snapshot = await started;
    expect(snapshot.failure).toMatchObject({
      kind: 'discover-failed',
      title: 'server/discover failed',
      message: expect.stringMatching(/result is an array, not an object/),
    });
    expect(entries().some((e) => e.direction === 'in' && e.raw.includes('"result":[1,2]'))).toBe(true);
  });
});
