// `mcpscope wrap --to` as a host starts it (the build): where to point the
// host on stderr, a port in use or a bad --to as one sentence and an exit
// code, a non-loopback --listen said, and SIGTERM ending it with the capture whole.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../src/app/features/log/log-file.js';
import { requireBuilt, waitFor } from '../test/fixtures/proxy-helpers.js';
import { builtWrap, runWrap, scratch } from '../test/fixtures/wrap-helpers.js';

beforeAll(() => requireBuilt(builtWrap));

describe('mcpscope wrap --to', () => {
  it('says where to point the host, forwards, and on SIGTERM leaves a capture Import opens', async () => {
    const dir = scratch();
    const capture = join(dir, 'c.jsonl');
    const run = runWrap(['--to', 'http://127.0.0.1:1/mcp', '--capture', capture], dir);
    await waitFor(() => run.stderr().includes('point the host at'), 20_000, 'the ready line');
    const url = /point the host at (\S+) /.exec(run.stderr())![1]!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: 'Bearer cli-secret-0123456789' },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(res.status).toBe(502);
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stderr().split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^mcpscope wrap: point the host at http:\/\/127\.0\.0\.1:\d+\/ — each request goes to http:\/\/127\.0\.0\.1:1\/mcp/),
      'mcpscope wrap: could not reach http://127.0.0.1:1: the connection was refused (nothing is listening there). Check that the server is running and that --to is right.',
    ]);
    expect(run.stdout().length).toBe(0);
    const text = readFileSync(capture, 'utf8');
    expect(text).not.toContain('cli-secret-0123456789');
    const opened = await readLogFile(new File([text], 'c.jsonl'));
    if (!opened.ok) throw new Error(opened.error);
    expect(opened.log.problems).toEqual([]);
    expect(opened.log.entries.map((e) => [e.direction, e.kind, e.method])).toEqual([
      ['system', 'system', undefined],
      ['out', 'request', 'ping'],
      ['system', 'http', undefined],
      ['system', 'system', undefined],
    ]);
    expect(opened.log.entries.at(-1)!.raw).toBe('Stopped by SIGTERM.');
  }, 40_000);

  it('on SIGTERM with a stream open, ends it and records it, saying nothing more', async () => {
    const upstream = createHttpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const dir = scratch();
      const capture = join(dir, 'c.jsonl');
      const to = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/mcp`;
      const run = runWrap(['--to', to, '--capture', capture], dir);
      await waitFor(() => run.stderr().includes('point the host at'), 20_000, 'the ready line');
      const url = /point the host at (\S+) /.exec(run.stderr())![1]!;
      const stream = await fetch(url, { headers: { Accept: 'text/event-stream' } });
      const reader = stream.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('list_changed');
      run.child.kill('SIGTERM');
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(run.stderr().split('\n').filter(Boolean)).toHaveLength(1);
      const opened = await readLogFile(new File([readFileSync(capture)], 'c.jsonl'));
      if (!opened.ok) throw new Error(opened.error);
      expect(opened.log.entries.filter((e) => e.kind !== 'system').map((e) => [e.kind, e.method ?? e.raw.replace(/ · [\d.]+ ms/, '')])).toEqual([
        ['http', 'GET /mcp → 200 text/event-stream · stream open'],
        ['notification', 'notifications/tools/list_changed'],
        ['http', expect.stringMatching(/^GET \/mcp → 200 text\/event-stream · \d+ B · ended as mcpscope wrap stopped$/)],
      ]);
    } finally {
      upstream.closeAllConnections();
      upstream.close();
    }
  }, 40_000);

  it('refuses a port in use with one sentence and exit code 1', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const dir = scratch();
      const run = runWrap(['--listen', `127.0.0.1:${port}`, '--to', 'http://127.0.0.1:1/', '--capture', join(dir, 'c.jsonl')], dir);
      expect(await run.exited).toEqual({ code: 1, signal: null });
      expect(run.stderr()).toBe(
        `mcpscope wrap: Cannot listen on 127.0.0.1:${port}: the port is in use. Choose another with --listen (port 0 picks a free one).\n`,
      );
    } finally {
      busy.close();
    }
  }, 40_000);

  it('refuses a --to that is not an http(s) URL with one sentence and exit code 2', async () => {
    const dir = scratch();
    const run = runWrap(['--to', 'ws://127.0.0.1:1/mcp'], dir);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.stderr()).toBe('mcpscope wrap: --to: The URL must start with http:// or https://, not ws://.\n');
  }, 40_000);

  it('says so when it listens beyond loopback', async () => {
    const dir = scratch();
    const run = runWrap(['--listen', '0.0.0.0:0', '--to', 'http://127.0.0.1:1/mcp', '--capture', join(dir, 'c.jsonl')], dir);
    await waitFor(() => run.stderr().includes('point the host at'), 20_000, 'the ready line');
    run.child.kill('SIGTERM');
    await run.exited;
    expect(run.stderr()).toContain('mcpscope wrap: listening on 0.0.0.0, not on loopback: anyone on that network can reach http://127.0.0.1:1 through it.\n');
  }, 40_000);
});
