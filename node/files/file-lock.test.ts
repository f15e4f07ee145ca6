import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addServer, type ServersDocument } from '../../src/protocol/wire.js';
import { newServerId, ServersFile } from '../servers/servers-file.js';
import { FileLockBusy, withFileLock } from './file-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const add = (name: string) => (list: ServersDocument) =>
  addServer(
    list,
    { name, transport: { kind: 'stdio', command: 'node', args: [], env: {} }, secretKeys: [] },
    { now: '2026-01-01T00:00:00.000Z', newId: newServerId, config: [] },
  );

describe('withFileLock', () => {
  it('keeps two writers of one servers.json (as two processes are) from losing each other’s changes', async () => {
    const file = join(dir, 'servers.json');
    // Each ServersFile queues only its own changes, as each process does.
    const a = new ServersFile(file);
    const b = new ServersFile(file);
    const names = Array.from({ length: 10 }, (_, i) => i);
    const outcomes = await Promise.all(names.flatMap((i) => [a.update(add(`a ${i}`)), b.update(add(`b ${i}`))]));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const read = await a.read();
    expect(read.ok && read.list.servers.length).toBe(20);
    expect(await readdir(dir)).toEqual(['servers.json']);
  });

  it('takes over a lock left by a process that is gone, and one older than any change', async () => {
    const file = join(dir, 'servers.json');
    await writeFile(`${file}.lock`, '999999999', { mode: 0o600 });
    expect(await withFileLock(file, async () => 'ran', { alive: () => false })).toBe('ran');
    await writeFile(`${file}.lock`, '4242', { mode: 0o600 });
    const old = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock`, old, old);
    expect(await withFileLock(file, async () => 'ran again', { alive: () => true })).toBe('ran again');
    expect(await readdir(dir)).toEqual([]);
  });

  it('waits for a live holder, then refuses with a sentence naming it; the list says nothing was changed', async () => {
    const file = join(dir, 'servers.json');
    await writeFile(`${file}.lock`, '4242', { mode: 0o600 });
    const options = { waitMs: 100, alive: (pid: number) => pid === 4242 };
    await expect(withFileLock(file, async () => 'ran', options)).rejects.toThrow(FileLockBusy);
    await expect(withFileLock(file, async () => 'ran', options)).rejects.toThrow(
      /being changed by another mcpscope process \(pid 4242\).*remove .*servers\.json\.lock/,
    );
    const outcome = await new ServersFile(file, options).update(add('x'));
    expect(outcome).toMatchObject({ ok: false, reason: 'busy', error: expect.stringMatching(/^Nothing was changed: .*pid 4242/) });
  });

  it('lets go of the lock when the change fails', async () => {
    const file = join(dir, 'servers.json');
    await expect(withFileLock(file, async () => Promise.reject(new Error('disk')))).rejects.toThrow('disk');
    expect(await readdir(dir)).toEqual([]);
  });
});
