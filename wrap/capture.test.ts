// What mcpscope wrap records: a capture the page's Import opens (read here
// through that very code), with each side's frames, noise, exact bytes, stderr
// and the exit; secrets masked; and when the capture cannot be written, the
// session goes on unchanged and the wrapper says so once.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../src/app/features/log/log-file.js';
import { MIB_LINE, builtWrap, runWrap, scratch, scriptedSession } from '../test/fixtures/wrap-helpers.js';
import { requireBuilt } from '../test/fixtures/proxy-helpers.js';

beforeAll(() => requireBuilt(builtWrap));

async function imported(path: string) {
  const opened = await readLogFile(new File([readFileSync(path)], 'capture.jsonl'));
  if (!opened.ok) throw new Error(opened.error);
  return opened.log;
}

const base64 = (...bytes: Array<string | number[]>) => Buffer.concat(bytes.map((p) => Buffer.from(p as string))).toString('base64');

describe('the capture', () => {
  it("opens with the page's Import: every line of each side, classified, with noise, exact bytes and the exit", async () => {
    const dir = scratch();
    const file = join(dir, 'session.jsonl');
    const { exit, unchanged } = await scriptedSession(['--capture', file, '--name', 'scripted'], dir);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(unchanged).toBe(true);

    const log = await imported(file);
    expect(log.problems).toEqual([]);
    expect(log.header.server).toMatchObject({ name: 'scripted' });
    const seen = (direction: string, note?: string) =>
      log.entries
        .filter((e) => e.direction === direction && (note === undefined || e.note?.includes(note)))
        .map((e) => ({ kind: e.kind, method: e.method, id: e.id, raw: e.raw.length > 200 ? `${e.raw.slice(0, 40)}…` : e.raw, bytes: e.bytes }));
    const big = `${MIB_LINE.toString().slice(0, 40)}…`;
    expect(seen('out')).toEqual([
      { kind: 'request', method: 'ping', id: 1, raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
      { kind: 'request', method: 'ping', id: 2, raw: '{"jsonrpc":"2.0","id":2,"method":"ping"}' },
      { kind: 'invalid', raw: '\uFEFF{"jsonrpc":"2.0","method":"notifications/initialized"}' },
      { kind: 'notification', method: 'big', raw: big },
      { kind: 'notification', method: 'last', raw: '{"jsonrpc":"2.0","method":"last"}' },
    ]);
    expect(seen('in')).toEqual([
      { kind: 'response', id: 1, raw: '{"jsonrpc":"2.0","id":1,"result":{}}' },
      { kind: 'notification', method: 'notifications/message', raw: '{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"café split"}}' },
      { kind: 'invalid', raw: '\uFEFF{"jsonrpc":"2.0","method":"after-bom"}' },
      { kind: 'response', id: 2, raw: '{"jsonrpc":"2.0","id":2,"result":{}}' },
      { kind: 'notification', method: 'big', raw: big },
    ]);
    expect(seen('noise', 'by the host')).toEqual([
      { kind: 'noise', raw: 'not json from the host \uFFFD\uFFFD', bytes: base64('not json from the host ', [0xff, 0xfe]) },
    ]);
    expect(seen('noise').filter((e) => !e.raw.startsWith('not json from the host'))).toEqual([
      { kind: 'noise', raw: 'caf\uFFFD!', bytes: base64('caf', [0xe9], '!') },
      { kind: 'noise', raw: 'Server listening on stdio' },
      { kind: 'noise', raw: 'tail without newline' },
    ]);
    const system = log.entries.filter((e) => e.direction === 'system').map((e) => e.raw);
    expect(system[0]).toMatch(/^Server started \(pid \d+\) by mcpscope wrap\.$/);
    expect(system.at(-1)).toBe('The server exited with code 0.');
    expect(log.entries.find((e) => e.kind === 'invalid' && e.direction === 'in')?.note).toMatch(/byte-order mark/);
    // In order: seq 1, 2, 3 … and time never going back.
    expect(log.entries.map((e) => e.seq)).toEqual(log.entries.map((_e, i) => i + 1));
    expect(log.entries.every((e, i) => i === 0 || e.t >= log.entries[i - 1]!.t)).toBe(true);
  });

  it('is a new 0600 file per run in a 0700 folder of the config directory, named after --name', async () => {
    const { dir, unchanged } = await scriptedSession(['--name', 'my server']);
    expect(unchanged).toBe(true);
    const folder = join(dir, 'mcpscope', 'captures');
    const files = readdirSync(folder);
    expect(files).toEqual([expect.stringMatching(/^my-server-\d{4}-\d\d-\d\d-\d{6}-\d+\.jsonl$/)]);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, files[0]!)).mode & 0o777).toBe(0o600);
    expect((await imported(join(folder, files[0]!))).problems).toEqual([]);
  });

  it('never replaces a capture: a second session with the same --capture is recorded beside it, and says where', async () => {
    const dir = scratch();
    const file = join(dir, 'same.jsonl');
    const echo = async (frame: string) => {
      const run = runWrap(['--capture', file, '--', process.execPath, '-e', 'process.stdin.pipe(process.stdout)'], dir);
      run.child.stdin.end(frame);
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(run.stdout().toString()).toBe(frame);
      return run;
    };
    expect((await echo('{"jsonrpc":"2.0","method":"first"}\n')).stderr()).toBe('');
    const second = await echo('{"jsonrpc":"2.0","method":"second"}\n');
    const beside = join(dir, `same-${second.child.pid}.jsonl`);
    expect(second.stderr()).toBe(`mcpscope wrap: ${file} is already there, so this session is recorded in ${beside}.\n`);
    expect((await imported(file)).entries.filter((e) => e.direction === 'out').map((e) => e.method)).toEqual(['first']);
    expect((await imported(beside)).entries.filter((e) => e.direction === 'out').map((e) => e.method)).toEqual(['second']);
  });

  it('masks credentials in frames, stderr and the command line', async () => {
    const dir = scratch();
    const file = join(dir, 'c.jsonl');
    const server = 'process.stderr.write("calling with Authorization: Bearer sk-live-0123456789\\n"); process.stdin.pipe(process.stdout)';
    const run = runWrap(['--capture', file, '--', process.execPath, '-e', server, '--', '--token=Bearer abcdefgh12345'], dir);
    const frame = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch","arguments":{"header":"Bearer tok-0123456789abcdef"}}}\n';
    run.child.stdin.end(frame);
    expect((await run.exited).code).toBe(0);
    expect(run.stdout().toString()).toBe(frame);
    const text = readFileSync(file, 'utf8');
    for (const secret of ['sk-live-0123456789', 'tok-0123456789abcdef', 'abcdefgh12345']) expect(text).not.toContain(secret);
    const log = await imported(file);
    expect(log.entries.find((e) => e.direction === 'stderr')?.raw).toBe('calling with Authorization: Bearer •••• (18 characters hidden)');
    expect(log.entries.find((e) => e.direction === 'out')).toMatchObject({ kind: 'request', method: 'tools/call', note: expect.stringMatching(/masked/) });
  });
});

describe('when the capture cannot be written', () => {
  it.each([
    ['a read-only place', '/sys/mcpscope-capture.jsonl', /^mcpscope wrap: cannot record to \/sys\/mcpscope-capture\.jsonl: permission denied/],
    ['a directory', '', /^mcpscope wrap: cannot record to .+: it is a directory/],
    ['a full disk', '/dev/full', /^mcpscope wrap: cannot record to \/dev\/full: the disk is full\. The session goes on; it is not recorded\.$/],
  ])('on %s, the session is unchanged and stderr says so in one line', async (_what, path, line) => {
    const dir = scratch();
    const { exit, unchanged, run } = await scriptedSession(['--capture', path || dir], dir);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(unchanged).toBe(true);
    const said = run.stderr().split('\n').filter(Boolean);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(line);
  });
});
