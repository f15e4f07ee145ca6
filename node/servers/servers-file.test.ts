import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addServer, type EditContext, type ServersDocument } from '../../src/protocol/wire.js';
import { defaultServersFile, newServerId, readServersFile, readServersFileSync, ServersFile } from './servers-file.js';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-servers-'));
  file = join(dir, 'mcpscope', 'servers.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ctx: EditContext = { now: '2026-01-01T00:00:00.000Z', newId: newServerId, config: [] };
const entry = (name: string) => ({ name, transport: { kind: 'stdio', command: 'node', args: [], env: { API_KEY: 'k-1' } }, secretKeys: [] });
const add = (name: string) => (list: ServersDocument) => addServer(list, entry(name), ctx);

describe('ServersFile', () => {
  it('starts empty, writes 0600 in a 0700 folder, and reads back what it wrote', async () => {
    const store = new ServersFile(file);
    expect(await store.read()).toEqual({ ok: true, list: { servers: [], recent: [], unread: [] }, notes: [] });
    const added = await store.update(add('demo'));
    expect(added).toMatchObject({ ok: true, value: { entry: { name: 'demo' }, source: 'saved' } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'mcpscope'))).mode & 0o777).toBe(0o700);
    const again = await new ServersFile(file).read();
    expect(again.ok && again.list.servers.map((s) => s.entry.name)).toEqual(['demo']);
    expect(await readdir(join(dir, 'mcpscope'))).toEqual(['servers.json']);
  });

  it('serializes concurrent changes: none is lost', async () => {
    const store = new ServersFile(file);
    const names = Array.from({ length: 12 }, (_, i) => `server ${i}`);
    const outcomes = await Promise.all(names.map((n) => store.update(add(n))));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const read = await store.read();
    expect(read.ok && read.list.servers.map((s) => s.entry.name).sort()).toEqual([...names].sort());
  });

  it('ignores a half-written temporary file a crash left beside it', async () => {
    const store = new ServersFile(file);
    await store.update(add('demo'));
    await writeFile(join(dir, 'mcpscope', '.servers-999-abc.tmp'), '{"version": 1, "servers": [{"id": "s-x", "en', { mode: 0o600 });
    const read = await store.read();
    expect(read.ok && read.list.servers.map((s) => s.entry.name)).toEqual(['demo']);
    expect(await store.update(add('more'))).toMatchObject({ ok: true });
  });

  it('names a corrupt file, refuses every change, and leaves it byte for byte until a reset moves it aside', async () => {
    await mkdir(join(dir, 'mcpscope'), { mode: 0o700 });
    const corrupt = '{"version": 1, "servers": [ oops\n';
    await writeFile(file, corrupt, { mode: 0o600 });
    const store = new ServersFile(file);
    const read = await store.read();
    expect(read).toEqual({
      ok: false,
      problem: expect.stringMatching(/^The server list .*servers\.json is not valid JSON \(.*\): it was left untouched; fix it, or reset the list/),
    });
    expect(await store.update(add('demo'))).toEqual({ ok: false, reason: 'broken', error: expect.stringMatching(/^Nothing was changed: The server list/) });
    expect(await readFile(file, 'utf8')).toBe(corrupt);
    const aside = await store.reset(new Date('2026-02-03T04:05:06.789Z'));
    expect(aside).toBe(`${file}.broken-2026-02-03T04-05-06-789Z`);
    expect(await readFile(aside!, 'utf8')).toBe(corrupt);
    expect(await store.update(add('demo'))).toMatchObject({ ok: true });
  });

  it('refuses an unknown version without touching it', async () => {
    await mkdir(join(dir, 'mcpscope'), { mode: 0o700 });
    await writeFile(file, '{"version": 7, "servers": []}', { mode: 0o600 });
    expect(await readServersFile(file)).toEqual({ ok: false, problem: expect.stringContaining('is of version 7, which this mcpscope cannot read') });
  });

  it('refuses a file others can read, a symbolic link, and a FIFO without hanging', async () => {
    await mkdir(join(dir, 'mcpscope'), { mode: 0o700 });
    await writeFile(file, '{"version": 1, "servers": []}');
    await chmod(file, 0o644);
    expect(await readServersFile(file)).toEqual({ ok: false, problem: expect.stringMatching(/can be read by other users \(mode 644\).*chmod 600/) });
    await rm(file);
    await writeFile(join(dir, 'elsewhere.json'), '{"version": 1, "servers": []}', { mode: 0o600 });
    await symlink(join(dir, 'elsewhere.json'), file);
    expect(await readServersFile(file)).toEqual({ ok: false, problem: expect.stringContaining('is not a regular file (it is a symbolic link)') });
    await rm(file);
    execFileSync('mkfifo', [file]);
    expect(await readServersFile(file)).toEqual({ ok: false, problem: expect.stringContaining('is not a regular file (it is a FIFO, a named pipe)') });
    expect(readServersFileSync(file)).toEqual({ ok: false, problem: expect.stringContaining('(it is a FIFO, a named pipe)') });
    expect(await new ServersFile(file).update(add('demo'))).toMatchObject({ ok: false, reason: 'broken' });
  });

  it('lives beside credentials.json', () => {
    expect(defaultServersFile({ XDG_CONFIG_HOME: '/xdg' }, '/home/u')).toBe('/xdg/mcpscope/servers.json');
    expect(defaultServersFile({}, '/home/u')).toBe('/home/u/.config/mcpscope/servers.json');
  });
});
