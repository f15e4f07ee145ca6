// The passthrough as a host runs it (the built bin/mcpscope.js wrap): every byte
// either side writes reaches the other unchanged, and the server's ending is the
// wrapper's.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_CHUNKS, builtWrap, fixture, runWrap, scratch, scriptedSession, writeScript } from '../test/fixtures/wrap-helpers.js';
import { requireBuilt, waitFor } from '../test/fixtures/proxy-helpers.js';
import { spawnFailure } from './passthrough.js';

beforeAll(() => requireBuilt(builtWrap));

describe('mcpscope wrap forwards byte for byte', () => {
  it('gives the host exactly what the server wrote, and the server exactly what the host wrote', async () => {
    const { exit, unchanged, run } = await scriptedSession([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(unchanged).toBe(true);
    expect(run.stdout().length).toBe(Buffer.concat(SERVER_CHUNKS).length);
    expect(run.stderr()).toBe('');
  });

  it('passes the server stderr through unchanged', async () => {
    const dir = scratch();
    const run = runWrap(['--', process.execPath, '-e', 'process.stderr.write(Buffer.from([0x77, 0xff, 0x0a, 0x6e]))'], dir);
    run.child.stdin.end();
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stderr()).toBe(Buffer.from([0x77, 0xff, 0x0a, 0x6e]).toString());
    expect(run.stdout().length).toBe(0);
  });
});

describe('mcpscope wrap ends as its server ends', () => {
  it('exits with the code of a server that crashes, after passing on what it wrote', async () => {
    const run = runWrap(['--', process.execPath, '-e', 'process.stdout.write("half a fr"); process.stderr.write("boom\\n"); process.exit(3)'], scratch());
    expect((await run.exited).code).toBe(3);
    expect(run.stdout().toString()).toBe('half a fr');
    expect(run.stderr()).toBe('boom\n');
  });

  it('dies by the signal that killed the server', async () => {
    const run = runWrap(['--', process.execPath, '-e', 'process.kill(process.pid, "SIGKILL")'], scratch());
    expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('ends the server stdin when the host closes its own, and exits with the code the server chose', async () => {
    const dir = scratch();
    const received = join(dir, 'received.bin');
    const run = runWrap(['--', process.execPath, fixture('scripted-server.mjs'), writeScript(dir, []), received, '7'], dir);
    run.child.stdin.end('{"jsonrpc":"2.0","method":"bye"}\n');
    expect(await run.exited).toEqual({ code: 7, signal: null });
    expect(readFileSync(received, 'utf8')).toBe('{"jsonrpc":"2.0","method":"bye"}\n');
  });

  it("makes the server's next write fail when the host stops reading, as it would without the wrapper", async () => {
    const server =
      'process.stdout.on("error", (e) => { process.stderr.write(e.code + "\\n"); process.exit(5); }); setInterval(() => process.stdout.write("x\\n"), 5); process.stdin.resume()';
    const run = runWrap(['--', process.execPath, '-e', server], scratch());
    await waitFor(() => run.stdout().length > 0, 10_000, 'the server to write');
    run.child.stdout.destroy();
    expect(await run.exited).toEqual({ code: 5, signal: null });
    expect(run.stderr()).toBe('EPIPE\n');
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('passes %s on to the server, once', async (signal) => {
    const run = runWrap(
      [
        '--',
        process.execPath,
        '-e',
        `let n = 0; process.on("${signal}", () => { if (++n === 1) setTimeout(() => process.exit(40 + n), 200); }); process.stdin.resume(); process.stderr.write("ready\\n")`,
      ],
      scratch(),
    );
    await waitFor(() => run.stderr().includes('ready'), 10_000, 'the server to be ready');
    run.child.kill(signal);
    // 41: the server saw the signal exactly once (a second one would make it 42).
    expect(await run.exited).toEqual({ code: 41, signal: null });
  });

  it('dies by the signal it passed on when the server does', async () => {
    const run = runWrap(['--', process.execPath, fixture('signal-server.mjs')], scratch());
    await waitFor(() => run.stderr().includes('ready'), 10_000, 'the server to be ready');
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: null, signal: 'SIGTERM' });
  });
});

describe('mcpscope wrap with a bad command line', () => {
  it('says a command that does not exist on stderr, writes nothing to stdout and exits 127, as a shell would', async () => {
    const dir = scratch();
    const run = runWrap(['--', '/nonexistent/server', '--flag'], dir);
    expect(await run.exited).toEqual({ code: 127, signal: null });
    expect(run.stderr()).toBe(
      'mcpscope wrap: The command "/nonexistent/server" was not found. Check the command after "--": it must be a program on PATH or a path to one.\n',
    );
    expect(run.stdout().length).toBe(0);
    // The capture says so too.
    const [file] = readdirSync(join(dir, 'mcpscope', 'captures'));
    expect(readFileSync(join(dir, 'mcpscope', 'captures', file!), 'utf8')).toContain('was not found');
  });

  it('exits 126 for a file that cannot be run', () => {
    expect(spawnFailure(Object.assign(new Error('spawn EACCES'), { code: 'EACCES' }), './server.js')).toEqual({
      reason: 'The command "./server.js" cannot be run: permission denied. Make it executable (chmod +x) or run it through its interpreter.',
      code: 126,
    });
  });

  it.each([[['--']], [[]], [['--name', 'x']]])('says in one sentence that %j has nothing to run, and exits 2', async (args) => {
    const run = runWrap(args, scratch());
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.stderr()).toBe('mcpscope wrap: Nothing to run: give the server\'s command after --, e.g. "mcpscope wrap -- node server.js".\n');
    expect(run.stdout().length).toBe(0);
  });

  it('writes its help to stderr, never to stdout', async () => {
    const run = runWrap(['--help'], scratch());
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stderr()).toMatch(/^Usage: mcpscope wrap \[--name NAME\] \[--capture FILE\] -- COMMAND/);
    expect(run.stdout().length).toBe(0);
  });
});
