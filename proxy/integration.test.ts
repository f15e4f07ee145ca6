// The proxy end to end, in-process: a ws client speaking envelopes to the
// built demo server (run `npx tsc -p tsconfig.node.json` first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtDemoServer, connect, fixture, pidGone, requireBuilt, waitFor, type EnvelopeClient } from '../test/fixtures/proxy-helpers.js';
import { startProxy, type RunningProxy } from './server.js';

const TOKEN = 'integration-token';
let proxy: RunningProxy;

beforeAll(async () => {
  requireBuilt(builtDemoServer);
  proxy = await startProxy({ port: 0, token: TOKEN, graceMs: 500 });
});
afterAll(() => proxy.close());

function stdio(command: string, args: string[]): unknown {
  return { type: 'open', transport: { kind: 'stdio', command, args, env: {} } };
}

async function session(): Promise<EnvelopeClient> {
  return connect(proxy.port, { token: TOKEN });
}

describe('a session with the demo server', () => {
  it('opens, initializes, pings, and kills the server when the socket closes', async () => {
    const c = await session();
    const before = Date.now();
    c.send(stdio(process.execPath, [builtDemoServer]));
    const opened = await c.next('opened');
    expect(opened).toMatchObject({ transport: 'stdio', command: process.execPath, args: [builtDemoServer] });
    expect(opened.at).toBeGreaterThanOrEqual(before);
    expect(opened.at).toBeLessThanOrEqual(Date.now());
    const pid = opened.pid;
    expect(pidGone(pid)).toBe(false);

    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mcpscope-test', version: '0' } },
    };
    c.send({ type: 'send', raw: JSON.stringify(initialize) });
    const init = await c.next('message');
    const result = JSON.parse(init.text) as { id: number; result: { protocolVersion: string; serverInfo: { name: string } } };
    expect(result.id).toBe(1);
    expect(result.result.serverInfo.name).toBe('mcpscope-demo');
    expect(result.result.protocolVersion).toBe('2025-06-18');

    c.send({ type: 'send', raw: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    c.send({ type: 'send', raw: '{"jsonrpc":"2.0","id":"p-1","method":"ping"}' });
    const pong = await c.next('message');
    expect(JSON.parse(pong.text)).toEqual({ jsonrpc: '2.0', id: 'p-1', result: {} });
    expect(await c.next('stderr')).toMatchObject({ line: 'mcpscope demo server ready on stdio' });

    c.ws.close();
    await c.closed;
    await waitFor(() => pidGone(pid), 5000, `server ${pid} to exit`);
    // Exited (perhaps a zombie for a moment): its parent, the proxy, then reaps it — on a loaded machine not at once.
    const reaped = () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    };
    await waitFor(reaped, 5000, `server ${pid} to be reaped by the proxy`);
    expect(reaped()).toBe(true);
  });

  it('forwards the raw text exactly as the server wrote it', async () => {
    const c = await session();
    c.send(stdio(process.execPath, [fixture('echo-server.mjs')]));
    await c.next('opened');
    expect(await c.next('noise')).toMatchObject({ text: 'starting echo server (this line is not JSON)' });
    expect(await c.next('message')).toMatchObject({ text: '{"b":"\ufffd"}', invalidUtf8: true });
    const hello = await c.next('message');
    expect(hello.text).toBe('{"jsonrpc":"2.0","method":"notifications/hello"}');
    expect(hello.invalidUtf8).toBeUndefined();
    const odd = '{ "jsonrpc" : "2.0",   "id": 7, "method":"x" }';
    c.send({ type: 'send', raw: odd });
    expect((await c.next('message')).text).toBe(odd);

    c.send({ type: 'close' });
    expect(await c.next('close')).toMatchObject({ code: 0, signal: null, reason: 'Stopped by mcpscope.', stderrTail: ['echo server ready'] });
    c.send({ type: 'send', raw: '{}' });
    expect(await c.next('error')).toMatchObject({ code: 'not-open', message: expect.stringMatching(/the server has exited/) });
    c.ws.close();
  });

  it('keeps a byte-order mark, and sends the exact bytes of lines that are not UTF-8 (stdout noise and stderr too)', async () => {
    const c = await session();
    c.send(stdio(process.execPath, [fixture('byte-server.mjs')]));
    await c.next('opened');
    c.send({ type: 'send', raw: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    const bom = await c.next('message');
    expect(bom.text.startsWith('\uFEFF{"jsonrpc":"2.0"')).toBe(true);
    expect(bom.invalidUtf8).toBeUndefined();
    const noise = await c.next('noise');
    expect(noise).toMatchObject({ text: 'caf\ufffd!', invalidUtf8: true, bytes: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x21]).toString('base64') });
    const stderr = await c.next('stderr');
    expect(stderr).toMatchObject({ line: 'warn: bad byte \ufffd', invalidUtf8: true });
    expect(Buffer.from(stderr.bytes ?? '', 'base64')).toEqual(Buffer.concat([Buffer.from('warn: bad byte '), Buffer.from([0xff])]));
    c.ws.close();
  });

  it('reports the exit code and stderr tail of a crashing server', async () => {
    const c = await session();
    c.send(stdio(process.execPath, [fixture('exit-code.mjs')]));
    await c.next('opened');
    expect(await c.next('close')).toMatchObject({
      code: 3,
      signal: null,
      reason: 'The server exited with code 3.',
      stderrTail: ['loading config', 'fatal: no API key', 'bye'],
    });
    c.ws.close();
  });
});

describe('envelope errors', () => {
  it('answers bad envelopes and keeps the socket open', async () => {
    const c = await session();
    c.send('not json');
    expect(await c.next('error')).toMatchObject({ code: 'bad-envelope', message: expect.stringMatching(/^Bad envelope: envelope is not JSON/) });
    c.send({ type: 'launch-missiles' });
    expect(await c.next('error')).toMatchObject({ code: 'bad-envelope', message: expect.stringMatching(/unknown envelope type/) });
    c.send({ type: 'open', transport: { kind: 'stdio', command: '', args: [] } });
    expect(await c.next('error')).toMatchObject({ code: 'bad-envelope', message: expect.stringMatching(/command/) });
    c.ws.send(Buffer.from('{"type":"close"}'), { binary: true });
    expect(await c.next('error')).toMatchObject({ code: 'bad-envelope', message: expect.stringMatching(/binary/) });
    expect(c.ws.readyState).toBe(c.ws.OPEN);

    c.send({ type: 'send', raw: '{}' });
    expect(await c.next('error')).toMatchObject({ code: 'not-open', message: expect.stringMatching(/no server is running yet/) });
    c.ws.close();
  });

  it('reports a failed spawn, allows a corrected retry, then refuses a second open', async () => {
    const c = await session();
    c.send(stdio('mcpscope-no-such-command-xyz', []));
    expect(await c.next('error')).toMatchObject({
      code: 'spawn-failed',
      message: 'Command not found: "mcpscope-no-such-command-xyz". Check the Command field: it must be a program on PATH or a path to one.',
    });
    c.send(stdio(process.execPath, [fixture('stubborn.mjs')]));
    const { pid } = await c.next('opened');
    c.send(stdio(process.execPath, [fixture('stubborn.mjs')]));
    expect(await c.next('error')).toMatchObject({ code: 'already-open' });
    expect(c.received.filter((e) => e.type === 'opened')).toEqual([]);
    c.ws.close();
    await waitFor(() => pidGone(pid), 5000, `stubborn server ${pid} to be killed`);
  });
});
