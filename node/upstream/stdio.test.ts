import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { delay, fixture, pidGone, waitFor } from '../../test/fixtures/proxy-helpers.js';
import { serverEnvironment } from './environment.js';
import { createStdioUpstream, exitReason, type StdioUpstreamOptions } from './stdio.js';
import type { Upstream, UpstreamEvent } from './types.js';

type CloseEvent = Extract<UpstreamEvent, { type: 'close' }>;

interface Harness {
  upstream: Upstream;
  events: UpstreamEvent[];
  closed: Promise<CloseEvent>;
  nextMessage(): Promise<string>;
}

const running: Upstream[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((u) => u.shutdown()));
});

function harness(command: string, args: string[], options: StdioUpstreamOptions = {}, cwd?: string): Harness {
  const events: UpstreamEvent[] = [];
  let onEvent = (): void => {};
  let resolveClosed!: (e: CloseEvent) => void;
  const closed = new Promise<CloseEvent>((r) => (resolveClosed = r));
  const upstream = createStdioUpstream(
    { kind: 'stdio', command, args, env: {}, ...(cwd ? { cwd } : {}) },
    (e) => {
      events.push(e);
      if (e.type === 'close') resolveClosed(e);
      onEvent();
    },
    options,
  );
  running.push(upstream);
  let read = 0;
  const nextMessage = (): Promise<string> =>
    new Promise((resolve) => {
      onEvent = () => {
        for (; read < events.length; read++) {
          const e = events[read]!;
          if (e.type === 'message') {
            read++;
            onEvent = () => {};
            resolve(e.text);
            return;
          }
        }
      };
      onEvent();
    });
  return { upstream, events, closed, nextMessage };
}

const node = process.execPath;

describe('stdio upstream', () => {
  it('says clearly when the command does not exist', async () => {
    const h = harness('mcpscope-no-such-command-xyz', []);
    await expect(h.upstream.start()).rejects.toThrow(
      'Command not found: "mcpscope-no-such-command-xyz". Check the Command field: it must be a program on PATH or a path to one.',
    );
    await h.upstream.shutdown(); // nothing to stop, must not hang
    expect(h.events).toEqual([]);
  });

  it('says when the file is not executable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-'));
    const script = join(dir, 'server.sh');
    writeFileSync(script, '#!/bin/sh\necho hi\n', { mode: 0o644 });
    try {
      await expect(harness(script, []).upstream.start()).rejects.toThrow(/Permission denied: ".*server\.sh" is not executable/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('says when the working directory does not exist', async () => {
    const h = harness(node, ['-e', '0'], {}, '/no/such/dir/mcpscope');
    await expect(h.upstream.start()).rejects.toThrow('The working directory "/no/such/dir/mcpscope" does not exist.');
  });

  it('keeps a byte-order mark, and the exact bytes of lines that are not UTF-8, on stdout and stderr', async () => {
    const h = harness(node, [fixture('byte-server.mjs')]);
    await h.upstream.start();
    await h.upstream.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    await waitFor(() => h.events.filter((e) => e.type !== 'message').length >= 2 && h.events.length >= 3, 5000, 'three lines');
    const bytes = (...parts: Array<string | number[]>) => Uint8Array.from(Buffer.concat(parts.map((p) => Buffer.from(p as string))));
    expect(h.events.find((e) => e.type === 'message')).toEqual({
      type: 'message',
      text: '\uFEFF{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"after a BOM"}}',
      invalidUtf8: false,
    });
    expect(h.events).toContainEqual({ type: 'noise', text: 'caf\ufffd!', invalidUtf8: true, bytes: bytes('caf', [0xe9], '!') });
    expect(h.events).toContainEqual({ type: 'stderr', line: 'warn: bad byte \ufffd', invalidUtf8: true, bytes: bytes('warn: bad byte ', [0xff]) });
  });

  it('reports stdout noise, invalid UTF-8 and messages, and echoes what is sent', async () => {
    const h = harness(node, [fixture('echo-server.mjs')]);
    const { pid } = await h.upstream.start();
    expect(pid).toBeGreaterThan(0);
    expect(await h.nextMessage()).toBe('{"b":"\ufffd"}');
    expect(await h.nextMessage()).toBe('{"jsonrpc":"2.0","method":"notifications/hello"}');
    await h.upstream.send('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(await h.nextMessage()).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(h.events.slice(0, 2)).toEqual([
      { type: 'noise', text: 'starting echo server (this line is not JSON)', invalidUtf8: false },
      { type: 'message', text: '{"b":"\ufffd"}', invalidUtf8: true, bytes: Uint8Array.from(Buffer.from('{"b":"\xff"}', 'latin1')) },
    ]);
    await waitFor(() => h.events.some((e) => e.type === 'stderr'), 5000, 'stderr');
    expect(h.events).toContainEqual({ type: 'stderr', line: 'echo server ready', invalidUtf8: false });
    await h.upstream.shutdown();
    const close = await h.closed;
    expect(close).toMatchObject({ code: 0, signal: null, reason: 'Stopped by mcpscope.', stderrTail: ['echo server ready'] });
    expect(h.events.at(-1)).toBe(close);
  });

  it('reports an exit with code 3 and the stderr tail, and refuses to send afterwards', async () => {
    const h = harness(node, [fixture('exit-code.mjs')]);
    await h.upstream.start();
    const close = await h.closed;
    expect(close).toEqual({
      type: 'close',
      code: 3,
      signal: null,
      reason: 'The server exited with code 3.',
      stderrTail: ['loading config', 'fatal: no API key', 'bye'],
    });
    await expect(h.upstream.send('{}')).rejects.toThrow(/not running/);
  });

  it('keeps only the last 20 stderr lines', async () => {
    const h = harness(node, ['-e', 'for (let i = 0; i < 30; i++) console.error("line " + i)']);
    await h.upstream.start();
    const close = await h.closed;
    expect(close.stderrTail).toHaveLength(20);
    expect(close.stderrTail[0]).toBe('line 10');
    expect(close.stderrTail[19]).toBe('line 29');
    expect(close.reason).toBe('The server exited normally (code 0).');
  });

  it('bounds what a hostile stderr can make it hold: long lines cut in the tail, huge ones skipped', async () => {
    const script = 'process.stderr.write("x".repeat(5000) + "\\n"); process.stderr.write("\\u0001".repeat(3 * 1024 * 1024) + "\\n"); process.exitCode = 2';
    const h = harness(node, ['-e', script]);
    await h.upstream.start();
    const close = await h.closed;
    expect(close.code).toBe(2);
    expect(close.stderrTail[0]).toMatch(/^x{2000}… \(3000 more characters\)$/);
    expect(close.stderrTail[1]).toMatch(/a stderr line of \d+ bytes was skipped: over the limit/);
    const forwarded = h.events.flatMap((e) => (e.type === 'stderr' ? [e.line.length] : []));
    expect(Math.max(...forwarded)).toBeLessThanOrEqual(1024 * 1024);
  });

  it('survives writes racing the exit (EPIPE)', async () => {
    const h = harness(node, ['-e', 'process.exit(0)']);
    await h.upstream.start();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) writes.push(h.upstream.send('x'.repeat(10_000)).catch(() => {}));
    await Promise.all(writes);
    await h.closed;
  });

  it('shuts down a server that ignores stdin closing and SIGTERM, within the grace periods', async () => {
    const grace = 300;
    const h = harness(node, [fixture('stubborn.mjs')], { graceMs: grace });
    const { pid } = await h.upstream.start();
    await h.nextMessage(); // its SIGTERM handler is installed
    const started = Date.now();
    await h.upstream.shutdown();
    const elapsed = Date.now() - started;
    expect(await h.closed).toMatchObject({ signal: 'SIGKILL', reason: 'Stopped by mcpscope.' });
    expect(h.events).toContainEqual({ type: 'stderr', line: 'ignoring SIGTERM', invalidUtf8: false });
    expect(pidGone(pid)).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(2 * grace - 50);
    expect(elapsed).toBeLessThan(2 * grace + 2000);
  });

  it('kills a grandchild that holds the pipes and ignores SIGTERM', async () => {
    const h = harness(node, [fixture('grandchild.mjs')], { graceMs: 300 });
    const { pid } = await h.upstream.start();
    const { grandchild } = JSON.parse(await h.nextMessage()) as { grandchild: number };
    await delay(200); // let the grandchild install its SIGTERM handler
    expect(pidGone(grandchild)).toBe(false);
    await h.upstream.shutdown();
    expect((await h.closed).reason).toBe('Stopped by mcpscope.');
    expect(pidGone(pid)).toBe(true);
    await waitFor(() => pidGone(grandchild), 3000, `grandchild ${grandchild} to be gone`);
  });

  it('cleans up leftover children when the server exits by itself', async () => {
    const code = `const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' });
      console.log(JSON.stringify({ grandchild: c.pid })); setTimeout(() => process.exit(1), 100);`;
    const h = harness(node, ['-e', code], { graceMs: 300 });
    await h.upstream.start();
    const { grandchild } = JSON.parse(await h.nextMessage()) as { grandchild: number };
    expect((await h.closed).reason).toBe('The server exited with code 1.');
    await waitFor(() => pidGone(grandchild), 3000, `grandchild ${grandchild} to be gone`);
  });
});

describe('stdio upstream: reading paused when the server exits', () => {
  // Node resumes a child's paused stdout/stderr when it exits (child_process flushStdio), so the
  // last output reaches the bridge (which holds it within its limits) before the pipes' deadline.
  it('loses nothing the server wrote last, however long the pause lasts, and closes after it', async () => {
    const script =
      'setTimeout(() => { process.stdout.write(\'{"jsonrpc":"2.0","method":"last"}\\n\'); process.stderr.write("last stderr\\n"); process.exit(3); }, 300)';
    const h = harness(node, ['-e', script]);
    const { pid } = await h.upstream.start();
    h.upstream.pauseReading!();
    await waitFor(() => pidGone(pid), 5000, 'the server to exit');
    await delay(1500); // well past the 500 ms the pipes are given to drain
    h.upstream.resumeReading!();
    expect((await h.closed).code).toBe(3);
    expect(h.events.map((e) => (e.type === 'message' ? e.text : e.type === 'stderr' ? e.line : e.type))).toEqual([
      '{"jsonrpc":"2.0","method":"last"}',
      'last stderr',
      'close',
    ]);
  });
});

describe('exitReason', () => {
  it('says what happened', () => {
    expect(exitReason(1, null, false)).toBe('The server exited with code 1.');
    expect(exitReason(0, null, false)).toBe('The server exited normally (code 0).');
    expect(exitReason(null, 'SIGKILL', false)).toBe('The server was killed by signal SIGKILL.');
    expect(exitReason(null, 'SIGKILL', true)).toBe('Stopped by mcpscope.');
  });
});

describe('serverEnvironment', () => {
  it('passes a safe default set plus the user entries, nothing else', () => {
    const base = { PATH: '/bin', HOME: '/home/me', AWS_SECRET_ACCESS_KEY: 'x', MCPSCOPE_TOKEN: 't', BASH_FUNC: '() { :; }', TERM: '() { x; }' };
    expect(serverEnvironment({ API_KEY: 'k', PATH: '/opt/bin' }, base, 'linux')).toEqual({ PATH: '/opt/bin', HOME: '/home/me', API_KEY: 'k' });
    expect(serverEnvironment({}, { SYSTEMROOT: 'C:\\Windows', HOME: '/x' }, 'win32')).toEqual({ SYSTEMROOT: 'C:\\Windows' });
  });
});
